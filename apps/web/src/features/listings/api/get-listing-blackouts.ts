import type { ListingBlackout } from '@parkly/shared/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** GET parkings/:id/blackouts: the periods the host has blocked (no bookings then). */
export const getListingBlackouts = (listingId: string, signal?: AbortSignal) =>
  apiFetch<{ result: ListingBlackout[] }>(`parkings/${encodeURIComponent(listingId)}/blackouts`, { signal }).then((r) => r.result);

export const listingBlackoutsQueryOptions = (listingId: string) =>
  queryOptions({
    queryKey: listingKeys.blackouts(listingId),
    queryFn: ({ signal }) => getListingBlackouts(listingId, signal),
    enabled: listingId !== '',
  });

export function useListingBlackouts(listingId: string) {
  return useQuery(listingBlackoutsQueryOptions(listingId));
}
