import type { ListingBlackout } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing, listingKeys } from './listing-keys';

interface Vars {
  listingId: string;
  blackoutId: string;
}

/** DELETE parkings/:id/blackouts/:blackoutId: answers the remaining blocked periods. */
export const removeListingBlackout = ({ listingId, blackoutId }: Vars) =>
  apiFetch<{ result: ListingBlackout[] }>(`parkings/${encodeURIComponent(listingId)}/blackouts/${encodeURIComponent(blackoutId)}`, {
    method: 'DELETE',
  }).then((r) => r.result);

export function useRemoveListingBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListingBlackout,
    onSuccess: (blackouts, { listingId }) => {
      queryClient.setQueryData(listingKeys.blackouts(listingId), blackouts);
      return invalidateListing(queryClient, listingId);
    },
  });
}
