import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseBlocks, RichText, safeHref, safeImageSrc } from './rich-text';

const html = (text: string) => {
  const router = createMemoryRouter([{ path: '/', element: <RichText text={text} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

/**
 * The elements of the output with their attributes. React escapes '<' in text and '"' in attribute
 * values, so every '<' in the markup opens a real element and every '"' closes a real value.
 */
const elements = (out: string) =>
  [...out.matchAll(/<([a-z0-9]+)([^>]*)>/gi)].map((m) => ({
    tag: m[1]!.toLowerCase(),
    attributes: Object.fromEntries([...m[2]!.matchAll(/\s([^\s=]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!.replaceAll('&amp;', '&')])),
  }));
const ALLOWED_TAGS = ['div', 'h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre', 'blockquote', 'hr', 'a', 'img'];
const ALLOWED_ATTRIBUTES = ['class', 'href', 'src', 'alt', 'rel', 'loading', 'data-discover'];

describe('parseBlocks', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const blocks = parseBlocks('## Title\n\nFirst line\nsecond line\n\n- a\n- b\n1. one\n2. two\n### Small');
    expect(blocks).toEqual([
      { kind: 'h2', text: 'Title' },
      { kind: 'p', text: 'First line second line' },
      { kind: 'ul', items: ['a', 'b'] },
      { kind: 'ol', items: ['one', 'two'] },
      { kind: 'h3', text: 'Small' },
    ]);
  });

  it('joins an indented line to the list item above it', () => {
    expect(parseBlocks('- first\n  continues\n- second')).toEqual([{ kind: 'ul', items: ['first continues', 'second'] }]);
  });

  it('reads fenced code as it is, quotes as blocks, and rules', () => {
    expect(parseBlocks('```\n## not a heading\n\n  <b>x</b>\n```\n> quoted **text**\n> more\n\n---')).toEqual([
      { kind: 'code', text: '## not a heading\n\n  <b>x</b>' },
      { kind: 'quote', blocks: [{ kind: 'p', text: 'quoted **text** more' }] },
      { kind: 'hr' },
    ]);
  });

  it('stops nesting quotes at a sane depth', () => {
    const deep = parseBlocks('>'.repeat(5000) + ' deep');
    expect(JSON.stringify(deep).match(/"quote"/g)).toHaveLength(3);
  });
});

describe('RichText', () => {
  it('renders emphasis, code, quotes, images and safe links as elements', () => {
    const out = html('A **bold**, *italic* and _also_ word, `x < y`, [FAQ](/faq), [mail](mailto:a@b.in), [site](https://parkly.in/a?b=1).\n\n> said\n\n![A bay](/uploads/blogs/x.webp) ![Remote](https://cdn.example.com/a.png)');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>italic</em>');
    expect(out).toContain('<em>also</em>');
    expect(out).toMatch(/<code[^>]*>x &lt; y<\/code>/);
    expect(out).toContain('href="/faq"');
    expect(out).toContain('href="mailto:a@b.in"');
    expect(out).toContain('href="https://parkly.in/a?b=1"');
    expect(out).toContain('<blockquote');
    expect(out).toMatch(/<img src="\/uploads\/blogs\/x.webp" alt="A bay"/);
    expect(out).toMatch(/<img src="https:\/\/cdn.example.com\/a.png" alt="Remote"/);
  });

  it('leaves snake_case words alone', () => {
    expect(html('the page_name and entry_key fields')).not.toContain('<em>');
  });

  it('never turns text into markup or script links', () => {
    const out = html('<img src=x onerror=alert(1)> [click](javascript:alert(1))');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img');
    expect(out).not.toContain('javascript:');
  });

  const HOSTILE = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><a xlink:href="javascript:alert(1)">x</a></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '[a](javascript:alert(1))',
    '[a](JaVaScRiPt:alert(1))',
    '[a](javascript&#58;alert(1))',
    '[a](&#106;avascript:alert(1))',
    '[a](java\tscript:alert(1))',
    '[a](%6Aavascript:alert(1))',
    '[a](vbscript:msgbox(1))',
    '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[a](//evil.example/phish)',
    '[a](/\\evil.example)',
    '[a](https://ok.example/"onmouseover="alert(1))',
    '[a](https://ok.example/<script>)',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '![x](http://insecure.example/a.png)',
    '![x" onerror="alert(1)](/uploads/a.webp)',
    '[![x](javascript:alert(1))](javascript:alert(2))',
    '[**[inner](javascript:alert(1))**](https://ok.example)',
    '**<img src=x onerror=alert(1)>**',
    '`<script>alert(1)</script>`',
    '```\n<script>alert(1)</script>\n```',
    '> <script>alert(1)</script>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '<scr<script>ipt>alert(1)</script>',
    '[a](javascript:alert(1)//https://ok.example)',
  ];

  it.each(HOSTILE)('renders %s inert', (input) => {
    const out = html(input);
    for (const el of elements(out)) {
      expect(ALLOWED_TAGS, `<${el.tag}> in ${out}`).toContain(el.tag);
      for (const [name, value] of Object.entries(el.attributes)) {
        expect(ALLOWED_ATTRIBUTES, `attribute ${name} in ${out}`).toContain(name);
        if (name === 'href' || name === 'src') {
          expect(value, out).toMatch(/^(\/(?!\/)|https:\/\/|mailto:)/);
          expect(value.toLowerCase(), out).not.toMatch(/javascript:|data:|vbscript:|[\s\\]/);
        }
      }
    }
  });

  it('keeps entities as the text that was typed', () => {
    const out = html('&lt;b&gt; &amp; &#60;i&#62;');
    expect(out).toContain('&amp;lt;b&amp;gt; &amp;amp; &amp;#60;i&amp;#62;');
  });
});

describe('safeHref and safeImageSrc', () => {
  it('allow only site paths, http(s), mailto and tel for links; site paths and https for images', () => {
    expect(safeHref('/blogs')).toEqual({ kind: 'local', href: '/blogs' });
    expect(safeHref('https://parkly.in')?.kind).toBe('external');
    expect(safeHref('tel:+918045678900')?.kind).toBe('external');
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'ftp://x.example', 'relative/path', ' https://x.example', 'https://x.example/a b'])
      expect(safeHref(bad), bad).toBeNull();
    expect(safeImageSrc('/uploads/blogs/a.webp')).toBe('/uploads/blogs/a.webp');
    expect(safeImageSrc('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    for (const bad of ['http://cdn.example/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '//cdn.example/a.png']) expect(safeImageSrc(bad), bad).toBeNull();
  });
});
