import type { Booking, BookingListKind } from '@parkly/shared/bookings';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

export const BOOKINGS_PAGE_SIZE = 10;

export interface BookingsPage {
  result: Booking[];
  next_cursor?: string;
}

/** GET bookings?status=&limit=&cursor=: one page of the signed-in driver's bookings in a tab. */
export function listBookings(status: BookingListKind, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ status, limit: String(BOOKINGS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<BookingsPage>(`bookings?${params}`, { signal });
}

export const bookingsQueryOptions = (status: BookingListKind) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(status),
    queryFn: ({ pageParam, signal }) => listBookings(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
  });

/** One tab of My Bookings, page by page ("Load more" calls fetchNextPage). */
export const useBookings = (status: BookingListKind) => useInfiniteQuery(bookingsQueryOptions(status));
