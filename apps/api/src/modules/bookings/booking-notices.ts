/** What the guest and the host are told at each turn of a booking (notification, e-mail, push). */
import type { MandateState, QuoteLine, RecurringMethod } from '@parkly/shared/bookings';
import { mandateStopped } from '@parkly/shared/mandates';
import type { Queryable } from '../../db/database';
import { REQUEST_ANSWER_HOURS } from '@parkly/shared/booking-lifecycle';
import { formatDateTime, formatPeriod, formatTime, zoneAbbreviation } from '@parkly/shared/time';
import { formatMoney } from '@parkly/shared/money';
import { notify, type Notice } from '../notifications/notify';
import { bookingNoticeMail, bookingReceiptMail, cancellationMail, requestWaitingMail } from '../mail/templates/booking-mails';
import { findBookingRow, type BookingRow } from './bookings.repository';

export interface NoticeBooking {
  id: string;
  guest_id: string;
  host_id: string;
  title: string | null;
  starts: Date;
  ends: Date;
  time_zone: string;
  currency: string;
  total: number;
  lines?: QuoteLine[];
  /** a request's deadline for the host's answer (an unpaid hold's end before that) */
  hold_expires_at?: Date | string | null;
  /** the gate's check-in and check-out (decision 034) */
  checked_in_at?: Date | string | null;
  checked_out_at?: Date | string | null;
  /** a monthly pass (decision 037) */
  plan?: string;
  subtotal?: number;
  service_fee?: number;
  period_end?: Date | string | null;
  renews_at?: Date | string | null;
  next_charge_at?: Date | string | null;
  ends_at?: Date | string | null;
}

export const bookingReference = (id: string) => `PK-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

const when = (b: NoticeBooking) => formatPeriod(b.starts, b.ends, b.time_zone);
const place = (b: NoticeBooking) => b.title ?? 'your parking space';
/** 'by Thu, 24 Dec 2026, 6:30 pm IST' on the listing's clock, or the rule when the deadline is not known. */
const answerBy = (b: NoticeBooking) =>
  b.hold_expires_at
    ? `by ${formatDateTime(b.hold_expires_at, b.time_zone)} ${zoneAbbreviation(b.time_zone, new Date(b.hold_expires_at))}`
    : `within ${REQUEST_ANSWER_HOURS} hours`;

const receiptRows = (b: NoticeBooking) =>
  (b.lines ?? []).map((l) => ({ label: `${l.label}${l.kind === 'service_fee' ? '' : ` × ${l.quantity}`}`, amount: formatMoney(l.amount, b.currency) }));

function receipt(b: NoticeBooking) {
  const lines = receiptRows(b).map((l) => `  ${l.label}: ${l.amount}`);
  return [...lines, `  Total: ${formatMoney(b.total, b.currency)}`].join('\n');
}

/** How the HTML version sets out a notice's e-mail: the receipt as a table, a deadline or a refund apart. */
type MailShape = { receipt: string; invoice?: boolean } | { deadline: string } | { refund: string | undefined };

/** The booking's screen in the web app: the driver's booking, or the host's view of it (e-mail link, push click). */
const screen = (b: NoticeBooking, forHost: boolean) => (forHost ? `/booking_details?id=${b.id}` : `/parking/booking-details/${b.id}`);
const link = (publicUrl: string, b: NoticeBooking, forHost: boolean) => `${publicUrl}${screen(b, forHost)}`;
/** A confirmation's GST invoice (decision 031): downloaded from the driver's booking page, signed in (the PDF needs the session). */
const invoiceLink = (publicUrl: string, b: NoticeBooking) => `${link(publicUrl, b, false)}#invoice`;
const INVOICE_LABEL = 'Download your GST invoice (PDF)';
const invoiceText = (publicUrl: string, b: NoticeBooking) => `\n\nYour GST invoice (PDF) is on your booking: ${invoiceLink(publicUrl, b)}`;

