import { BOOKING_STATUSES, type BookingStatus } from '@parkly/shared/catalog';
import { addLocalDays, isLocalDate, zonedIso } from '@parkly/shared/time';

/**
 * The history's filters as they live in the address (?listing=&status=&from=&to=), so Back, a reload
 * and a shared link keep them. Dates are whole days on the app's clock, `to` included.
 */
export interface HistoryFilters {
  listing: string;
  status: BookingStatus | '';
  from: string;
  to: string;
}

export const NO_FILTERS: HistoryFilters = { listing: '', status: '', from: '', to: '' };

const isStatus = (s: string | null): s is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(s ?? '');
const dateOr = (s: string | null) => (s && isLocalDate(s) ? s : '');

/** The filters in the address, anything malformed dropped. */
export function readFilters(params: URLSearchParams): HistoryFilters {
  const status = params.get('status');
  return {
    listing: (params.get('listing') ?? '').slice(0, 100),
    status: isStatus(status) ? status : '',
    from: dateOr(params.get('from')),
    to: dateOr(params.get('to')),
  };
}

/** The address for these filters (empty ones left out). */
export function filtersToParams(f: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) params.set(k, v);
  return params;
}

export const hasFilters = (f: HistoryFilters) => Object.values(f).some(Boolean);

/** A `to` day before the `from` day: the API would refuse it, so the page says so first. */
export const datesBackwards = (f: HistoryFilters) => Boolean(f.from && f.to && f.to < f.from);

/**
 * The API's query for the filters: days become instants in `timeZone` ([from's midnight, the midnight
 * after `to`)), so a booking shows when its period touches any of the chosen days.
 */
export function toApiQuery(f: HistoryFilters, timeZone: string): URLSearchParams {
  const q = new URLSearchParams();
  if (f.listing) q.set('parking_id', f.listing);
  if (f.status) q.set('status', f.status);
  if (f.from) q.set('from', zonedIso(f.from, '00:00', timeZone));
  if (f.to) q.set('to', zonedIso(addLocalDays(f.to, 1), '00:00', timeZone));
  return q;
}
