import type { Booking, QuoteLine } from '@parkly/shared/bookings';
import type { BookingStatus } from '@parkly/shared/booking-lifecycle';
import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import { formatMoney } from '../../../../lib/money';

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

const UNITS: Record<QuoteLine['kind'], [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  service_fee: ['', ''],
};

/** '3 hours × ₹50' for a rate line. */
export function lineQuantityText(line: QuoteLine, currency: string) {
  const [one, many] = UNITS[line.kind];
  return `${line.quantity} ${line.quantity === 1 ? one : many} × ${formatMoney(line.unit_amount, currency)}`;
}

/** 'Grey Honda City', or the vehicle type when nothing more was given. */
export function vehicleName(v: NonNullable<Booking['vehicle']>) {
  return [v.color, v.make, v.model].filter(Boolean).join(' ') || VEHICLE_TYPES[v.vehicle_type].label;
}

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
    case 'expire':
      return e.from === 'requested' ? 'Expired: the request was not answered in time' : 'Expired: the driver did not finish paying';
    case 'complete':
      return 'Completed: the stay has ended';
  }
}
