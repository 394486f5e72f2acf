import { FAVORITES_MAX, type FavoriteListing, type FavoriteState } from '@parkly/shared/favorites';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { toCard } from '../listings/listing-card';
import * as favorites from './favorites.repository';

import type { UrlOf } from '../../plugins/storage';

export type { UrlOf };


const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found');

function toDto(row: favorites.FavoriteRow, urlOf: UrlOf): FavoriteListing {
  return { ...toCard(row, urlOf), status: row.status, available: row.status === 'active', favorited_at: new Date(row.favorited_at).toISOString() };
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
