import { one, type Queryable } from '../../db/database';
import { cardColumnsSql, publicListingSql, type CardRow } from '../listings/listing-card';

/** A saved listing with what its card shows; only public columns are selected. */
export interface FavoriteRow extends CardRow {
  status: 'active' | 'paused';
  favorited_at: Date | string;
}

const PUBLIC_LISTING = publicListingSql();

/** The user's favorites that the public may still see, newest first. */
export function findFavorites(db: Queryable, userId: string, limit: number) {
  return db.query<FavoriteRow>(
    `SELECT ${cardColumnsSql()}, l.status, f.created_at AS favorited_at
       FROM favorites f
       JOIN listings l ON l.id = f.listing_id
       JOIN users u ON u.id = l.host_id
       LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
      WHERE f.user_id = $1 AND ${PUBLIC_LISTING}
      ORDER BY f.created_at DESC, l.id
      LIMIT $2`,
    [userId, limit],
  );
}

export async function isPublicListing(db: Queryable, listingId: string): Promise<boolean> {
  const row = await one(db, `SELECT 1 FROM listings l JOIN users u ON u.id = l.host_id WHERE l.id = $1 AND ${PUBLIC_LISTING}`, [listingId]);
  return row !== undefined;
}

export async function countFavorites(db: Queryable, userId: string): Promise<number> {
  const row = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM favorites WHERE user_id = $1`, [userId]);
  return row?.n ?? 0;
}

export async function hasFavorite(db: Queryable, userId: string, listingId: string): Promise<boolean> {
  return (await one(db, `SELECT 1 FROM favorites WHERE user_id = $1 AND listing_id = $2`, [userId, listingId])) !== undefined;
}

/** Saves the favorite; false when it was already saved (a second save changes nothing). */
export async function insertFavorite(db: Queryable, userId: string, listingId: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO favorites (user_id, listing_id) VALUES ($1, $2) ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING listing_id`,
    [userId, listingId],
  );
  return rows.length > 0;
}

export async function deleteFavorite(db: Queryable, userId: string, listingId: string) {
  await db.query(`DELETE FROM favorites WHERE user_id = $1 AND listing_id = $2`, [userId, listingId]);
}
