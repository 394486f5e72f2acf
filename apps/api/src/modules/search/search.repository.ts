import type { Amenity, ParkingType, VehicleType } from '@parkly/shared/catalog';
import { RATE_KEYS, stayPlans, type Plan } from '@parkly/shared/pricing';
import { VEHICLE_SIZES, type SearchSort } from '@parkly/shared/search';
import type { Queryable } from '../../db/database';

/** The states that hold a unit; the same list as the bookings_no_overlap constraint, so its index serves. */
const BLOCKING = `('pending_payment', 'requested', 'confirmed')`;

export interface SearchFilter {
  /** distances are measured from here */
  origin: { lat: number; lng: number };
  radiusM?: number;
  bbox?: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  window?: { start: string; end: string; minutes: number };
  parkingTypes?: ParkingType[];
  vehicleType?: VehicleType;
  amenities?: Amenity[];
  minPrice?: number;
  maxPrice?: number;
  instantBook?: boolean;
  minRating?: number;
  q?: string;
  guestFeePercent: number;
  sort: SearchSort;
  after?: { k1: number; k2: number; id: string };
  limit: number;
}

export interface SearchRow {
  id: string;
  title: string | null;
  parking_type: string | null;
  vehicle_types: string[];
  amenities: string[];
  locality: string | null;
  city: string | null;
  lat: number;
  lng: number;
  distance_m: number;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  currency: string;
  instant_book: boolean;
  rating_avg: string | null;
  rating_count: number;
  subtotal: string | null;
  price: string | null;
  cover_key: string | null;
  cover_thumb_key: string | null;
  k1: number;
  k2: number;
  total: string;
}

