import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Renders the Markdown of pages, FAQ answers and blog posts (public screens, and the console's preview)
 * as React elements, never as HTML: text from the server is never parsed as markup, so `<script>`,
 * `onerror=` and the like stay visible text. A strict subset: blank-line paragraphs, '#'..'###'
 * headings, '- ' and '1. ' lists, '> ' quotes, ``` code blocks, '---' rules, **bold**, *italic*,
 * `code`, [links](href) and ![images](src). Links go only to http(s), mailto:, tel: or a path of this
 * site; images only come from https or this site; anything else is shown as plain text.
 */
export type Block =
  | { kind: 'h2' | 'h3' | 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'hr' };

const BULLET = /^[-*+]\s+/;
const NUMBERED = /^\d+[.)]\s+/;
const FENCE = /^(`{3,}|~{3,})/;
const RULE = /^([-*_])(\s*\1){2,}$/;
/** Quotes inside quotes deeper than this are read as plain lines. */
const MAX_QUOTE_DEPTH = 3;

export function parseBlocks(source: string, depth = 0): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { kind: 'ul' | 'ol'; items: string[] } | null = null;
  let quote: string[] | null = null;
  let code: { fence: string; lines: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push(list);
    list = null;
    if (quote) blocks.push({ kind: 'quote', blocks: parseBlocks(quote.join('\n'), depth + 1) });
    quote = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (code) {
      if (raw.trim().startsWith(code.fence)) {
        blocks.push({ kind: 'code', text: code.lines.join('\n') });
        code = null;
      } else code.lines.push(raw);
      continue;
    }
    const line = raw.trim();
    const fence = FENCE.exec(line);
    if (!line) {
      flush();
    } else if (fence) {
      flush();
      code = { fence: fence[1]!, lines: [] };
    } else if (line.startsWith('>') && depth < MAX_QUOTE_DEPTH) {
      if (!quote) flush();
      quote ??= [];
      quote.push(line.replace(/^>\s?/, ''));
    } else if (quote && !BULLET.test(line) && !/^#/.test(line)) {
      // a line right after a quote continues it (lazy continuation)
      quote.push(line);
    } else if (/^#{3,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'h3', text: line.replace(/^#{3,6}\s+/, '') });
    } else if (/^#{1,2}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'h2', text: line.replace(/^#{1,2}\s+/, '') });
    } else if (RULE.test(line)) {
      flush();
      blocks.push({ kind: 'hr' });
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const kind = BULLET.test(line) ? 'ul' : 'ol';
      if (paragraph.length || (list && list.kind !== kind)) flush();
      list ??= { kind, items: [] };
      list.items.push(line.replace(kind === 'ul' ? BULLET : NUMBERED, ''));
    } else if (list && /^\s/.test(raw)) {
      // an indented line continues the last list item
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  // an unclosed fence runs to the end
  if (code) blocks.push({ kind: 'code', text: code.lines.join('\n') });
  flush();
  return blocks;
}

/** Characters no address of ours needs, and that browsers read in surprising ways (`/\evil`, tabs in `java\tscript:`). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\\"'<>`]/;

const isLocalPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function isWebUrl(href: string, protocols: string[]) {
  try {
    return protocols.includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/** Where a link may go: a path of this site, http(s), mailto: or tel:; null for anything else (javascript:, data:, …). */
export function safeHref(href: string): { kind: 'local' | 'external'; href: string } | null {
  if (UNSAFE_CHARS.test(href)) return null;
  if (isLocalPath(href)) return { kind: 'local', href };
  if (/^https?:\/\//i.test(href) && isWebUrl(href, ['http:', 'https:'])) return { kind: 'external', href };
  if (/^mailto:[^@]+@[^@]+$/i.test(href) || /^tel:\+?[\d()-]+$/i.test(href)) return { kind: 'external', href };
  return null;
}

/** Where an image may come from: https or a path of this site (uploads); null for anything else. */
export function safeImageSrc(src: string): string | null {
  if (UNSAFE_CHARS.test(src)) return null;
  if (isLocalPath(src)) return src;
  return /^https:\/\//i.test(src) && isWebUrl(src, ['https:']) ? src : null;
}

// `code` | ![alt](src) | [label](href) | **bold** | *italic* | _italic_
const INLINE = /`([^`]+)`|!\[([^\]]*)\]\(([^)\s]+)\)|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}])/gu;
/** Emphasis inside emphasis deeper than this is shown as it was typed. */
const MAX_INLINE_DEPTH = 4;

function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  const safe = safeHref(href);
  if (!safe) return <>{children}</>;
  if (safe.kind === 'local') return <Link to={safe.href}>{children}</Link>;
  return (
    <a href={safe.href} rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function InlineImage({ src, alt }: { src: string; alt: string }) {
  const safe = safeImageSrc(src);
  // an image from elsewhere is not loaded: its description stands in
  if (!safe) return <>{alt}</>;
  return <img src={safe} alt={alt} loading="lazy" className="my-4 inline-block max-w-full rounded-xl" />;
}

/** The inline Markdown of one block as elements; links are not nested in links. */
export function renderInline(text: string, opts: { inLink?: boolean; depth?: number } = {}): ReactNode[] {
  const depth = opts.depth ?? 0;
  if (depth > MAX_INLINE_DEPTH) return [text];
  const inner = (s: string, inLink = opts.inLink) => renderInline(s, { inLink, depth: depth + 1 });
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const [whole, code, alt, src, label, href, bold, star, underscore] = match;
    if (code !== undefined) out.push(<code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">{code}</code>);
    else if (src !== undefined) out.push(<InlineImage key={index} src={src} alt={alt ?? ''} />);
    else if (label !== undefined && href !== undefined)
      out.push(
        opts.inLink ? (
          whole
        ) : (
          <InlineLink key={index} href={href}>
            {inner(label, true)}
          </InlineLink>
        ),
      );
    else if (bold !== undefined) out.push(<strong key={index}>{inner(bold)}</strong>);
    else out.push(<em key={index}>{inner(star ?? underscore ?? '')}</em>);
    last = index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'h2':
      return <h2>{renderInline(block.text)}</h2>;
    case 'h3':
      return <h3>{renderInline(block.text)}</h3>;
    case 'p':
      return <p>{renderInline(block.text)}</p>;
    case 'hr':
      return <hr className="my-6 border-slate-200" />;
    case 'code':
      return (
        <pre className="my-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100">
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote className="my-4 border-l-4 border-brand-200 pl-4 text-slate-700 italic">
          <Blocks blocks={block.blocks} />
        </blockquote>
      );
    default: {
      const List = block.kind;
      return (
        <List>
          {block.items.map((item, j) => (
            <li key={j}>{renderInline(item)}</li>
          ))}
        </List>
      );
    }
  }
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => <BlockView key={i} block={block} />);
}

export function RichText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`prose-parkly ${className}`}>
      <Blocks blocks={parseBlocks(text)} />
    </div>
  );
}
