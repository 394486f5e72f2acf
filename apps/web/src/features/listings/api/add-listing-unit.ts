import type { ListingUnit } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing } from './listing-keys';

interface Vars {
  listingId: string;
  label: string;
}

/** POST parkings/:id/units {label}: one more space; the listing's capacity follows (409 for a label already used). */
export const addListingUnit = ({ listingId, label }: Vars) =>
  apiFetch<{ result: ListingUnit }>(`parkings/${encodeURIComponent(listingId)}/units`, { method: 'POST', body: { label } }).then((r) => r.result);

export function useAddListingUnit() {
  const queryClient = useQueryClient();
  // the units list, the capacity in the managed listing and the host's list all change
  return useMutation({ mutationFn: addListingUnit, onSuccess: (_unit, { listingId }) => invalidateListing(queryClient, listingId) });
}
