import type { Quote } from '@parkly/shared/bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** A stay's window, or a monthly pass's start (no end: it renews until notice; decision 038). */
export type QuoteWindow = { start: string; end: string } | { start: string; plan: 'monthly' };

/**
 * GET parkings/:id/quote?start&end (a stay) or ?start&plan=monthly (a pass: its first month, `end` that
 * month's end): the server's price, or why it cannot be booked (available false, reason, message). A bad
 * start or end is a 400 VALIDATION with errors per field. `vehicleType` motorcycle: a two-wheeler's price and a
 * free two-wheeler bay (decision 040); any other vehicle is priced as a car, as without it.
 */
export function getQuote(parkingId: string, w: QuoteWindow, signal?: AbortSignal, promoCode?: string | null, vehicleType?: string | null) {
  const params = new URLSearchParams({
    start: w.start,
    ...('end' in w ? { end: w.end } : { plan: w.plan }),
    ...(promoCode && { promo_code: promoCode }),
    ...(vehicleType === 'motorcycle' && { vehicle_type: vehicleType }),
  });
  return apiFetch<{ result: Quote }>(`parkings/${encodeURIComponent(parkingId)}/quote?${params}`, { signal }).then((r) => r.result);
}

/** `promoCode`: the quote with a promotion code's discount (a code that cannot be used: 400/409 on promo_code). */
export const quoteQueryOptions = (parkingId: string, w: QuoteWindow, promoCode?: string | null, vehicleType?: string | null) =>
  queryOptions({
    queryKey: checkoutKeys.quote(parkingId, w.start, 'end' in w ? w.end : w.plan, promoCode, vehicleType === 'motorcycle'),
    queryFn: ({ signal }) => getQuote(parkingId, w, signal, promoCode, vehicleType),
    // availability moves as others book: a quote is fresh for a short while only
    staleTime: 15_000,
  });

/** The quote of a window; while the next window's quote loads the last one stays on screen (isPlaceholderData). */
export function useQuote(parkingId: string, w: QuoteWindow | null, promoCode?: string | null, vehicleType?: string | null) {
  return useQuery({
    ...quoteQueryOptions(parkingId, w ?? { start: '', end: '' }, promoCode, vehicleType),
    enabled: Boolean(parkingId && w),
    placeholderData: keepPreviousData,
  });
}
