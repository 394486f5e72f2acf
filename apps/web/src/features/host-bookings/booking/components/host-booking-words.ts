import type { Booking } from '@parkly/shared/bookings';
import type { BookingStatus } from '@parkly/shared/booking-lifecycle';
import { extendEventText, gateEventText } from '../../../../lib/booking-words';
import { passEventText } from '../../../../lib/pass-words';
export { vehicleName } from '../../../../lib/booking-words';

/** Plain words for a booking as its host reads it (the driver's screens say the same things from the other side). */

export const HOST_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  requested: 'Request to answer',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Expired',
};

type Actor = Booking['events'][number]['by'];
const byWhom = (by: Actor): string => (by === 'host' ? 'you' : by === 'guest' ? 'the driver' : by === 'admin' ? 'Parkly support' : 'Parkly');

/** One line of the booking's history, as the host reads it. */
export function hostEventText(e: Booking['events'][number]): string {
  switch (e.event) {
    case 'create':
      return 'The driver chose these times; the space was held while they paid';
    case 'pay_instant':
      return 'The driver paid: booked instantly';
    case 'pay_request':
      return 'Request received: the driver’s card was authorised';
    case 'accept':
      return e.by === 'host' ? 'You accepted the request: the card was charged' : `Accepted by ${byWhom(e.by)}`;
    case 'decline':
      return e.by === 'host' ? 'You declined the request' : `Declined by ${byWhom(e.by)}`;
    case 'cancel':
      return `Cancelled by ${byWhom(e.by)}`;
    case 'too_many_declines':
      return 'Released: the driver’s card was declined too many times';
    case 'capture_failed':
      return 'Cancelled: the driver’s card could not be charged when you accepted';
    case 'expire':
      return e.from === 'requested' ? 'Expired: the request was not answered in time' : 'Expired: the driver did not finish paying';
    case 'complete':
      return 'Completed: the stay has ended';
    case 'check_in':
    case 'check_out':
      return gateEventText(e, 'host');
    case 'extend':
      return extendEventText(e, 'host');
    case 'renew':
    case 'renewal_failed':
    case 'renewal_action_required':
    case 'give_notice':
    case 'renewal_lapsed':
      return passEventText({ event: e.event, by: e.by }, 'host');
  }
}
