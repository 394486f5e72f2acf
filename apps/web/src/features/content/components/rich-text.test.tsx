import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseBlocks, RichText } from './rich-text';

const html = (text: string) => {
  const router = createMemoryRouter([{ path: '/', element: <RichText text={text} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

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
});

describe('RichText', () => {
  it('renders bold and safe links as elements', () => {
    const out = html('A **bold** word, [FAQ](/faq) and [mail](mailto:a@b.in).');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('href="/faq"');
    expect(out).toContain('href="mailto:a@b.in"');
  });

  it('never turns text into markup or script links', () => {
    const out = html('<img src=x onerror=alert(1)> [click](javascript:alert(1))');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img');
    expect(out).not.toContain('javascript:');
  });
});
