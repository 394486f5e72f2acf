import { one, type Queryable } from '../../db/database';

export interface PhotoRow {
  id: string;
  large_key: string;
  thumb_key: string;
  width: number;
  height: number;
  position: number;
  is_cover: boolean;
}

const PHOTO_COLUMNS = 'id, large_key, thumb_key, width, height, position, is_cover';

/**
 * The listing's photos in the host's order, or as guests see them: the cover first, then the rest
 * in the host's order.
 */
export function findPhotos(db: Queryable, listingId: string, order: 'position' | 'cover-first' = 'position') {
  const coverFirst = order === 'cover-first' ? 'is_cover DESC, ' : '';
  return db.query<PhotoRow>(
    `SELECT ${PHOTO_COLUMNS} FROM listing_photos WHERE listing_id = $1 ORDER BY ${coverFirst}position, created_at, id`,
    [listingId],
  );
}

export async function countPhotos(db: Queryable, listingId: string): Promise<number> {
  const row = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM listing_photos WHERE listing_id = $1`, [listingId]);
  return row?.n ?? 0;
}

/** Appends a photo; the first one of a listing becomes its cover. */
export function insertPhoto(db: Queryable, listingId: string, p: { largeKey: string; thumbKey: string; width: number; height: number }) {
  return one<PhotoRow>(
    db,
    `INSERT INTO listing_photos (listing_id, large_key, thumb_key, width, height, position, is_cover)
     SELECT $1, $2, $3, $4, $5, COALESCE(max(position) + 1, 0), NOT (bool_or(is_cover) IS TRUE)
       FROM listing_photos WHERE listing_id = $1
     RETURNING ${PHOTO_COLUMNS}`,
    [listingId, p.largeKey, p.thumbKey, p.width, p.height],
  ) as Promise<PhotoRow>;
}

export function deletePhoto(db: Queryable, listingId: string, photoId: string) {
  return one<PhotoRow>(db, `DELETE FROM listing_photos WHERE listing_id = $1 AND id = $2 RETURNING ${PHOTO_COLUMNS}`, [listingId, photoId]);
}

/** Numbers the photos 0..n-1 in the given order (ids must be exactly the listing's photos). */
export async function setPositions(db: Queryable, listingId: string, orderedIds: string[]) {
  await db.query(
    `UPDATE listing_photos p SET position = o.ord - 1
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
      WHERE p.listing_id = $1 AND p.id = o.id`,
    [listingId, orderedIds],
  );
}

/** Makes one photo the cover, or the first one in order when photoId is null; false when the photo is not the listing's. */
export async function setCover(db: Queryable, listingId: string, photoId: string | null): Promise<boolean> {
  const target = await one<{ id: string }>(
    db,
    photoId
      ? `SELECT id FROM listing_photos WHERE listing_id = $1 AND id = $2`
      : `SELECT id FROM listing_photos WHERE listing_id = $1 ORDER BY position, created_at, id LIMIT 1`,
    photoId ? [listingId, photoId] : [listingId],
  );
  if (!target) return false;
  // two statements: a unique index is checked row by row, so swapping in one UPDATE could clash
  await db.query(`UPDATE listing_photos SET is_cover = false WHERE listing_id = $1 AND is_cover AND id <> $2`, [listingId, target.id]);
  await db.query(`UPDATE listing_photos SET is_cover = true WHERE id = $1`, [target.id]);
  return true;
}

export async function touchListing(db: Queryable, listingId: string) {
  await db.query(`UPDATE listings SET updated_at = now() WHERE id = $1`, [listingId]);
}
