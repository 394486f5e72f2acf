import type { HostBookingsAnswer } from '@parkly/shared/host-bookings';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { hostBookingKeys } from './host-booking-keys';

export const HOST_HISTORY_PAGE_SIZE = 20;

/** GET host/bookings?…&limit=&cursor=: one page of the host's bookings, with the filter's totals. */
export function listHostBookings(query: URLSearchParams, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams(query);
  params.set('limit', String(HOST_HISTORY_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<HostBookingsAnswer>(`host/bookings?${params}`, { signal });
}

export const hostBookingsQueryOptions = (query: URLSearchParams) =>
  infiniteQueryOptions({
    queryKey: hostBookingKeys.list(query.toString()),
    queryFn: ({ pageParam, signal }) => listHostBookings(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
  });

/** The history for one filter, page by page ("Load more" calls fetchNextPage). */
export const useHostBookings = (query: URLSearchParams, enabled = true) => useInfiniteQuery({ ...hostBookingsQueryOptions(query), enabled });
