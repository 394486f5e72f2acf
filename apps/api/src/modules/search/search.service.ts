import { PARKING_TYPE_KEYS, type ParkingType } from '@parkly/shared/catalog';
import { roundCoordinate } from '@parkly/shared/listing-options';
import { ratesFor, vehicleKindOf, type VehicleKind } from '@parkly/shared/pricing';
import { toCard } from '../listings/listing-card';
import { SEARCH_LIMITS, type SearchAnswer, type SearchQuery, type SearchResult, type SearchSort, type TypeCounts } from '@parkly/shared/search';
import type { Database, Queryable } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import * as repo from './search.repository';

import type { UrlOf } from '../../plugins/storage';

export type { UrlOf };


/** A page's position: the sort it belongs to and the last row's keys, opaque to clients. */
function encodeCursor(sort: SearchSort, row: { k1: number; k2: number; id: string }) {
  return Buffer.from(JSON.stringify([sort, row.k1, row.k2, row.id])).toString('base64url');
}

const badCursor = () => badRequest('cursor is not valid: start the search again', { cursor: 'cursor is not valid' });

function decodeCursor(cursor: string, sort: SearchSort) {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw badCursor();
  const [s, k1, k2, id] = parts as unknown[];
  if (s !== sort || typeof k1 !== 'number' || typeof k2 !== 'number' || !Number.isFinite(k1) || !Number.isFinite(k2)) throw badCursor();
  if (typeof id !== 'string' || !isUuid(id)) throw badCursor();
  return { k1, k2, id };
}

function toResult(row: repo.SearchRow, urlOf: UrlOf, withPrice: boolean, kind: VehicleKind): SearchResult {
  return {
    // the rates the searched vehicle pays (a motorcycle's two-wheeler rates), as the search priced it
    ...toCard({ ...row, ...ratesFor(row, kind) }, urlOf),
    // a searched listing always has a position
    lat: roundCoordinate(row.lat),
    lng: roundCoordinate(row.lng),
    vehicle_types: row.vehicle_types as SearchResult['vehicle_types'],
    amenities: row.amenities as SearchResult['amenities'],
    distance_km: Math.round(row.distance_m) / 1000,
    ...(withPrice && row.price !== null && row.subtotal !== null && { price: Number(row.price), subtotal: Number(row.subtotal) }),
  };
}

/** GET parkings/search: the query is already checked and capped by its schema. */
export async function search(db: Pick<Database, 'query' | 'tuned'>, urlOf: UrlOf, q: SearchQuery, opts: { guestFeePercent: number }): Promise<SearchAnswer> {
  const origin =
    q.lat !== undefined && q.lng !== undefined
      ? { lat: q.lat, lng: q.lng }
      : { lat: (q.bbox!.minLat + q.bbox!.maxLat) / 2, lng: (q.bbox!.minLng + q.bbox!.maxLng) / 2 };
  // a point alone searches a radius around it; with a map view the view is the limit
  const radiusKm = q.radius_km ?? (q.bbox ? undefined : SEARCH_LIMITS.radiusDefaultKm);
  const window =
    q.start && q.end
      ? {
          start: new Date(q.start).toISOString(),
          end: new Date(q.end).toISOString(),
          minutes: Math.ceil((Date.parse(q.end) - Date.parse(q.start)) / 60_000),
        }
      : undefined;
  const rows = await repo.searchListings(db, {
    origin,
    radiusM: radiusKm === undefined ? undefined : radiusKm * 1000,
    bbox: q.bbox,
    window,
    parkingTypes: q.parking_type,
    vehicleType: q.vehicle_type,
    amenities: q.amenities,
    minPrice: q.min_price,
    maxPrice: q.max_price,
    instantBook: q.instant_book,
    minRating: q.min_rating,
    q: q.q || undefined,
    guestFeePercent: opts.guestFeePercent,
    sort: q.sort,
    after: q.cursor ? decodeCursor(q.cursor, q.sort) : undefined,
    limit: q.limit,
    countCap: SEARCH_LIMITS.countCap,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  // counted up to one past the cap: past it, the answer says so rather than how many
  const counted = rows.length ? Number(rows[0]!.total) : 0;
  return {
    result: page.map((row) => toResult(row, urlOf, window !== undefined, vehicleKindOf(q.vehicle_type))),
    total: Math.min(counted, SEARCH_LIMITS.countCap),
    total_capped: counted > SEARCH_LIMITS.countCap,
    ...(rows.length > q.limit && last && { next_cursor: encodeCursor(q.sort, last) }),
  };
}

/** Every parking type with its count of live listings (zero included) and a picture, in catalog order. */
export async function typeCounts(db: Queryable, urlOf: UrlOf): Promise<TypeCounts> {
  const rows = new Map((await repo.countByType(db)).map((r) => [r.parking_type, r]));
  return PARKING_TYPE_KEYS.map((parking_type: ParkingType) => {
    const row = rows.get(parking_type);
    return { parking_type, count: row ? Number(row.count) : 0, cover_url: row?.thumb_key ? urlOf(row.thumb_key) : null };
  });
}
