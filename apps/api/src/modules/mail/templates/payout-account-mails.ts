/**
 * The security notice sent when the account a host's payouts go to is set or changed. It names the
 * accounts only as masked labels (the last four digits, a partly hidden UPI handle): a mailbox is
 * read in more places than the app.
 */
import { html, safeUrl } from './html';
import { callout, layout, type MailContent } from './layout';

export interface PayoutAccountChange {
  name: string;
  /** where payouts go now, masked: 'UPI pr•••@okaxis', 'Bank account ••••6789 (HDFC0001234)' */
  account: string;
  /** the name on a bank account */
  accountHolder: string | null;
  /** the masked account it replaced; null when the host had none */
  previous: string | null;
  /** when, as people read it, with the clock: 'Wed, 24 Dec 2026, 6:30 pm IST' */
  when: string;
  changePasswordUrl: string;
  contactUrl: string;
  supportEmail: string;
}

export function payoutAccountChangedMail(c: PayoutAccountChange): MailContent {
  const first = c.previous === null;
  const title = first ? 'A payout account was added' : 'Your payout account was changed';
  const now = `Payouts now go to: ${c.account}${c.accountHolder ? `, in the name of ${c.accountHolder}` : ''}`;
  const lead = `Hi ${c.name}, the account your Parkly payouts are sent to was ${first ? 'set' : 'changed'} on ${c.when}.`;
  const ifYou = 'If this was you, there is nothing more to do.';
  const ifNot = 'If it was not you, someone else knows your password. Change it now (that also signs out every other device),';
  const support = `then contact support at ${c.supportEmail} or ${c.contactUrl} so we can stop any payout to this account.`;
  const text = [lead, now, ...(first ? [] : [`Before: ${c.previous}`]), ifYou, `${ifNot} ${support}`, `Change your password: ${c.changePasswordUrl}`, 'Parkly'].join('\n\n');
  const link = 'color:#0f766e';
  const body = html`<p style="margin:0 0 16px">${lead}</p>
${callout(now)}${first ? '' : html`<p style="margin:0 0 16px;color:#52525b">Before: ${c.previous}</p>`}
<p style="margin:0 0 16px">${ifYou}</p>
<p style="margin:0 0 16px"><strong>${ifNot}</strong> then contact support at <a href="mailto:${c.supportEmail}" style="${link}">${c.supportEmail}</a> or through <a href="${safeUrl(c.contactUrl)}" style="${link}">the contact page</a> so we can stop any payout to this account.</p>`;
  return {
    subject: title,
    text,
    html: layout({ title, preheader: now, body, action: { url: c.changePasswordUrl, label: 'Change your password' } }),
  };
}