export type NoticeKind =
  // more time (decision 039)
  | 'extended'
  | 'extension_receipt'
  | 'confirmed'
  | 'requested'
  | 'accepted'
  | 'capture_failed'
  | 'declined'
  | 'cancelled_by_guest'
  | 'cancelled_by_host'
  | 'expired'
  | 'starting_soon'
  | 'checked_in'
  | 'checked_out'
  // a monthly pass (decision 037)
  | 'renewed'
  | 'renewal_failed'
  | 'renewal_action_required'
  | 'renewal_lapsed'
  // its Razorpay mandate stopped (decision 045)
  | 'mandate_stopped'
  | 'notice_by_guest'
  | 'notice_by_host';

/** A pass's instant on the listing's clock, with its zone: 'Thu, 24 Dec 2026, 6:30 pm IST'. */
const passDate = (at: Date | string | null | undefined, b: NoticeBooking) =>
  at ? `${formatDateTime(at, b.time_zone)} ${zoneAbbreviation(b.time_zone, new Date(at))}` : 'its next renewal date';
/** What a renewal charges: the monthly rate and the service fee (a promo code was the first month's only). */
const renewalAmount = (b: NoticeBooking) => formatMoney((b.subtotal ?? 0) + (b.service_fee ?? 0), b.currency);

