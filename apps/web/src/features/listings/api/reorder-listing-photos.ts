import type { ListingPhoto, ManagedListing } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing, listingKeys, setCachedPhotos } from './listing-keys';

interface Vars {
  listingId: string;
  /** the ids of all the listing's photos, in the new order */
  photoIds: string[];
}

/** PUT parkings/:id/photos/order {photo_ids}: answers the photos in their new order. */
export const reorderListingPhotos = ({ listingId, photoIds }: Vars) =>
  apiFetch<{ result: ListingPhoto[] }>(`parkings/${encodeURIComponent(listingId)}/photos/order`, { method: 'PUT', body: { photo_ids: photoIds } }).then(
    (r) => r.result,
  );

/** Moves the photos at once (a drag must not jump back while the server answers); undone if the server refuses. */
export function useReorderListingPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    // photo writes run one after another, so each answer reflects the ones before it
    scope: { id: 'listing-photos' },
    mutationFn: reorderListingPhotos,
    onMutate: async ({ listingId, photoIds }) => {
      const key = listingKeys.manage(listingId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ManagedListing>(key);
      if (previous) {
        const byId = new Map(previous.photos.map((p) => [p.id, p]));
        const photos = photoIds.flatMap((id, position) => {
          const p = byId.get(id);
          return p ? [{ ...p, position }] : [];
        });
        setCachedPhotos(queryClient, listingId, photos);
      }
      return { previous };
    },
    onError: (_err, { listingId }, context) => {
      if (context?.previous) queryClient.setQueryData(listingKeys.manage(listingId), context.previous);
    },
    onSuccess: (photos, { listingId }) => setCachedPhotos(queryClient, listingId, photos),
    onSettled: (_data, _err, { listingId }) => invalidateListing(queryClient, listingId),
  });
}
