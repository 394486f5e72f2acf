import type { ListingPhoto } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing, setCachedPhotos } from './listing-keys';

interface Vars {
  listingId: string;
  photoId: string;
}

/** DELETE parkings/:id/photos/:photoId: answers the remaining photos (409 for the last photo of a live listing). */
export const deleteListingPhoto = ({ listingId, photoId }: Vars) =>
  apiFetch<{ result: ListingPhoto[] }>(`parkings/${encodeURIComponent(listingId)}/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' }).then(
    (r) => r.result,
  );

export function useDeleteListingPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    // photo writes run one after another, so each answer reflects the ones before it
    scope: { id: 'listing-photos' },
    mutationFn: deleteListingPhoto,
    onSuccess: (photos, { listingId }) => {
      setCachedPhotos(queryClient, listingId, photos);
      return invalidateListing(queryClient, listingId);
    },
  });
}
