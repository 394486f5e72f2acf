import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@parkly/shared/constants';
import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { listingKeys } from '../api/listing-keys';
import { afterPhotoUploaded, uploadListingPhoto } from '../api/upload-listing-photo';

export type UploadStatus = 'waiting' | 'uploading' | 'failed';

export interface PhotoUpload {
  key: string;
  name: string;
  /** an object URL of the picked file, shown until the server's thumbnail replaces it ('' for a file that is not a photo) */
  preview: string;
  status: UploadStatus;
  /** 0 to 1 while uploading */
  progress: number;
  error?: string;
  /** a network or server failure: trying again may work (a wrong type or size never will) */
  retryable?: boolean;
  file: File;
}

export const TOO_MANY_PHOTOS = `A listing can have at most ${LISTING_LIMITS.photosMax} photos. Remove one to add another.`;

const isImage = (file: File) => (IMAGE_TYPES as readonly string[]).includes(file.type);

/** The same words the server uses, so a file refused here reads like one refused there. */
function checkFile(file: File): string | null {
  if (!isImage(file)) return 'Choose a JPEG, PNG or WebP photo.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is too large (at most 10 MB)';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'The upload failed. Please try again.');
// 5xx stays a status-class check: an answer without our body (a proxy's 502/504, or its own 413) gets the
// code INTERNAL from ApiError, so no single code tells a passing server fault (retry) from a refusal (do not)
const isRetryable = (err: unknown) => !(err instanceof ApiError) || err.code === 'NETWORK' || err.code === 'RATE_LIMITED' || err.status >= 500;

let counter = 0;

/**
 * Uploads picked or dropped photos one at a time (in the order chosen), each with a local preview,
 * its progress and, when refused, the reason. A finished upload leaves the list: the photo is in
 * the listing by then. Uploads keep going if the component unmounts (a host moving on to the next
 * step of the wizard should not lose photos).
 */
export function usePhotoUploads(listingId: string, photoCount: number, onUploaded: (name: string) => void) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const previews = useRef(new Set<string>());
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  // release the previews still held when the manager goes away
  useEffect(() => {
    const held = previews.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const patch = useCallback((key: string, change: Partial<PhotoUpload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const drop = useCallback((key: string) => {
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone?.preview) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((u) => u.key !== key);
    });
  }, []);

  const run = useCallback(
    (item: PhotoUpload) => {
      chain.current = chain.current.then(async () => {
        patch(item.key, { status: 'uploading', progress: 0, error: undefined });
        try {
          const photo = await uploadListingPhoto(listingId, item.file, (progress) => patch(item.key, { progress }));
          await afterPhotoUploaded(queryClient, listingId, photo).catch(() => undefined);
          drop(item.key);
          onUploadedRef.current(item.name);
        } catch (err) {
          patch(item.key, { status: 'failed', error: messageOf(err), retryable: isRetryable(err) });
          // the upload bypasses apiFetch; asking again through it runs the usual logout flow for an expired session
          if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') void queryClient.invalidateQueries({ queryKey: listingKeys.manage(listingId) });
        }
      });
    },
    [listingId, queryClient, patch, drop],
  );

  const active = uploads.filter((u) => u.status !== 'failed').length;

  const add = useCallback(
    (files: File[]) => {
      let room = LISTING_LIMITS.photosMax - photoCount - active;
      const items: PhotoUpload[] = files.map((file) => {
        const problem = checkFile(file) ?? (room <= 0 ? TOO_MANY_PHOTOS : null);
        // only a photo we will send gets a preview: a PDF, a HEIC or a refused file would show as a broken image
        const preview = problem ? '' : URL.createObjectURL(file);
        if (preview) previews.current.add(preview);
        if (!problem) room--;
        return { key: `u${++counter}`, name: file.name, preview, file, progress: 0, status: problem ? 'failed' : 'waiting', error: problem ?? undefined };
      });
      setUploads((list) => [...list, ...items]);
      items.filter((i) => i.status === 'waiting').forEach(run);
    },
    [photoCount, active, run],
  );

  const retry = useCallback(
    (key: string) => {
      const item = uploads.find((u) => u.key === key);
      if (!item) return;
      patch(key, { status: 'waiting', error: undefined, progress: 0 });
      run(item);
    },
    [uploads, patch, run],
  );

  return { uploads, add, retry, dismiss: drop, busy: active > 0 };
}
