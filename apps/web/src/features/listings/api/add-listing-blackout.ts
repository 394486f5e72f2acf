import type { BlackoutInput, ListingBlackout } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing } from './listing-keys';

interface Vars {
  listingId: string;
  blackout: BlackoutInput;
}

/** POST parkings/:id/blackouts {start, end, reason?}: ISO date-times with an offset. */
export const addListingBlackout = ({ listingId, blackout }: Vars) =>
  apiFetch<{ result: ListingBlackout }>(`parkings/${encodeURIComponent(listingId)}/blackouts`, { method: 'POST', body: blackout }).then((r) => r.result);

export function useAddListingBlackout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addListingBlackout, onSuccess: (_b, { listingId }) => invalidateListing(queryClient, listingId) });
}
