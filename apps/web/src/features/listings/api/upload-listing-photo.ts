import { API_BASE } from '@parkly/shared/constants';
import type { ErrorBody } from '@parkly/shared/errors';
import type { ListingPhoto, ManagedListing } from '@parkly/shared/listings';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { invalidateListing, listingKeys } from './listing-keys';

/**
 * POST parkings/:id/photos, multipart field `file`. XMLHttpRequest rather than apiFetch because
 * fetch cannot report upload progress, and a 10 MB photo on a phone connection takes a while.
 * Errors come back as the same ApiError apiFetch throws (413, 415, 409 at 20 photos, …).
 */
export function uploadListingPhoto(listingId: string, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<ListingPhoto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/parkings/${encodeURIComponent(listingId)}/photos`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json) resolve((json as { result: ListingPhoto }).result);
      else reject(new ApiError(xhr.status, (json as Partial<ErrorBody> | undefined) ?? (xhr.status === 413 ? { message: 'The file is too large (at most 10 MB)' } : {})));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network issue or server is unavailable.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** Puts a freshly uploaded photo into the cached listing at once, then refreshes it from the server. */
export function afterPhotoUploaded(queryClient: QueryClient, listingId: string, photo: ListingPhoto) {
  queryClient.setQueryData<ManagedListing>(listingKeys.manage(listingId), (old) =>
    old && !old.photos.some((p) => p.id === photo.id) ? { ...old, photos: [...old.photos, photo] } : old,
  );
  return invalidateListing(queryClient, listingId);
}
