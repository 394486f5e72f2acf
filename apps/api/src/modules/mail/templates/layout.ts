import { html, safeUrl, type SafeHtml } from './html';

/** What every template produces: the outbox sends both versions (multipart/alternative). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LayoutParts {
  /** the heading, also the page title */
  title: string;
  /** the line mail clients show beside the subject */
  preheader: string;
  body: SafeHtml;
  action?: { url: string; label: string };
  /** why the reader gets this mail, in the footer; by default their Parkly account */
  reason?: string;
}

/**
 * One simple, readable layout: a single column up to 560 px, inline styles only (mail clients drop
 * style sheets), real text rather than images, and a button that is a plain link.
 */
export function layout(p: LayoutParts): string {
  const button = p.action
    ? html`<p style="margin:24px 0"><a href="${safeUrl(p.action.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${p.action.label}</a></p>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${p.title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<span style="display:none;max-height:0;overflow:hidden">${p.preheader}</span>
<div style="max-width:560px;margin:0 auto;padding:24px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Parkly</p>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${p.title}</h1>
${p.body}${button}
</div>
<p style="margin:16px 0 0;font-size:13px;color:#71717a">${p.reason ?? 'You get this e-mail because of your Parkly account.'}</p>
</div>
</body>
</html>
`.value;
}

/** A highlighted box: a request's deadline, a refund. */
export const callout = (text: string) => html`<p style="margin:0 0 16px;padding:12px 16px;background:#f0fdfa;border-left:4px solid #0f766e;font-weight:600">${text}</p>`;
