import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListingInput, ManagedListing } from '@parkly/shared/listings';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** PATCH parkings/:id with only the fields being saved; answers the whole managed listing. */
export const updateListing = ({ id, input }: { id: string; input: ListingInput }) =>
  apiFetch<{ result: ManagedListing }>(`parkings/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }).then((r) => r.result);

/**
 * Every write answers the managed listing: keep it as the cached one, and refresh what it changes
 * elsewhere (units follow the capacity; the host's list shows title, rates and status).
 */
export function storeManagedListing(queryClient: QueryClient, listing: ManagedListing) {
  queryClient.setQueryData(listingKeys.manage(listing.id), listing);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingKeys.listing(listing.id), predicate: (q) => q.queryKey[2] !== 'manage' }),
    queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
  ]);
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateListing, onSuccess: (listing) => storeManagedListing(queryClient, listing) });
}
