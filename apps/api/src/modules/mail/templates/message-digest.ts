/** The e-mail that tells a user who was offline about the chat messages waiting for them. */
import { html, safeUrl } from './html';
import { layout, type MailContent } from './layout';

export interface DigestRoom {
  /** who wrote: the other party of the conversation */
  otherPartyName: string;
  listingTitle: string | null;
  unread: number;
  /** the latest unread message, shortened here */
  lastMessage: string;
  /** the conversation's page */
  url: string;
  /** the latest message's id: names the digest, so it is queued once however often the job runs */
  lastMessageId?: string;
}

/** A message quoted in an e-mail: one line, at most 200 characters. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

const count = (n: number) => `${n} new message${n === 1 ? '' : 's'}`;
const about = (r: DigestRoom) => (r.listingTitle ? ` about ${r.listingTitle}` : '');

export function messageDigestMail(recipientName: string, rooms: DigestRoom[]): MailContent {
  const total = rooms.reduce((n, r) => n + r.unread, 0);
  const subject = rooms.length === 1 ? `${count(total)} from ${rooms[0]!.otherPartyName} on Parkly` : `${count(total)} on Parkly`;
  const intro = `Hi ${recipientName}, while you were away you got ${count(total)} in ${rooms.length === 1 ? 'one conversation' : `${rooms.length} conversations`}.`;
  const text = [
    intro,
    ...rooms.map((r) => `${r.otherPartyName}${about(r)} (${count(r.unread)}):\n  "${excerpt(r.lastMessage)}"\n  Reply: ${r.url}`),
    'Parkly',
  ].join('\n\n');
  const body = html`<p style="margin:0 0 16px">${intro}</p>
${rooms.map(
  (r) => html`<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #e4e4e7;border-radius:6px">
<p style="margin:0 0 4px"><strong>${r.otherPartyName}</strong>${about(r)} <span style="color:#71717a">· ${count(r.unread)}</span></p>
<p style="margin:0 0 8px;color:#3f3f46">“${excerpt(r.lastMessage)}”</p>
<p style="margin:0"><a href="${safeUrl(r.url)}" style="color:#0f766e;font-weight:600">Reply</a></p>
</div>
`,
)}`;
  return { subject, text, html: layout({ title: 'New messages', preheader: intro, body }) };
}
