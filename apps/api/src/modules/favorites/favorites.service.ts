import { FAVORITES_MAX, type FavoriteListing, type FavoriteState } from '@parkly/shared/favorites';
import { roundCoordinate } from '@parkly/shared/listing-options';
import type { ParkingType } from '@parkly/shared/catalog';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import * as favorites from './favorites.repository';

import type { UrlOf } from '../../plugins/storage';

export type { UrlOf };


const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found');

function toDto(row: favorites.FavoriteRow, urlOf: UrlOf): FavoriteListing {
  return {
    id: row.id,
    title: row.title ?? '',
    parking_type: row.parking_type as ParkingType | null,
    status: row.status,
    available: row.status === 'active',
    locality: row.locality,
    city: row.city,
    lat: roundCoordinate(row.lat),
    lng: roundCoordinate(row.lng),
    hourly_rate: row.hourly_rate,
    daily_rate: row.daily_rate,
    weekly_rate: row.weekly_rate,
    monthly_rate: row.monthly_rate,
    currency: row.currency,
    cover_url: row.cover_key ? urlOf(row.cover_key) : null,
    cover_thumb_url: row.cover_thumb_key ? urlOf(row.cover_thumb_key) : null,
    rating: { average: row.rating_avg === null ? null : Number(row.rating_avg), count: row.rating_count },
    instant_book: row.instant_book,
    favorited_at: new Date(row.favorited_at).toISOString(),
  };
}

/** The user's saved listings that can still be seen, newest first. Drafts, deleted listings and gone hosts drop out. */
export async function listFavorites(db: Queryable, urlOf: UrlOf, userId: string) {
  return (await favorites.findFavorites(db, userId, FAVORITES_MAX)).map((row) => toDto(row, urlOf));
}

/**
 * Saves a public listing. Saving it again answers the same state with `created` false; an id that
 * names no public listing (malformed, unknown, draft, deleted) is simply not found.
 */
export async function addFavorite(db: Queryable, userId: string, listingId: string): Promise<{ state: FavoriteState; created: boolean }> {
  if (!isUuid(listingId) || !(await favorites.isPublicListing(db, listingId))) throw listingNotFound();
  const state = { parking_id: listingId, favorited: true };
  if (await favorites.hasFavorite(db, userId, listingId)) return { state, created: false };
  if ((await favorites.countFavorites(db, userId)) >= FAVORITES_MAX) {
    throw new AppError('CONFLICT', `You can keep up to ${FAVORITES_MAX} favorites. Remove one to save this space.`);
  }
  return { state, created: await favorites.insertFavorite(db, userId, listingId) };
}

/** Forgets a favorite; removing one that is not saved (any more) answers the same. */
export async function removeFavorite(db: Queryable, userId: string, listingId: string): Promise<FavoriteState> {
  if (!isUuid(listingId)) throw listingNotFound();
  await favorites.deleteFavorite(db, userId, listingId);
  return { parking_id: listingId, favorited: false };
}
