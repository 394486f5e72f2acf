import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES } from '@parkly/shared/constants';
import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest } from '../../lib/app-error';
import { sniffType, type UploadedFile } from '../../lib/file-checks';
import type { Storage } from '../../plugins/storage';
import { isUuid, ownedListing, type Actor } from './listing-access';
import { auditAdminChange } from './listing-audit';
import { toPhoto } from './listing-dto';
import * as photos from './listing-photos.repository';
import { encodeListingPhoto } from './photo-encoding';

const TOO_MANY = `A listing can have at most ${LISTING_LIMITS.photosMax} photos. Remove one to add another.`;
const photoNotFound = () => new AppError('NOT_FOUND', 'Photo not found');
const urlOf = (storage: Storage) => (key: string) => storage.publicPath(key);

async function assertRoomForPhoto(tx: Queryable, listingId: string) {
  if ((await photos.countPhotos(tx, listingId)) >= LISTING_LIMITS.photosMax) throw new AppError('CONFLICT', TOO_MANY);
}

/**
 * Adds a photo. Ownership and the photo limit are checked before the upload is even read, and
 * again when the row goes in (another upload may have landed meanwhile); files of a refused photo
 * are removed.
 */
export async function addPhoto(db: Database, storage: Storage, actor: Actor, listingId: string, readFile: () => Promise<UploadedFile>) {
  await ownedListing(db, actor, listingId);
  await assertRoomForPhoto(db, listingId);
  const file = await readFile();
  if (!(await sniffType(file.buffer, IMAGE_TYPES))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Choose a JPEG, PNG or WebP photo.');
  const encoded = await encodeListingPhoto(file.buffer);
  const base = `listings/${listingId}/${randomUUID()}`;
  const keys = { largeKey: `${base}-lg.webp`, thumbKey: `${base}-th.webp` };
  await storage.put(keys.largeKey, encoded.large, 'public');
  await storage.put(keys.thumbKey, encoded.thumb, 'public');
  try {
    const row = await db.transaction(async (tx) => {
      const listing = await ownedListing(tx, actor, listingId, { lock: true });
      await assertRoomForPhoto(tx, listingId);
      const inserted = await photos.insertPhoto(tx, listingId, { ...keys, width: encoded.width, height: encoded.height });
      await photos.touchListing(tx, listingId);
      await auditAdminChange(tx, actor, listing, { action: 'listing_photo.add', after: { photo_id: inserted.id, is_cover: inserted.is_cover } });
      return inserted;
    });
    return toPhoto(row, urlOf(storage));
  } catch (err) {
    await removeFiles(storage, listingId, [keys.largeKey, keys.thumbKey]);
    throw err;
  }
}

/** Removes a photo and its files; when it was the cover, the first remaining photo takes over. */
export async function deletePhoto(db: Database, storage: Storage, actor: Actor, listingId: string, photoId: string) {
  const { removed, list } = await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    if (!isUuid(photoId)) throw photoNotFound();
    const listed = listing.status === 'active' || listing.status === 'paused';
    if (listed && (await photos.countPhotos(tx, listingId)) <= 1) {
      throw new AppError('CONFLICT', 'A listed space needs at least one photo. Add another photo before removing this one.');
    }
    const row = await photos.deletePhoto(tx, listingId, photoId);
    if (!row) throw photoNotFound();
    if (row.is_cover) await photos.setCover(tx, listingId, null);
    const rest = await photos.findPhotos(tx, listingId);
    await photos.setPositions(tx, listingId, rest.map((p) => p.id));
    await photos.touchListing(tx, listingId);
    await auditAdminChange(tx, actor, listing, { action: 'listing_photo.delete', before: { photo_id: row.id, is_cover: row.is_cover } });
    return { removed: row, list: await photos.findPhotos(tx, listingId) };
  });
  await removeFiles(storage, listingId, [removed.large_key, removed.thumb_key]);
  return list.map((p) => toPhoto(p, urlOf(storage)));
}

/** New order of all the listing's photos: the list must name each of them exactly once. */
export async function reorderPhotos(db: Database, storage: Storage, actor: Actor, listingId: string, photoIds: string[]) {
  const list = await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const current = await photos.findPhotos(tx, listingId);
    const known = new Set(current.map((p) => p.id));
    const sameSet = photoIds.length === current.length && new Set(photoIds).size === photoIds.length && photoIds.every((id) => known.has(id));
    if (!sameSet) {
      const message = `Send the ids of all ${current.length} photos of this listing, each once, in the new order.`;
      throw badRequest(message, { photo_ids: message });
    }
    await photos.setPositions(tx, listingId, photoIds);
    await photos.touchListing(tx, listingId);
    const before = current.map((p) => p.id);
    if (before.join() !== photoIds.join()) await auditAdminChange(tx, actor, listing, { action: 'listing_photo.reorder', before: { photo_ids: before }, after: { photo_ids: photoIds } });
    return photos.findPhotos(tx, listingId);
  });
  return list.map((p) => toPhoto(p, urlOf(storage)));
}

export async function setCoverPhoto(db: Database, storage: Storage, actor: Actor, listingId: string, photoId: string) {
  const list = await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const cover = (await photos.findPhotos(tx, listingId)).find((p) => p.is_cover)?.id ?? null;
    if (!isUuid(photoId) || !(await photos.setCover(tx, listingId, photoId))) throw photoNotFound();
    await photos.touchListing(tx, listingId);
    if (cover !== photoId) await auditAdminChange(tx, actor, listing, { action: 'listing_photo.cover', before: { cover_photo_id: cover }, after: { cover_photo_id: photoId } });
    return photos.findPhotos(tx, listingId);
  });
  return list.map((p) => toPhoto(p, urlOf(storage)));
}

/**
 * Deletes files this module stored for this listing. Keys elsewhere (the shared demo pictures) are
 * left alone, and a file that cannot be removed is not worth failing the request for.
 */
async function removeFiles(storage: Storage, listingId: string, keys: string[]) {
  const own = keys.filter((k) => k.startsWith(`listings/${listingId}/`));
  await Promise.allSettled(own.map((k) => storage.remove(k, 'public')));
}
