import type { ListingSummary } from '@parkly/shared/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** GET parkings/mine: every listing of the signed-in host (drafts included, deleted ones left out), newest first. */
export const getMyListings = (signal?: AbortSignal) => apiFetch<{ result: ListingSummary[] }>('parkings/mine', { signal }).then((r) => r.result);

export const myListingsQueryOptions = () => queryOptions({ queryKey: listingKeys.mine(), queryFn: ({ signal }) => getMyListings(signal) });

export function useMyListings() {
  return useQuery(myListingsQueryOptions());
}
