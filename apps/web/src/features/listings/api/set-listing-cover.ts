import type { ListingPhoto } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateListing, setCachedPhotos } from './listing-keys';

interface Vars {
  listingId: string;
  photoId: string;
}

/** POST parkings/:id/photos/:photoId/cover: the photo drivers see first; answers all photos. */
export const setListingCover = ({ listingId, photoId }: Vars) =>
  apiFetch<{ result: ListingPhoto[] }>(`parkings/${encodeURIComponent(listingId)}/photos/${encodeURIComponent(photoId)}/cover`, { method: 'POST' }).then(
    (r) => r.result,
  );

export function useSetListingCover() {
  const queryClient = useQueryClient();
  return useMutation({
    // photo writes run one after another, so each answer reflects the ones before it
    scope: { id: 'listing-photos' },
    mutationFn: setListingCover,
    onSuccess: (photos, { listingId }) => {
      setCachedPhotos(queryClient, listingId, photos);
      return invalidateListing(queryClient, listingId);
    },
  });
}
