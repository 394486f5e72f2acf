import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Renders the simple markdown-ish text of pages, FAQ answers and blog posts: paragraphs separated by
 * blank lines, '## ' and '### ' headings, '- ' bullets, '1. ' numbered items, **bold** and
 * [links](/path). It builds React elements only: text from the server is never parsed as HTML.
 */
type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

const BULLET = /^[-*]\s+/;
const NUMBERED = /^\d+[.)]\s+/;

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { kind: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push(list);
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (/^###\s/.test(line)) {
      flush();
      blocks.push({ kind: 'h3', text: line.replace(/^###\s+/, '') });
    } else if (/^#{1,2}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'h2', text: line.replace(/^#{1,2}\s+/, '') });
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
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  if (/^(https?:|mailto:|tel:)/i.test(href)) {
    return (
      <a href={href} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  // any other scheme (javascript:, data:, …) is shown as plain text
  return <>{children}</>;
}

/** **bold** and [text](href) inside one block of text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const [, bold, label, href] = match;
    if (bold !== undefined) out.push(<strong key={index}>{bold}</strong>);
    else if (label !== undefined && href !== undefined)
      out.push(
        <InlineLink key={index} href={href}>
          {label}
        </InlineLink>,
      );
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`prose-parkly ${className}`}>
      {parseBlocks(text).map((block, i) => {
        switch (block.kind) {
          case 'h2':
            return <h2 key={i}>{renderInline(block.text)}</h2>;
          case 'h3':
            return <h3 key={i}>{renderInline(block.text)}</h3>;
          case 'p':
            return <p key={i}>{renderInline(block.text)}</p>;
          default: {
            const List = block.kind;
            return (
              <List key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}
