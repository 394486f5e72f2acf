/**
 * HTML for e-mails from a tagged template that escapes every interpolated value unless it is itself
 * `SafeHtml` (built by this tag), so a listing title or a name can never become markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
  return new SafeHtml(out);
}

/** An http(s) link for an href; anything else (javascript:, data:) becomes '#'. */
export function safeUrl(url: string) {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : '#';
  } catch {
    return '#';
  }
}

/** Plain text as HTML paragraphs: blank lines part paragraphs, single newlines become <br>. */
export function paragraphs(text: string): SafeHtml {
  const parts = text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  return html`${parts.map((p) => html`<p style="margin:0 0 16px">${p.split('\n').map((line, i) => html`${i ? html`<br>` : ''}${line}`)}</p>`)}`;
}
