/**
 * The host's bookings as CSV (RFC 4180): one header row, then one row per booking, each built from
 * the same host-side Booking the list answers, so the file and the screen never disagree.
 */
import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import type { HostBooking } from '@parkly/shared/host-bookings';

export const CSV_HEADER = [
  'Reference',
  'Listing',
  'Unit',
  'Guest',
  'Vehicle',
  'Plate',
  'Start',
  'End',
  'Status',
  'Total',
  'Commission',
  'Host payout',
  'Currency',
] as const;

/**
 * One cell. A text a spreadsheet would read as a formula (= + - @, or a tab or carriage return that
 * some of them strip first) gets a leading apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Paise as the currency's major unit with two decimals (12345 -> 123.45), what spreadsheets add up. */
const amount = (minor: number | null) => (minor === null ? null : (minor / 100).toFixed(2));

/** 'White Honda City', or the vehicle type when nothing more was given (as the host's screens name it). */
function vehicleOf(b: HostBooking) {
  const v = b.vehicle;
  if (!v) return null;
  return [v.color, v.make, v.model].filter(Boolean).join(' ') || VEHICLE_TYPES[v.vehicle_type].label;
}

export function csvRow(b: HostBooking): string {
  return csvLine([
    b.reference,
    b.listing.title,
    b.unit_label,
    b.guest.name,
    vehicleOf(b),
    b.vehicle?.plate,
    b.start,
    b.end,
    b.status,
    amount(b.total),
    amount(b.host_fee),
    amount(b.host_payout),
    b.currency,
  ]);
}