/** The least of the stay's plans at the listing's rates: a plan that needs a rate not offered is NULL, and LEAST skips it. */
function priceSql(plans: Plan[]): string {
  const terms = plans.map((plan) =>
    plan
      .flatMap((n, k) => (n > 0 ? [`${Math.trunc(n)} * l.${RATE_KEYS[k]}::bigint`] : []))
      .join(' + '),
  );
  return `LEAST(${terms.map((t) => `(${t})`).join(', ')})`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The sphere radius of the earthdistance extension (earth()), so distances agree with its earth_distance. */
const EARTH_RADIUS_M = 6378168;
const radians = (deg: number) => (deg * Math.PI) / 180;

/**
 * Live listings that match, in the requested order, one page at a time (keyset on k1, k2, id), with
 * the count of all matches. With a window, only listings open for all of it, not blacked out, whose
 * stay limits allow it and that have a unit no blocking booking overlaps; each carries its price.
 *
 * Every match is counted, so the work per match is kept small (bench/search measures it): the
 * matches are first collected as narrow rows (id, distance, price, rating) computed once each, and
 * only the page's rows are then read in full.
 */
export async function searchListings(db: Queryable, f: SearchFilter): Promise<SearchRow[]> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // great-circle metres by the haversine formula: the same figure as earth_distance(origin, ll_to_earth(l.lat, l.lng))
  // (both are 2R·asin(chord / 2R)), in plain arithmetic instead of two cubes and a SQL function call per row
  const lat0 = p(radians(f.origin.lat));
  const lng0 = p(radians(f.origin.lng));
  const cosLat0 = p(Math.cos(radians(f.origin.lat)));
  const distance =
    `(${2 * EARTH_RADIUS_M}::float8 * asin(LEAST(1::float8, sqrt(` +
    `power(sin((radians(l.lat) - ${lat0}::float8) / 2), 2) + ` +
    `${cosLat0}::float8 * cos(radians(l.lat)) * power(sin((radians(l.lng) - ${lng0}::float8) / 2), 2)))))`;
  // without a window, price filters and sorting use the price of an hour's parking
  const subtotal = priceSql(stayPlans(f.window?.minutes ?? 60));
  const fee = p(f.guestFeePercent);
  const where = [
    `l.status = 'active'`,
    `l.lat IS NOT NULL`,
    // hosts whose account is deleted are few: checked against users_deleted_idx, not joined row by row
    `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.host_id AND u.deleted_at IS NOT NULL)`,
  ];

  if (f.radiusM !== undefined) {
    const r = p(f.radiusM);
    const origin = `ll_to_earth(${p(f.origin.lat)}::float8, ${p(f.origin.lng)}::float8)`;
    // the box lets listings_active_position_idx find the candidates; the distance keeps the circle
    where.push(`earth_box(${origin}, ${r}::float8) @> ll_to_earth(l.lat, l.lng)`, `${distance} <= ${r}::float8`);
  }
  if (f.bbox) {
    const b = f.bbox;
    where.push(`point(l.lng, l.lat) <@ box(point(${p(b.minLng)}::float8, ${p(b.minLat)}::float8), point(${p(b.maxLng)}::float8, ${p(b.maxLat)}::float8))`);
  }
  if (f.parkingTypes?.length) where.push(`l.parking_type = ANY(${p(f.parkingTypes)}::text[])`);
  if (f.vehicleType) {
    const size = VEHICLE_SIZES[f.vehicleType];
    where.push(
      `${p(f.vehicleType)}::text = ANY(l.vehicle_types)`,
      `(l.max_length_m IS NULL OR l.max_length_m >= ${p(size.length)}::numeric)`,
      `(l.max_width_m IS NULL OR l.max_width_m >= ${p(size.width)}::numeric)`,
      `(l.max_height_m IS NULL OR l.max_height_m >= ${p(size.height)}::numeric)`,
    );
  }
  if (f.amenities?.length) where.push(`l.amenities @> ${p(f.amenities)}::text[]`);
  if (f.instantBook !== undefined) where.push(`l.instant_book = ${p(f.instantBook)}::boolean`);
  if (f.minRating !== undefined) where.push(`l.rating_avg >= ${p(f.minRating)}::numeric`);
  if (f.q) {
    const like = p(`%${escapeLike(f.q)}%`);
    where.push(`(l.title ILIKE ${like} OR l.locality ILIKE ${like} OR l.city ILIKE ${like})`);
  }
  if (f.window) {
    const start = p(f.window.start);
    const end = p(f.window.end);
    const minutes = p(f.window.minutes);
    const during = `tstzrange(${start}::timestamptz, ${end}::timestamptz)`;
    where.push(
      `${minutes}::integer >= COALESCE(l.min_duration_minutes, 0)`,
      `${minutes}::integer <= COALESCE(l.max_duration_minutes, 2147483647)`,
      // blackouts are few: the ones in the window are read once into a hash, not looked up per listing
      `l.id NOT IN (SELECT bo.listing_id FROM listing_blackouts bo WHERE bo.during && ${during})`,
      `(l.opening_hours IS NULL OR parkly_open_for(l.opening_hours, l.time_zone, ${start}::timestamptz, ${end}::timestamptz))`,
      // free when no blocking booking of the listing overlaps (one look in bookings_listing_blocking_idx, the
      // common case); otherwise when one of its units has none
      `(NOT EXISTS (SELECT 1 FROM bookings bk
                     WHERE bk.listing_id = l.id AND bk.status IN ${BLOCKING}
                       AND upper(bk.during) >= ${start}::timestamptz AND bk.during && ${during})
        OR EXISTS (SELECT 1 FROM listing_units un
                    WHERE un.listing_id = l.id AND un.removed_at IS NULL
                      AND NOT EXISTS (SELECT 1 FROM bookings bk
                                       WHERE bk.unit_id = un.id AND bk.status IN ${BLOCKING} AND bk.during && ${during})))`,
    );
  }

  const k1 = {
    distance: 'distance_m',
    price: 'price::float8',
    // best rated first: a higher average, then more reviews
    rating: '-(COALESCE(rating_avg, 0) * 1000000 + LEAST(rating_count, 999999))::float8',
  }[f.sort];
  const priced = [`price IS NOT NULL`];
  if (f.minPrice !== undefined) priced.push(`price >= ${p(f.minPrice)}::numeric`);
  if (f.maxPrice !== undefined) priced.push(`price <= ${p(f.maxPrice)}::numeric`);
  const after = f.after ? `WHERE (k1, k2, id) > (${p(f.after.k1)}::float8, ${p(f.after.k2)}::float8, ${p(f.after.id)}::uuid)` : '';

  // MATERIALIZED: each match's distance and price are computed once, not again for every later reference
  const sql = `
    WITH matched AS MATERIALIZED (
      SELECT l.id, ${distance} AS distance_m, ${subtotal} AS subtotal, l.rating_avg, l.rating_count
        FROM listings l
       WHERE ${where.join('\n         AND ')}
    ), priced AS (
      SELECT m.*, m.subtotal + round(m.subtotal * ${fee}::numeric / 100) AS price FROM matched m
    ), ranked AS (
      SELECT pr.*, ${k1} AS k1, distance_m AS k2, count(*) OVER () AS total
        FROM priced pr
       WHERE ${priced.join(' AND ')}
    )
    SELECT l.id, l.title, l.parking_type, l.vehicle_types, l.amenities, l.locality, l.city, l.lat, l.lng,
           l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.instant_book,
           l.rating_avg, l.rating_count, r.distance_m, r.subtotal, r.price, r.k1, r.k2, r.total,
           c.large_key AS cover_key, c.thumb_key AS cover_thumb_key
      FROM (SELECT * FROM ranked ${after} ORDER BY k1, k2, id LIMIT ${p(f.limit + 1)}) r
      JOIN listings l ON l.id = r.id
      LEFT JOIN listing_photos c ON c.listing_id = r.id AND c.is_cover
     ORDER BY r.k1, r.k2, r.id`;
  return db.query<SearchRow>(sql, params);
}

/** Live listings per parking type, each with the cover thumbnail of its best-rated listing. */
export async function countByType(db: Queryable) {
  return db.query<{ parking_type: string; count: string; thumb_key: string | null }>(
    `SELECT t.parking_type, t.count, pic.thumb_key
       FROM (SELECT l.parking_type, count(*) AS count
               FROM listings l JOIN users u ON u.id = l.host_id
              WHERE l.status = 'active' AND u.deleted_at IS NULL AND l.parking_type IS NOT NULL
              GROUP BY l.parking_type) t
       LEFT JOIN LATERAL (
             SELECT c.thumb_key
               FROM listings l JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
              WHERE l.status = 'active' AND l.parking_type = t.parking_type
              ORDER BY l.rating_avg DESC NULLS LAST, l.rating_count DESC, l.id
              LIMIT 1) pic ON true`,
  );
}
