/** The e-mails of the admin console's decisions: an ID checked or refused, a listing taken down, back, approved or refused. */
import { callout, layout, type MailContent } from './layout';
import { html } from './html';

interface Decision {
  name: string;
  /** the screen the button opens */
  url: string;
}

function mail(p: { subject: string; title: string; lines: string[]; reason?: string; url: string; label: string }): MailContent {
  const text = [...p.lines, ...(p.reason ? [`Reason: ${p.reason}`] : []), `${p.label}: ${p.url}`, 'Parkly'].join('\n\n');
  const body = html`${p.lines.map((l) => html`<p style="margin:0 0 16px">${l}</p>`)}${p.reason ? callout(`Reason: ${p.reason}`) : ''}`;
  return { subject: p.subject, text, html: layout({ title: p.title, preheader: p.lines[0] ?? p.title, body, action: { url: p.url, label: p.label } }) };
}

export const idApprovedMail = (d: Decision): MailContent =>
  mail({
    subject: 'Your ID is verified',
    title: 'Your ID is verified',
    lines: [`Hi ${d.name}, we have checked your government ID.`, 'Your listings now show the Verified host badge to drivers.'],
    url: d.url,
    label: 'Go to your profile',
  });

export const idRejectedMail = (d: Decision & { reason: string }): MailContent =>
  mail({
    subject: 'We could not verify your ID',
    title: 'We could not verify your ID',
    lines: [`Hi ${d.name}, we could not verify the government ID you uploaded.`, 'Please upload a clear photo or scan of it again.'],
    reason: d.reason,
    url: d.url,
    label: 'Upload your ID again',
  });

export const listingSuspendedMail = (d: Decision & { title: string; reason: string }): MailContent =>
  mail({
    subject: `Your listing "${d.title}" was taken down`,
    title: 'Your listing was taken down',
    lines: [`Hi ${d.name}, Parkly has taken your listing "${d.title}" down: drivers cannot find or book it.`, 'Reply to this e-mail or contact support if you think this is a mistake.'],
    reason: d.reason,
    url: d.url,
    label: 'See your listing',
  });

export const listingReinstatedMail = (d: Decision & { title: string }): MailContent =>
  mail({
    subject: `Your listing "${d.title}" is back`,
    title: 'Your listing is back',
    lines: [`Hi ${d.name}, your listing "${d.title}" is no longer taken down.`],
    url: d.url,
    label: 'See your listing',
  });

export const listingApprovedMail = (d: Decision & { title: string }): MailContent =>
  mail({
    subject: `Your listing "${d.title}" is live`,
    title: 'Your listing is approved',
    lines: [`Hi ${d.name}, we have approved your listing "${d.title}": drivers can now find and book it.`],
    url: d.url,
    label: 'See your listing',
  });

export const listingRejectedMail = (d: Decision & { title: string; reason: string }): MailContent =>
  mail({
    subject: `Your listing "${d.title}" was not approved`,
    title: 'Your listing was not approved',
    lines: [`Hi ${d.name}, we could not approve your listing "${d.title}".`, 'Contact support to have it reviewed again once it is fixed.'],
    reason: d.reason,
    url: d.url,
    label: 'See your listing',
  });

export const accountSuspendedMail = (d: Decision & { reason: string }): MailContent =>
  mail({
    subject: 'Your Parkly account is suspended',
    title: 'Your account is suspended',
    lines: [
      `Hi ${d.name}, Parkly has suspended your account: you are signed out everywhere, cannot log in, and your listings are hidden from drivers.`,
      'Bookings already confirmed stay as they are. Contact support if you think this is a mistake.',
    ],
    reason: d.reason,
    url: d.url,
    label: 'Contact support',
  });

export const accountReinstatedMail = (d: Decision): MailContent =>
  mail({
    subject: 'Your Parkly account is active again',
    title: 'Your account is active again',
    lines: [`Hi ${d.name}, your account is no longer suspended: you can log in again, and the listings hidden with it are back as they were.`],
    url: d.url,
    label: 'Log in',
  });
