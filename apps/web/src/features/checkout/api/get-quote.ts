import type { Quote } from '@parkly/shared/bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

export interface QuoteWindow {
  start: string;
  end: string;
}

/**
 * GET parkings/:id/quote?start&end: the server's price of a window, or why it cannot be booked
 * (available false, reason, message). A bad start or end is a 400 VALIDATION with errors per field.
 */
export function getQuote(parkingId: string, w: QuoteWindow, signal?: AbortSignal) {
  const params = new URLSearchParams({ start: w.start, end: w.end });
  return apiFetch<{ result: Quote }>(`parkings/${encodeURIComponent(parkingId)}/quote?${params}`, { signal }).then((r) => r.result);
}

export const quoteQueryOptions = (parkingId: string, w: QuoteWindow) =>
  queryOptions({
    queryKey: checkoutKeys.quote(parkingId, w.start, w.end),
    queryFn: ({ signal }) => getQuote(parkingId, w, signal),
    // availability moves as others book: a quote is fresh for a short while only
    staleTime: 15_000,
  });

/** The quote of a window; while the next window's quote loads the last one stays on screen (isPlaceholderData). */
export function useQuote(parkingId: string, w: QuoteWindow | null) {
  return useQuery({
    ...quoteQueryOptions(parkingId, w ?? { start: '', end: '' }),
    enabled: Boolean(parkingId && w),
    placeholderData: keepPreviousData,
  });
}
