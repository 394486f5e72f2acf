import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** DELETE parkings/:id: a soft delete, refused (409) while the listing has upcoming bookings. */
export const deleteListing = (id: string) =>
  apiFetch<{ result: { id: string; status: 'deleted' } }>(`parkings/${encodeURIComponent(id)}`, { method: 'DELETE' }).then((r) => r.result);

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: listingKeys.listing(id) });
      return queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
    },
  });
}
