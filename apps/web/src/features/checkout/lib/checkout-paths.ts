import { quoteQuerySchema } from '@parkly/shared/bookings';
import { VEHICLE_TYPE_KEYS, type VehicleType } from '@parkly/shared/catalog';
import { isIsoInstant } from '@parkly/shared/time';
import { isStayMode, type StayMode, type StayWindow } from './stay-window';

/**
 * The checkout's state lives in its URLs, so a reload, the back button and the detour through
 * /login (which returns to the same path and search) keep the chosen listing and times.
 */

/** start and end from a URL, when both are ISO 8601 instants with an offset and end is after start. */
export function readWindow(params: URLSearchParams): StayWindow | null {
  const parsed = quoteQuerySchema.safeParse({ start: params.get('start') ?? undefined, end: params.get('end') ?? undefined });
  return parsed.success && parsed.data.end !== undefined ? { start: parsed.data.start, end: parsed.data.end } : null;
}

/** The tab the times were picked in (?when=), if the URL says. */
export function readMode(params: URLSearchParams): StayMode | undefined {
  const when = params.get('when');
  return isStayMode(when) ? when : undefined;
}

/** The vehicle type a search carried (?vehicle_type=), if the URL names one. */
export function readVehicleType(params: URLSearchParams): VehicleType | undefined {
  const v = params.get('vehicle_type');
  return (VEHICLE_TYPE_KEYS as readonly (string | null)[]).includes(v) ? (v as VehicleType) : undefined;
}

function windowParams(w: StayWindow | null, mode?: StayMode, extra: Record<string, string> = {}, vehicleType?: VehicleType) {
  const p = new URLSearchParams(extra);
  if (w) {
    p.set('start', w.start);
    p.set('end', w.end);
  }
  if (mode) p.set('when', mode);
  if (vehicleType) p.set('vehicle_type', vehicleType);
  return p;
}

const withQuery = (path: string, p: URLSearchParams) => (p.size ? `${path}?${p}` : path);

/** /booking_details/:parking_id: pick times and see the quote (public), for the vehicle type a search carried. */
export const detailsPath = (parkingId: string, w: StayWindow | null = null, mode?: StayMode, vehicleType?: VehicleType) =>
  withQuery(`/booking_details/${encodeURIComponent(parkingId)}`, windowParams(w, mode, {}, vehicleType));

/** /parking/booking: vehicle, price and policy for a chosen window (behind login); a vehicle of the carried type is picked first. */
export const checkoutPath = (parkingId: string, w: StayWindow, mode?: StayMode, vehicleType?: VehicleType) =>
  withQuery('/parking/booking', windowParams(w, mode, { parking_id: parkingId }, vehicleType));

/** A monthly pass's start from a URL (?plan=monthly&start=), when it is an ISO 8601 instant with an offset. */
export function readPassStart(params: URLSearchParams): string | null {
  if (params.get('plan') !== 'monthly') return null;
  const start = params.get('start');
  return start && isIsoInstant(start) ? start : null;
}

/** /booking_details/:parking_id?plan=monthly: pick a monthly pass's start date (public). */
export const passDetailsPath = (parkingId: string, start?: string, vehicleType?: VehicleType) =>
  withQuery(`/booking_details/${encodeURIComponent(parkingId)}`, new URLSearchParams({ plan: 'monthly', ...(start && { start }), ...(vehicleType && { vehicle_type: vehicleType }) }));

/** /parking/booking?plan=monthly: vehicle, price and policy for a monthly pass (behind login). */
export const passCheckoutPath = (parkingId: string, start: string, vehicleType?: VehicleType) =>
  withQuery('/parking/booking', new URLSearchParams({ parking_id: parkingId, plan: 'monthly', start, ...(vehicleType && { vehicle_type: vehicleType }) }));

export const paymentPath = (bookingId: string) => `/Paymentstripe?booking=${encodeURIComponent(bookingId)}`;
export const successPath = (bookingId: string) => `/Sucesspopup?booking=${encodeURIComponent(bookingId)}`;
export const bookingPagePath = (bookingId: string) => `/parking/booking-details/${encodeURIComponent(bookingId)}`;