/** The notices for one turn of a booking: to the guest, the host, or both. */
export function noticesFor(kind: NoticeKind, b: NoticeBooking, publicUrl: string, extra: NoticeExtra = {}): Notice[] {
  const ref = bookingReference(b.id);
  // formatted once: a date range is the costliest text of a notice (ICU), and most notices say it twice
  const period = when(b);
  const at = b.starts;
  // subject `${title} · ${ref}`, text `${description}\n\n${detail}\n\nSee your booking: <link>\n\nParkly`, and HTML
  const mailOf = (title: string, description: string, detail: string, forHost: boolean, shape?: MailShape) => {
    const base = { title, reference: ref, description, detail, link: { url: link(publicUrl, b, forHost), label: forHost ? 'See the booking' : 'See your booking' } };
    if (!shape) return bookingNoticeMail(base);
    if ('receipt' in shape) {
      const invoice = shape.invoice ? { url: invoiceLink(publicUrl, b), label: INVOICE_LABEL } : undefined;
      return bookingReceiptMail(base, { heading: shape.receipt, lines: receiptRows(b), total: formatMoney(b.total, b.currency), invoice });
    }
    if ('deadline' in shape) return requestWaitingMail(base, shape.deadline);
    return cancellationMail(base, shape.refund);
  };
  const guest = (title: string, description: string, mail?: string, shape?: MailShape): Notice => ({
    userId: b.guest_id,
    title,
    description,
    bookingDateTime: at,
    push: { kind: 'bookings', url: screen(b, false) },
    ...(mail !== undefined && { mail: mailOf(title, description, mail, false, shape) }),
  });
  const host = (title: string, description: string, mail?: string, shape?: MailShape): Notice => ({
    userId: b.host_id,
    title,
    description,
    bookingDateTime: at,
    push: { kind: 'bookings', url: screen(b, true) },
    ...(mail !== undefined && { mail: mailOf(title, description, mail, true, shape) }),
  });
  const reason = extra.reason ? ` Reason: ${extra.reason}` : '';
  const refunded = extra.refund ? formatMoney(extra.refund, b.currency) : undefined;
  const refund = refunded ? ` ${refunded} is on its way back to your card.` : '';
  switch (kind) {
    case 'confirmed':
      return [
        guest('Booking confirmed', `${place(b)}, ${period}. Reference ${ref}.`, `Your receipt:\n${receipt(b)}${invoiceText(publicUrl, b)}`, { receipt: 'Your receipt', invoice: true }),
        host('New booking', `${place(b)} is booked for ${period}. Reference ${ref}.`, ''),
      ];
    // more time (decision 039): `b` is the stay extended; the driver gets the extension's own receipt and invoice
    case 'extended': {
      const x = extra.extension!;
      const until = formatDateTime(x.end, b.time_zone);
      const more: NoticeBooking = { ...b, id: x.id, starts: new Date(b.ends), ends: new Date(x.end), total: x.total, lines: x.lines };
      return [...noticesFor('extension_receipt', more, publicUrl), host('Stay extended', `${x.guest_name} extended ${place(b)} until ${until}. Reference ${ref}.`, '')];
    }
    case 'extension_receipt':
      return [
        guest('More time confirmed', `${place(b)} is yours until ${formatDateTime(b.ends, b.time_zone)}. Reference ${ref}.`, `Your receipt:\n${receipt(b)}${invoiceText(publicUrl, b)}`, {
          receipt: 'Your receipt',
          invoice: true,
        }),
      ];
    case 'requested':
      return [
        guest('Booking requested', `The host of ${place(b)} has 24 hours to accept your request for ${period}. Your card is authorised, not charged.`, `Authorised:\n${receipt(b)}`, { receipt: 'Authorised, not charged' }),
        host(
          'New booking request',
          `A driver asks for ${place(b)}, ${period}. Accept or decline ${answerBy(b)}.`,
          `If you do not answer ${answerBy(b)}, the request expires and the driver's card is released.`,
          { deadline: answerBy(b) },
        ),
      ];
    case 'accepted':
      return [
        guest('Booking accepted', `The host accepted your booking of ${place(b)}, ${period}. Reference ${ref}.`, `Your receipt:\n${receipt(b)}${invoiceText(publicUrl, b)}`, { receipt: 'Your receipt', invoice: true }),
      ];
    case 'capture_failed':
      return [
        guest(
          'Booking cancelled: payment failed',
          `The host accepted your request for ${place(b)}, ${period}, but your card could not be charged, so the booking is cancelled. Nothing was taken, and the amount held on your card is released.`,
          'You can book again with another card.',
        ),
        host(
          'Booking cancelled: payment failed',
          `The driver's card could not be charged for ${place(b)}, ${period}, so the booking you accepted is cancelled and the space is free again. Nothing is added to your earnings.`,
          '',
        ),
      ];
    case 'declined':
      return [guest('Booking declined', `The host declined your request for ${place(b)}, ${period}. Your card was not charged.${reason}`, '')];
    case 'cancelled_by_guest':
      return [
        guest('Booking cancelled', `You cancelled ${place(b)}, ${period}.${refund}`, '', { refund: refunded }),
        host('Booking cancelled', `The driver cancelled ${place(b)}, ${period}. The space is free again.${reason}`, ''),
      ];
    case 'cancelled_by_host':
      return [
        guest('Booking cancelled by the host', `The host cancelled ${place(b)}, ${period}.${refund}${reason}`, '', { refund: refunded }),
        host('Booking cancelled', `You cancelled ${place(b)}, ${period}. The driver gets a full refund.`, ''),
      ];
    case 'expired':
      return [guest('Booking expired', `Your booking of ${place(b)}, ${period}, expired before it was confirmed. No money was taken.`, '')];
    case 'starting_soon':
      return [guest('Your parking starts soon', `${place(b)}, ${period}. Reference ${ref}.`)];
    // the driver is at the gate: a notice and a push, no e-mail
    case 'checked_in':
      return [guest('Checked in', `You were checked in at ${place(b)} at ${formatTime(b.checked_in_at ?? new Date(), b.time_zone)}. Your booking ends ${formatDateTime(b.ends, b.time_zone)}.`)];
    case 'checked_out':
      return [guest('Checked out', `You were checked out of ${place(b)} at ${formatTime(b.checked_out_at ?? new Date(), b.time_zone)}. Thanks for parking with Parkly.`)];
    case 'renewed': {
      const next = b.ends_at && b.period_end && new Date(b.period_end) >= new Date(b.ends_at) ? `It ends ${passDate(b.ends_at, b)}.` : `It renews next on ${passDate(b.renews_at, b)}.`;
      return [
        guest('Monthly pass renewed', `Your pass for ${place(b)} is paid until ${passDate(b.period_end, b)}: ${renewalAmount(b)} was charged to your saved card. ${next} Reference ${ref}.`, ''),
        host('Monthly pass renewed', `The driver's pass for ${place(b)} is paid until ${passDate(b.period_end, b)}. Your earnings for the month are added. Reference ${ref}.`, ''),
      ];
    }
    case 'renewal_failed':
      return [
        guest(
          'Monthly pass: payment failed',
          `We could not charge your saved card ${renewalAmount(b)} to renew your pass for ${place(b)}. We will try again on ${passDate(b.next_charge_at, b)}. Update your card in Payment methods so your pass goes on. Reference ${ref}.`,
          '',
        ),
      ];
    // the provider will not take the renewal without the driver (decision 042): the booking page's button does it
    case 'renewal_action_required':
      return [
        guest(
          "Monthly pass: confirm this month's payment",
          `Your pass for ${place(b)} renews on ${passDate(b.renews_at, b)}, and ${renewalAmount(b)} needs your confirmation before it can be taken. Open your booking and choose "Confirm this month's payment". If it is not confirmed, we try again on ${passDate(b.next_charge_at, b)}. Reference ${ref}.`,
          `Confirm the payment on your booking: ${link(publicUrl, b, false)}`,
        ),
      ];
    // the payer (or their bank) stopped the pass's mandate (decision 045): the next month waits on the driver
    case 'mandate_stopped': {
      const m = extra.mandate!;
      const what = m.method === 'upi' ? 'UPI AutoPay' : 'card renewal';
      return [
        guest(
          `Monthly pass: ${what} was ${m.state}`,
          `${m.label} for your pass for ${place(b)} was ${mandateStopped(m.method, m.state)}, so we cannot take the next month by ourselves. Your pass renews on ${passDate(b.renews_at, b)}, and that month needs your confirmation: a day before, open your booking and choose "Confirm this month's payment". Paying it sets up your renewals again. Reference ${ref}.`,
          `Confirm the month on your booking when it is due: ${link(publicUrl, b, false)}`,
        ),
      ];
    }
    case 'renewal_lapsed':
      return [
        guest('Monthly pass ended: payment failed', `Your card could not be charged to renew your pass for ${place(b)}, so it ends ${passDate(b.ends_at, b)}, the end of the month you paid for. Reference ${ref}.`, ''),
        host('Monthly pass ended', `The driver's card could not be charged to renew their pass for ${place(b)}, so it ends ${passDate(b.ends_at, b)}. The space is free for others from then. Reference ${ref}.`, ''),
      ];
    case 'notice_by_guest':
      return [
        guest('Notice given', `You gave notice on your pass for ${place(b)}: it ends ${passDate(b.ends_at, b)}. Reference ${ref}.`),
        host('Notice given by the driver', `The driver gave notice on their pass for ${place(b)}: it ends ${passDate(b.ends_at, b)}, and the space is free for others from then. Reference ${ref}.`, ''),
      ];
    case 'notice_by_host':
      return [
        guest('Your host gave notice', `The host of ${place(b)} gave notice on your monthly pass: it ends ${passDate(b.ends_at, b)}. Reference ${ref}.`, ''),
        host('Notice given', `You gave notice on the driver's pass for ${place(b)}: it ends ${passDate(b.ends_at, b)}. Reference ${ref}.`),
      ];
  }
}

/** The extension an 'extended' notice is about: its id, new end, price, and the driver's name for the host. */
export interface ExtensionNotice {
  id: string;
  end: Date | string;
  total: number;
  lines: QuoteLine[];
  guest_name: string;
}
type NoticeExtra = { refund?: number; reason?: string | null; extension?: ExtensionNotice; mandate?: { method: RecurringMethod; label: string; state: MandateState } };

/** Tells the guest and host of a booking about a turn of it, inside the transaction that made it. */
export async function tellAbout(tx: Queryable, deps: { publicUrl: string }, kind: NoticeKind, bookingId: string, extra: NoticeExtra = {}) {
  const b = await findBookingRow(tx, bookingId);
  if (b) await tellAboutRow(tx, deps, kind, b, extra);
}

/** tellAbout for a caller that holds the booking's row as it now is (no need to read it again). */
export async function tellAboutRow(tx: Queryable, deps: { publicUrl: string }, kind: NoticeKind, b: BookingRow, extra: NoticeExtra = {}) {
  await notify(tx, noticesFor(kind, { ...b, lines: b.price_breakdown.lines }, deps.publicUrl, extra));
}
