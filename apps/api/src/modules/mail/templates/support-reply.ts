/**
 * The support team's answer to a contact-form message or a support-bot question: the reply, then what
 * the person asked, quoted, so the mail makes sense on its own.
 */
import { html, paragraphs } from './html';
import { layout, type MailContent } from './layout';

export interface SupportReplyMail {
  /** whom it greets; null when the name is unknown */
  name: string | null;
  /** the contact form's subject, or null for a bot question */
  subject: string | null;
  /** what they wrote */
  question: string;
  reply: string;
  /** where to write back */
  supportEmail: string;
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
const quoted = (s: string) =>
  s
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

export function supportReplyMail(m: SupportReplyMail): MailContent {
  const subject = m.subject ? `Re: ${oneLine(m.subject)}`.slice(0, 200) : 'An answer to your question to Parkly';
  const greeting = m.name ? `Hello ${oneLine(m.name)},` : 'Hello,';
  const asked = m.subject ? 'You wrote to us:' : 'You asked our help assistant:';
  const text = [greeting, '', m.reply.trim(), '', asked, quoted(m.question), '', `If you need anything else, reply to this e-mail or write to ${m.supportEmail}.`, '', 'Parkly support'].join('\n');
  const body = html`<p style="margin:0 0 16px">${greeting}</p>
${paragraphs(m.reply)}
<p style="margin:24px 0 8px;color:#52525b">${asked}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e4e4e7;color:#52525b">${paragraphs(m.question)}</blockquote>
<p style="margin:0 0 16px">If you need anything else, reply to this e-mail or write to <a href="mailto:${m.supportEmail}" style="color:#0f766e">${m.supportEmail}</a>.</p>
<p style="margin:0">Parkly support</p>`;
  return { subject, text, html: layout({
    title: 'A reply from Parkly support',
    preheader: oneLine(m.reply).slice(0, 140),
    body,
    reason: 'You get this e-mail because you wrote to Parkly support.',
  }) };
}
