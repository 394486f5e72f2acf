import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingInput, ManagedListing } from '@parkly/shared/listings';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** POST parkings: starts a draft (201) with whatever the first step gave. */
export const createListing = (input: ListingInput) => apiFetch<{ result: ManagedListing }>('parkings', { method: 'POST', body: input }).then((r) => r.result);

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.manage(listing.id), listing);
      return queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
    },
  });
}
