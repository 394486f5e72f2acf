import type { Booking, QuoteLine } from '@parkly/shared/bookings';
import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import { formatMoney } from './money';

/** Plain words for the parts of a booking that the driver's and the host's screens share. */

const UNITS: Record<QuoteLine['kind'], [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  extension: ['', ''],
  service_fee: ['', ''],
};

/** '3 hours × ₹50' for a rate line. */
export function lineQuantityText(line: QuoteLine, currency: string) {
  // more time is priced as the whole stay less what the stay cost (decision 039): no rate × quantity to show
  if (line.kind === 'extension') return 'Priced with the stay it extends: the rate caps count across both';
  const [one, many] = UNITS[line.kind];
  return `${line.quantity} ${line.quantity === 1 ? one : many} × ${formatMoney(line.unit_amount, currency)}`;
}

/** 'Grey Honda City', or the vehicle type when nothing more was given. */
export function vehicleName(v: NonNullable<Booking['vehicle']>) {
  return [v.color, v.make, v.model].filter(Boolean).join(' ') || VEHICLE_TYPES[v.vehicle_type].label;
}

/** 'Grey Honda City · KA 01 AB 1234'. */
export const vehicleText = (v: NonNullable<Booking['vehicle']>) => `${vehicleName(v)} · ${v.plate}`;

type BookingTurn = Booking['events'][number];

/** 'Extended until Sat, 5 Dec 2026, 7:30 pm (PK-…)': the stay's history when a booking extending it was paid (decision 039). */
export const extendEventText = (e: BookingTurn, viewer: 'guest' | 'host') =>
  `${viewer === 'guest' ? 'You extended the stay' : 'The driver extended the stay'}${e.reason ? ` ${e.reason.replace(/^Until/, 'until')}` : ''}`;

/**
 * 'Checked in 10:02 by the gate': a check-in or check-out in a booking's history (decision 034). The time is
 * read from the event's own ISO text, which the API writes on the listing's clock.
 */
export function gateEventText(e: BookingTurn, viewer: 'guest' | 'host'): string {
  const what = e.event === 'check_in' ? 'Checked in' : 'Checked out';
  const who = e.by === 'gate' ? 'the gate' : e.by === viewer ? 'you' : `the ${e.by}`;
  return `${what} ${e.at.slice(11, 16)} by ${who}`;
}
