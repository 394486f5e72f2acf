/** What the guest and the host are told when an admin refunds a booking (notification, e-mail, push). */
import { formatMoney } from '@parkly/shared/money';
import { formatPeriod } from '@parkly/shared/time';
import { bookingNoticeMail } from '../mail/templates/booking-mails';
import type { Notice } from '../notifications/notify';
import { bookingReference, type NoticeBooking } from './booking-notices';

/** The booking as the refund's notices read it: a booking notice's, without its price lines or deadline. */
export type RefundedBooking = Omit<NoticeBooking, 'total' | 'lines' | 'hold_expires_at'>;

export function refundNotices(b: RefundedBooking, refund: { amount: number; hostShare: number; reason: string }, publicUrl: string): Notice[] {
  const ref = bookingReference(b.id);
  const place = b.title ?? 'your parking space';
  const period = formatPeriod(b.starts, b.ends, b.time_zone);
  const money = formatMoney(refund.amount, b.currency);
  const guestScreen = `/parking/booking-details/${b.id}`;
  const hostScreen = `/booking_details?id=${b.id}`;
  const guestText = `Parkly refunded ${money} of your booking of ${place}, ${period}. It is on its way back to your card. Reason: ${refund.reason}`;
  const share = refund.hostShare > 0 ? ` Your share of it, ${formatMoney(refund.hostShare, b.currency)}, comes off your earnings.` : '';
  const hostText = `Parkly refunded ${money} to the driver of ${place}, ${period}.${share} Reason: ${refund.reason}`;
  const mail = (title: string, description: string, url: string, label: string) =>
    bookingNoticeMail({ title, reference: ref, description, detail: '', link: { url: `${publicUrl}${url}`, label } });
  return [
    {
      userId: b.guest_id,
      title: 'Refund on its way',
      description: guestText,
      bookingDateTime: b.starts,
      push: { kind: 'bookings', url: guestScreen },
      mail: mail('Refund on its way', guestText, guestScreen, 'See your booking'),
    },
    {
      userId: b.host_id,
      title: 'A booking was refunded',
      description: hostText,
      bookingDateTime: b.starts,
      push: { kind: 'bookings', url: hostScreen },
      mail: mail('A booking was refunded', hostText, hostScreen, 'See the booking'),
    },
  ];
}
