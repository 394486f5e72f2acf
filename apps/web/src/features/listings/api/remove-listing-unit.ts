import type { ListingUnit } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing, listingKeys } from './listing-keys';

interface Vars {
  listingId: string;
  unitId: string;
}

/** DELETE parkings/:id/units/:unitId: answers the remaining units; 409 when it has upcoming bookings or is the last one. */
export const removeListingUnit = ({ listingId, unitId }: Vars) =>
  apiFetch<{ result: ListingUnit[] }>(`parkings/${encodeURIComponent(listingId)}/units/${encodeURIComponent(unitId)}`, { method: 'DELETE' }).then(
    (r) => r.result,
  );

export function useRemoveListingUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListingUnit,
    onSuccess: (units, { listingId }) => {
      queryClient.setQueryData(listingKeys.units(listingId), units);
      return invalidateListing(queryClient, listingId);
    },
  });
}
