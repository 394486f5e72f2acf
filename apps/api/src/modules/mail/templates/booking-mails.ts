/**
 * The e-mails of a booking's turns (modules/bookings/booking-notices.ts decides who gets which). The text
 * version is the notice's own words; the HTML version lays the same words out, with the receipt as a
 * table, a request's deadline or a refund set apart.
 */
import { html, paragraphs, safeUrl } from './html';
import { callout, layout, type MailContent } from './layout';

export interface BookingMailBase {
  /** 'Booking confirmed' */
  title: string;
  /** 'PK-1A2B3C4D' */
  reference: string;
  /** the notice's one-paragraph summary */
  description: string;
  /** what the e-mail adds to the notice (plain text, may be empty) */
  detail: string;
  link: { url: string; label: string };
}

export interface ReceiptTable {
  heading: string;
  lines: { label: string; amount: string }[];
  total: string;
  /** where the driver downloads the GST invoice (their booking's page): a confirmation's mail links it */
  invoice?: { url: string; label: string };
}

function mail(base: BookingMailBase, body: ReturnType<typeof html>): MailContent {
  const text = `${base.description}\n\n${base.detail}\n\n${base.link.label}: ${base.link.url}\n\nParkly`;
  return {
    subject: `${base.title} · ${base.reference}`,
    text,
    html: layout({ title: base.title, preheader: base.description, body, action: { url: base.link.url, label: base.link.label } }),
  };
}

const reference = (ref: string) => html`<p style="margin:0 0 16px;color:#52525b">Reference <strong>${ref}</strong></p>`;

/** Any other turn (declined, expired, a new booking for the host): the notice's words. */
export const bookingNoticeMail = (base: BookingMailBase) => mail(base, html`${paragraphs(base.description)}${paragraphs(base.detail)}${reference(base.reference)}`);

/** Confirmed, accepted or authorised: the frozen price lines and the total. */
export function bookingReceiptMail(base: BookingMailBase, receipt: ReceiptTable): MailContent {
  const cell = 'padding:8px 0;border-bottom:1px solid #e4e4e7';
  const table = html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
<caption style="text-align:left;font-weight:600;padding:0 0 8px">${receipt.heading}</caption>
${receipt.lines.map((l) => html`<tr><td style="${cell}">${l.label}</td><td style="${cell};text-align:right;white-space:nowrap">${l.amount}</td></tr>\n`)}<tr><td style="padding:8px 0;font-weight:700">Total</td><td style="padding:8px 0;text-align:right;font-weight:700;white-space:nowrap">${receipt.total}</td></tr>
</table>`;
  const invoice = receipt.invoice ? html`<p style="margin:0 0 16px"><a href="${safeUrl(receipt.invoice.url)}" style="color:#0f766e">${receipt.invoice.label}</a></p>` : '';
  return mail(base, html`${paragraphs(base.description)}${table}${invoice}${reference(base.reference)}`);
}

/** A request waiting for the host: the deadline to answer, set apart. */
export const requestWaitingMail = (base: BookingMailBase, deadline: string) =>
  mail(base, html`${paragraphs(base.description)}${callout(`Accept or decline ${deadline}`)}${paragraphs(base.detail)}${reference(base.reference)}`);

/** A cancellation, and the refund when there is one. */
export const cancellationMail = (base: BookingMailBase, refund?: string) =>
  mail(base, html`${paragraphs(base.description)}${refund ? callout(`Refund: ${refund}`) : ''}${paragraphs(base.detail)}${reference(base.reference)}`);
