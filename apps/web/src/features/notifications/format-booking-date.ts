import { formatShortDateTime } from '@parkly/shared/time';

/** A booking time on the zone's clock ('14 Mar 2025, 9:30 am'), or the raw value when it is not a date. */
export function formatBookingDate(value: string, timeZone: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatShortDateTime(date, timeZone);
}
