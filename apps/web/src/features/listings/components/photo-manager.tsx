import type { ListingPhoto } from '@parkly/shared/listings';
import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteListingPhoto } from '../api/delete-listing-photo';
import { useManagedListing } from '../api/get-managed-listing';
import { useReorderListingPhotos } from '../api/reorder-listing-photos';
import { useSetListingCover } from '../api/set-listing-cover';
import { PhotoDropZone } from './photo-drop-zone';
import { PhotoTile, type PhotoAction } from './photo-tile';
import { UploadTile } from './upload-tile';
import { stepped, usePhotoDrag } from './use-photo-drag';
import { usePhotoUploads } from './use-photo-uploads';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');
/** As drivers see them: the cover first, then the others by position. */
const driverOrder = (a: ListingPhoto, b: ListingPhoto) => Number(b.is_cover) - Number(a.is_cover) || a.position - b.position;

/**
 * A listing's photos (from GET parkings/:id/manage): add them by dropping or picking (uploaded one
 * by one with a preview and progress), reorder them by dragging or with the Move buttons, choose
 * the cover and delete. Every change goes to the server at once; there is nothing to save.
 */
export function PhotoManager({ listingId }: { listingId: string }) {
  const listing = useManagedListing(listingId);
  const photos = [...(listing.data?.photos ?? [])].sort(driverOrder);
  const ids = photos.map((p) => p.id);
  const coverId = photos[0]?.is_cover ? photos[0].id : null;
  const [announcement, setAnnouncement] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<ListingPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reorder = useReorderListingPhotos();
  const setCover = useSetListingCover();
  const remove = useDeleteListingPhoto();
  const uploads = usePhotoUploads(listingId, photos.length, (name) => setAnnouncement(`${name} uploaded`));

  // focus follows a photo moved with the buttons (React may re-insert its tile, which drops focus);
  // a passive effect, so a closing dialog has released its focus trap by then
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; action: PhotoAction; at?: number } | null>(null);
  useEffect(() => {
    const want = refocus.current;
    // wait until the photo has reached its new place (the optimistic move lands a moment after the click)
    if (!want || (want.at !== undefined && ids.indexOf(want.id) !== want.at)) return;
    refocus.current = null;
    const el = buttons.current.get(`${want.id}:${want.action}`);
    const fallback = buttons.current.get(`${want.id}:${want.action === 'earlier' ? 'later' : want.action === 'later' ? 'earlier' : 'delete'}`);
    (el && !el.disabled ? el : fallback)?.focus();
  });

  const commitOrder = (order: string[], movedId: string) => {
    setError(null);
    const to = order.indexOf(movedId) + 1;
    reorder.mutate(
      { listingId, photoIds: order },
      {
        onSuccess: () => setAnnouncement(`Photo moved to position ${to} of ${order.length}`),
        onError: (err) => {
          refocus.current = null;
          setError(messageOf(err));
        },
      },
    );
  };
  const drag = usePhotoDrag(ids, commitOrder, coverId);

  // the dialog has no Radix trigger to hand focus back to, so focus goes to a photo's Delete button:
  // set only as the dialog closes, since while open it keeps focus inside itself
  const closeDelete = (focusId: string | undefined) => {
    if (focusId) refocus.current = { id: focusId, action: 'delete' };
    setConfirmDelete(null);
  };

  const onAction = (photo: ListingPhoto, action: PhotoAction) => {
    setError(null);
    if (action === 'delete') return setConfirmDelete(photo);
    if (action === 'cover') {
      return setCover.mutate(
        { listingId, photoId: photo.id },
        {
          onSuccess: () => {
            // the new cover moves to the front and loses its Make cover button: keep focus on the photo
            refocus.current = { id: photo.id, action: 'delete', at: 0 };
            setAnnouncement('Cover photo changed. It is now shown first.');
          },
          onError: (err) => setError(messageOf(err)),
        },
      );
    }
    const order = stepped(ids, photo.id, action === 'earlier' ? -1 : 1, coverId);
    refocus.current = { id: photo.id, action, at: order.indexOf(photo.id) };
    commitOrder(order, photo.id);
  };

  if (listing.isPending) return <Spinner label="Loading photos" />;
  if (listing.isError) return <FormAlert message={`We could not load the photos: ${messageOf(listing.error)}`} />;

  const ordered = drag.order.map((id) => photos.find((p) => p.id === id)).filter((p): p is ListingPhoto => p !== undefined);
  const full = photos.length >= LISTING_LIMITS.photosMax;

  return (
    <div className="space-y-4">
      <PhotoDropZone onFiles={uploads.add} full={full} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-semibold text-slate-900">
          {photos.length} of {LISTING_LIMITS.photosMax} photos
        </p>
        {photos.length > 1 && (
          <p className="text-xs text-slate-600">
            {photos.length > 2 ? 'The cover is shown first. Drag the others, or use the arrows, to set their order.' : 'The cover is shown first.'}
          </p>
        )}
      </div>
      <div aria-live="polite">
        <FormAlert message={error} />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {ordered.length + uploads.uploads.length > 0 && (
        <ul aria-label="Photos" className={`grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 ${drag.draggingId ? 'select-none' : ''}`}>
          {ordered.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              total={ordered.length}
              movable={!photo.is_cover && ordered.length > (coverId ? 2 : 1)}
              firstMovable={index === (coverId ? 1 : 0)}
              dragging={drag.draggingId === photo.id}
              onAction={(action) => onAction(photo, action)}
              onGrab={(e) => drag.start(photo.id, e)}
              buttonRef={(action) => (el) => {
                if (el) buttons.current.set(`${photo.id}:${action}`, el);
                else buttons.current.delete(`${photo.id}:${action}`);
              }}
            />
          ))}
          {uploads.uploads.map((u) => (
            <UploadTile key={u.key} upload={u} onRetry={() => uploads.retry(u.key)} onDismiss={() => uploads.dismiss(u.key)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && closeDelete(confirmDelete?.id)}
        title="Delete this photo?"
        description={
          confirmDelete?.is_cover && photos.length > 1
            ? 'It is the cover photo: the next photo becomes the cover. This cannot be undone.'
            : 'Drivers will no longer see it. This cannot be undone.'
        }
        confirmLabel="Delete photo"
        busyLabel="Deleting…"
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (!confirmDelete) return;
          // once deleted, focus goes to the photo that takes its place
          const at = ids.indexOf(confirmDelete.id);
          const neighbour = ids[at + 1] ?? ids[at - 1];
          remove.mutate(
            { listingId, photoId: confirmDelete.id },
            {
              onSuccess: () => setAnnouncement('Photo deleted'),
              onError: (err) => setError(messageOf(err)),
              onSettled: (_photos, err) => closeDelete(err ? confirmDelete.id : neighbour),
            },
          );
        }}
      />
    </div>
  );
}
