/**
 * A listing as the public sees it on a card (search results, favorites): what makes a listing public,
 * the columns a card reads, and how they become the answer. Favorites and search use these rather than
 * writing their own; the position is always rounded to about 100 m and the street line, PIN code and
 * access instructions are never among the columns.
 */
import type { ParkingType } from '@parkly/shared/catalog';
import { roundCoordinate } from '@parkly/shared/listing-options';
import type { UrlOf } from './listing-dto';

/** Anyone may see listing `l` (live or paused) of host `u` (whose account still exists), as GET parkings/:id answers it. */
export const publicListingSql = (l = 'l', u = 'u') => `${l}.status IN ('active', 'paused') AND ${u}.deleted_at IS NULL`;

/** The columns of a card, from listing `l` and its cover photo `c`. */
export const cardColumnsSql = (l = 'l', c = 'c') =>
  `${l}.id, ${l}.title, ${l}.parking_type, ${l}.locality, ${l}.city, ${l}.lat, ${l}.lng,
   ${l}.hourly_rate, ${l}.daily_rate, ${l}.weekly_rate, ${l}.monthly_rate, ${l}.currency,
   ${c}.large_key AS cover_key, ${c}.thumb_key AS cover_thumb_key, ${l}.rating_avg, ${l}.rating_count, ${l}.instant_book`;

export interface CardRow {
  id: string;
  title: string | null;
  parking_type: string | null;
  locality: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  currency: string;
  cover_key: string | null;
  cover_thumb_key: string | null;
  rating_avg: string | number | null;
  rating_count: number;
  instant_book: boolean;
}

/** The card's answer fields. */
export function toCard(row: CardRow, urlOf: UrlOf) {
  return {
    id: row.id,
    title: row.title ?? '',
    parking_type: row.parking_type as ParkingType | null,
    locality: row.locality,
    city: row.city,
    lat: roundCoordinate(row.lat),
    lng: roundCoordinate(row.lng),
    hourly_rate: row.hourly_rate,
    daily_rate: row.daily_rate,
    weekly_rate: row.weekly_rate,
    monthly_rate: row.monthly_rate,
    currency: row.currency,
    instant_book: row.instant_book,
    rating: { average: row.rating_avg === null ? null : Number(row.rating_avg), count: row.rating_count },
    cover_url: row.cover_key ? urlOf(row.cover_key) : null,
    cover_thumb_url: row.cover_thumb_key ? urlOf(row.cover_thumb_key) : null,
  };
}
