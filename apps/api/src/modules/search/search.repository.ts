import type { Amenity, ParkingType, VehicleType } from '@parkly/shared/catalog';
import { RATE_KEYS, stayPlans, TWO_WHEELER_RATE_KEYS, vehicleKindOf, type Plan, type RateKey, type VehicleKind } from '@parkly/shared/pricing';
import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { VEHICLE_SIZES, type SearchSort } from '@parkly/shared/search';
import type { Database, PlannerSettings, Queryable } from '../../db/database';
import { baysFreeSql, holdsUnitSql } from '../bookings/unit-availability';
import { containsPattern } from '../../db/like';


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
  /** matches are counted up to this many and one more (so the caller can tell "more than the cap") */
  countCap: number;
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
  two_wheeler_hourly_rate: number | null;
  two_wheeler_daily_rate: number | null;
  two_wheeler_weekly_rate: number | null;
  two_wheeler_monthly_rate: number | null;
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
  /** the matches counted from the start of the search, at most countCap + 1 */
  total: string;
  /** by price or rating: the candidates ranked (at most the ranking's limit), and the listings walked */
  ranked_n?: string;
  walked_n?: string;
}

/**
 * Listing `l`'s rate `key` for this kind of vehicle: ratesFor (packages/shared/src/pricing.ts) in SQL. A car
 * pays the car rate; a two-wheeler the two-wheeler rate the host set, else the car rate, and never a rate
 * where the car rate is not offered (decision 040). search.test.ts holds the two to the quote's price.
 */
export function rateSql(key: RateKey, kind: VehicleKind): string {
  if (kind === 'car') return `l.${key}`;
  const own = TWO_WHEELER_RATE_KEYS[RATE_KEYS.indexOf(key)]!;
  return `(CASE WHEN l.${key} IS NOT NULL THEN COALESCE(l.${own}, l.${key}) END)`;
}

/**
 * The least of the stay's plans at the listing's rates for this kind of vehicle: a plan that needs a rate
 * not offered is NULL, and LEAST skips it. The counts are parameters, so the text depends only on which
 * rates each plan uses (the same for every stay up to a week) and a prepared statement serves every window.
 */
function priceSql(plans: Plan[], p: (v: unknown) => string, kind: VehicleKind): string {
  const terms = plans.map((plan) =>
    plan
      .flatMap((n, k) => (n > 0 ? [`${p(Math.trunc(n))}::bigint * ${rateSql(RATE_KEYS[k]!, kind)}::bigint`] : []))
      .join(' + '),
  );
  return `LEAST(${terms.map((t) => `(${t})`).join(', ')})`;
}


/** The sphere radius of the earthdistance extension (earth()), so distances agree with its earth_distance. */
const EARTH_RADIUS_M = 6378168;
const radians = (deg: number) => (deg * Math.PI) / 180;


/** The range of a product of two ranges. */
function times(a: [number, number], b: [number, number]): [number, number] {
  const ends = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]];
  return [Math.min(...ends), Math.max(...ends)];
}

/** The range of cos (or sin, shifted) over [from, to] radians: the ends, and any peak or trough between. */
function waveRange(f: (x: number) => number, from: number, to: number, peaks: number[], troughs: number[]): [number, number] {
  const inside = (xs: number[]) => xs.some((x) => x >= from && x <= to);
  const ends = [f(from), f(to)];
  return [inside(troughs) ? -1 : Math.min(...ends), inside(peaks) ? 1 : Math.max(...ends)];
}

/**
 * The smallest box of the earth cube (the coordinates of ll_to_earth) that holds every point of a map
 * view, widened by a metre: the position index then walks only the entries in and around the view, where
 * the circle around the origin through the view's far corner holds a whole city's listings when the view
 * is off centre. x = R cos φ cos λ, y = R cos φ sin λ, z = R sin φ: the range of each is the product of the
 * ranges of its factors over the view (φ and λ vary independently in it).
 */
export function viewCube(b: { minLng: number; minLat: number; maxLng: number; maxLat: number }) {
  const [φ0, φ1, λ0, λ1] = [radians(b.minLat), radians(b.maxLat), radians(b.minLng), radians(b.maxLng)];
  const h = Math.PI / 2;
  const cosφ = waveRange(Math.cos, φ0, φ1, [0], []);
  const cosλ = waveRange(Math.cos, λ0, λ1, [0], [-Math.PI, Math.PI]);
  const sinλ = waveRange(Math.sin, λ0, λ1, [h], [-h]);
  const ranges = [times(cosφ, cosλ), times(cosφ, sinλ), [Math.sin(φ0), Math.sin(φ1)] as [number, number]];
  const margin = 1;
  return {
    low: ranges.map(([lo]) => EARTH_RADIUS_M * lo - margin),
    high: ranges.map(([, hi]) => EARTH_RADIUS_M * hi + margin),
  };
}

/**
 * A latitude and longitude range inside the circle of radiusM around origin, with a margin (every point of
 * it is at most 0.999 radiusM away), or undefined near a pole or the antimeridian: the ranking skips the
 * exact distance for the candidates in it, as it would find them inside. The square inscribed in the circle
 * (half its side r/√2, here 0.7 r), its sides checked point by point with the same formula as the SQL.
 */
export function insideSquare(origin: { lat: number; lng: number }, radiusM: number) {
  const half = (0.7 * radiusM) / EARTH_RADIUS_M; // radians along a meridian
  const dLat = (half * 180) / Math.PI;
  const minLat = origin.lat - dLat;
  const maxLat = origin.lat + dLat;
  if (minLat < -85 || maxLat > 85) return undefined;
  // the longitude range for `half` at the latitude nearest the equator (where a degree of longitude is longest)
  const widest = minLat <= 0 && maxLat >= 0 ? 0 : Math.min(Math.abs(minLat), Math.abs(maxLat));
  const dLng = (half * 180) / Math.PI / Math.cos(radians(widest));
  const minLng = origin.lng - dLng;
  const maxLng = origin.lng + dLng;
  if (minLng < -180 || maxLng > 180) return undefined;
  const box = { minLat, maxLat, minLng, maxLng };
  const within = (lat: number, lng: number) => {
    const h =
      Math.sin((radians(lat) - radians(origin.lat)) / 2) ** 2 +
      Math.cos(radians(origin.lat)) * Math.cos(radians(lat)) * Math.sin((radians(lng) - radians(origin.lng)) / 2) ** 2;
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))) <= 0.999 * radiusM;
  };
  for (let i = 0; i <= 32; i++) {
    const lat = minLat + ((maxLat - minLat) * i) / 32;
    const lng = minLng + ((maxLng - minLng) * i) / 32;
    if (!within(lat, minLng) || !within(lat, maxLng) || !within(minLat, lng) || !within(maxLat, lng)) return undefined;
  }
  return box;
}

/**
 * The latitude bands of listings_active_band_idx (migration 230: floor(lat * 10)) and the latitude and
 * longitude ranges that hold the searched area, or undefined when the area reaches near a pole, crosses
 * the antimeridian or spans more than 4 degrees of latitude (the position index serves those).
 * A circle of angular radius ρ around latitude φ0 spans φ0 ± ρ and λ0 ± asin(sin ρ / cos φ0); the
 * ranges are widened a little, as the exact distance is checked too.
 */
export function areaBands(f: Pick<SearchFilter, 'origin' | 'radiusM' | 'bbox'>) {
  let box: { minLat: number; maxLat: number; minLng: number; maxLng: number };
  if (f.radiusM !== undefined) {
    const rho = f.radiusM / EARTH_RADIUS_M;
    const s = Math.sin(rho) / Math.cos(radians(f.origin.lat));
    if (!(s < 0.9)) return undefined;
    const dLat = ((rho * 180) / Math.PI) * 1.01 + 1e-6;
    const dLng = ((Math.asin(s) * 180) / Math.PI) * 1.01 + 1e-6;
    box = { minLat: f.origin.lat - dLat, maxLat: f.origin.lat + dLat, minLng: f.origin.lng - dLng, maxLng: f.origin.lng + dLng };
  } else if (f.bbox) {
    box = f.bbox;
  } else {
    return undefined;
  }
  if (box.minLat < -85 || box.maxLat > 85 || box.minLng < -180 || box.maxLng > 180 || box.maxLat - box.minLat > 4) return undefined;
  const bands: number[] = [];
  // floor(lat * 10) grows with lat (IEEE multiplication is monotonic), so every latitude in the range is in one of these
  for (let b = Math.floor(box.minLat * 10); b <= Math.floor(box.maxLat * 10); b++) bands.push(b);
  return { ...box, bands };
}

/**
 * A rider's place on unit `unit` during `during`: some bay below the listing's two_wheelers_per_unit that no
 * holding booking's bays overlap (a car's [0, 6) overlaps them all), exactly as the quote and POST bookings
 * choose one (checkWindow's free places: baysFreeSql, one look per bay in bookings_no_overlap). A monthly
 * pass holds to 'infinity', so it overlaps every later window like any other booking.
 */
const someBayFree = (unit: string, during: string) =>
  // the bays counted to a constant, not to the listing's column: the planner then expects 6 at most where it
  // would expect 1,000, which put a rider's search past jit_above_cost (a JIT compile of about 400 ms a search)
  `EXISTS (SELECT 1 FROM generate_series(0, ${LISTING_LIMITS.twoWheelersPerUnitMax - 1}) bay(k)
            WHERE bay.k < l.two_wheelers_per_unit AND ${baysFreeSql(unit, 'int4range(bay.k, bay.k + 1)', during)})`;

/**
 * Live listings that match, in the requested order, one page at a time (keyset on k1, k2, id), with
 * the count of the matches up to countCap + 1. With a window, only listings open for all of it, not
 * blacked out, whose stay limits allow it and that have a place for the vehicle (a unit no blocking booking
 * overlaps; for a motorcycle, a free bay of one); each carries its price (a motorcycle's at the two-wheeler
 * rates).
 *
 * The work is bounded whatever the number of matches: the candidates are walked in the sort order and
 * the walk stops after countCap + 1 matches (the first page: those are counted, and the page is their
 * start) or after the page (later pages; the count is then a separate walk, in no order, that stops
 * at countCap + 1). The availability checks, the costly part, run only on the listings walked:
 * - nearest first, the walk is the GiST index's nearest-neighbour order (`<->` on
 *   listings_active_earth_cover_idx), with every check a filter of that scan, so each row is checked
 *   when it is pulled and the scan stops at the LIMIT;
 * - by price or rating, every candidate in the area is ranked by the key from the position index alone
 *   (it includes the rates and the rating: an index-only scan, no table page per candidate), and the
 *   listings are then read and checked in that order, behind an `OFFSET 0` barrier that keeps
 *   PostgreSQL from pushing the checks below the sort, until the LIMIT is met.
 */
export async function searchListings(db: Pick<Database, 'query' | 'tuned'>, f: SearchFilter): Promise<SearchRow[]> {
  const ordered = f.sort !== 'distance';
  // by price or rating, the candidates are ranked and only four times what the walk needs are kept (a top-N
  // sort, not a sort of every candidate): most pass the checks. When too few of those pass, the search runs
  // again ranking all. With a filter read from the listing's row (type, vehicle, amenities, instant booking,
  // text) the share that passes is unknown, so every candidate is ranked at once, unless the latitude bands'
  // index carries those filters (all but the text), so they apply before the ranking.
  const selective = Boolean(
    f.q || (!areaBands(f) && (f.parkingTypes?.length || f.vehicleType || f.amenities?.length || f.instantBook !== undefined)),
  );
  const needed = f.after ? f.limit + 1 : Math.max(f.countCap + 1, f.limit + 1);
  if (ordered && !selective) {
    const rankLimit = needed * 4;
    const rows = await searchListingsRanked(db, f, rankLimit);
    const first = rows[0];
    const complete = first !== undefined && (Number(first.ranked_n) < rankLimit || Number(first.walked_n) >= needed);
    if (complete) return rows;
  }
  return searchListingsRanked(db, f, undefined);
}

async function searchListingsRanked(db: Pick<Database, 'query' | 'tuned'>, f: SearchFilter, rankLimit: number | undefined): Promise<SearchRow[]> {
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
  const distanceOf = (t: string) =>
    `(${2 * EARTH_RADIUS_M}::float8 * asin(LEAST(1::float8, sqrt(` +
    `power(sin((radians(${t}.lat) - ${lat0}::float8) / 2), 2) + ` +
    `${cosLat0}::float8 * cos(radians(${t}.lat)) * power(sin((radians(${t}.lng) - ${lng0}::float8) / 2), 2)))))`;
  const distance = distanceOf('l');
  // the origin as an earth cube, for the position index (a parameter only when some condition uses it)
  let originSql: string | undefined;
  const origin = () => (originSql ??= `ll_to_earth(${p(f.origin.lat)}::float8, ${p(f.origin.lng)}::float8)`);
  // the straight-line (chord) distance in the earth cube: the order of listings_active_earth_cover_idx's
  // nearest-neighbour scan, and the same order as the great-circle distance (which grows with the chord)
  const knn = () => `(l.earth_pos <-> ${origin()})`;
  // a motorcycle takes one bay of a unit and pays the two-wheeler rates (decision 043); any other vehicle, or
  // none, the whole unit at the car rates, as before
  const kind = vehicleKindOf(f.vehicleType);
  // without a window, price filters and sorting use the price of an hour's parking
  const subtotal = priceSql(stayPlans(f.window?.minutes ?? 60), p, kind);
  const fee = p(f.guestFeePercent);
  const price = `(${subtotal} + round(${subtotal} * ${fee}::numeric / 100))`;

  /**
   * checked on every candidate from listings_active_earth_cover_idx alone (its key, its predicate and the
   * columns it includes: id, lat, lng, the rates and the rating); some of them let it find the candidates
   */
  const located = [`l.status = 'active'`, `l.lat IS NOT NULL`];
  /**
   * the conditions of `located` on the distance and the subtotal, which the ranking checks on the figures it
   * computed once per candidate (as k2 and k1) instead of computing them again
   */
  let radius: { sql: string; r: string } | undefined;
  /** how the area's candidates are found: the position index (its box), or, by price or rating, latitude bands */
  let areaGist: string | undefined;
  let areaBand: string | undefined;
  const bands = f.sort === 'distance' ? undefined : areaBands(f);
  if (bands) {
    areaBand =
      `floor(l.lat * 10)::integer = ANY(${p(bands.bands)}::integer[])` +
      ` AND l.lng BETWEEN ${p(bands.minLng)}::float8 AND ${p(bands.maxLng)}::float8` +
      ` AND l.lat BETWEEN ${p(bands.minLat)}::float8 AND ${p(bands.maxLat)}::float8`;
  }
  /** checked on every candidate, from its row */
  const cheap = [
    // hosts whose account is deleted are few: read once (users_deleted_idx) into a hash
    `l.host_id NOT IN (SELECT u.id FROM users u WHERE u.deleted_at IS NOT NULL)`,
  ];
  /** costly (a window's availability): checked only on the candidates walked */
  const lazy: string[] = [];

  if (f.radiusM !== undefined) {
    const r = p(f.radiusM);
    // the box lets the position index find the candidates; the distance keeps the circle
    if (!areaBand) areaGist = `earth_box(${origin()}, ${r}::float8) @> l.earth_pos`;
    radius = { sql: `${distance} <= ${r}::float8`, r };
    located.push(radius.sql);
  } else if (f.bbox) {
    // a map view: the position index finds its candidates (and walks them nearest the origin first) in the
    // earth cube's box around the view; the view itself is checked below
    const b = f.bbox;
    if (!areaBand) {
      const cube = viewCube(b);
      areaGist = `cube(${p(cube.low)}::float8[], ${p(cube.high)}::float8[]) @> l.earth_pos`;
    }
    located.push(
      `l.lat BETWEEN ${p(b.minLat)}::float8 AND ${p(b.maxLat)}::float8`,
      `l.lng BETWEEN ${p(b.minLng)}::float8 AND ${p(b.maxLng)}::float8`,
    );
  }
  // the latitude bands' index carries these columns, so with it they are checked before the ranking
  const rowFilters = areaBand ? located : cheap;
  if (f.parkingTypes?.length) rowFilters.push(`l.parking_type = ANY(${p(f.parkingTypes)}::text[])`);
  if (f.vehicleType) {
    const size = VEHICLE_SIZES[f.vehicleType];
    rowFilters.push(
      `${p(f.vehicleType)}::text = ANY(l.vehicle_types)`,
      `(l.max_length_m IS NULL OR l.max_length_m >= ${p(size.length)}::numeric)`,
      `(l.max_width_m IS NULL OR l.max_width_m >= ${p(size.width)}::numeric)`,
      `(l.max_height_m IS NULL OR l.max_height_m >= ${p(size.height)}::numeric)`,
    );
  }
  if (f.amenities?.length) rowFilters.push(`l.amenities @> ${p(f.amenities)}::text[]`);
  if (f.instantBook !== undefined) rowFilters.push(`l.instant_book = ${p(f.instantBook)}::boolean`);
  if (f.minRating !== undefined) located.push(`l.rating_avg >= ${p(f.minRating)}::numeric`);
  if (f.q) {
    const like = p(containsPattern(f.q));
    cheap.push(`(l.title ILIKE ${like} OR l.locality ILIKE ${like} OR l.city ILIKE ${like})`);
  }
  const priced = `${subtotal} IS NOT NULL`;
  located.push(priced);
  if (f.minPrice !== undefined) located.push(`${price} >= ${p(f.minPrice)}::numeric`);
  if (f.maxPrice !== undefined) located.push(`${price} <= ${p(f.maxPrice)}::numeric`);
  const area = areaBand ?? areaGist;
  if (area) located.unshift(area);
  if (f.window) {
    const start = p(f.window.start);
    const end = p(f.window.end);
    const minutes = p(f.window.minutes);
    const during = `tstzrange(${start}::timestamptz, ${end}::timestamptz)`;
    cheap.push(`${minutes}::integer >= COALESCE(l.min_duration_minutes, 0)`, `${minutes}::integer <= COALESCE(l.max_duration_minutes, 2147483647)`);
    // these read only l.id, l.open_weekly and l.time_zone, so they apply to the listing or to a walked row of it
    lazy.push(
      // blackouts are few: the ones in the window are read once into a hash, not looked up per listing
      `l.id NOT IN (SELECT bo.listing_id FROM listing_blackouts bo WHERE bo.during && ${during})`,
      `parkly_open_in(l.open_weekly, l.time_zone, ${start}::timestamptz, ${end}::timestamptz)`,
      // free when no blocking booking of the listing overlaps (one look in bookings_listing_blocking_idx, the
      // common case); otherwise when one of its units has a place for the vehicle
      `(NOT EXISTS (SELECT 1 FROM bookings bk
                     WHERE bk.listing_id = l.id AND ${holdsUnitSql('bk')}
                       AND upper(bk.during) >= ${start}::timestamptz AND bk.during && ${during})
        OR EXISTS (SELECT 1 FROM listing_units un
                    WHERE un.listing_id = l.id AND un.removed_at IS NULL
                      AND ${kind === 'two_wheeler' ? someBayFree('un.id', during) : `NOT EXISTS (SELECT 1 FROM bookings bk
                                       WHERE bk.unit_id = un.id AND ${holdsUnitSql('bk')} AND bk.during && ${during})`}))`,
    );
  }

  // the sort keys: k1, then k2 (the distance), then id
  const k1 =
    f.sort === 'distance'
      ? knn()
      : f.sort === 'price'
        ? // the subtotal: the price (subtotal + the rounded fee) grows strictly with it, so the order and the ties are
          // the same, without numeric arithmetic for every candidate
          `${subtotal}::float8`
        : // best rated first: a higher average, then more reviews
          `-(COALESCE(l.rating_avg, 0) * 1000000 + LEAST(l.rating_count, 999999))::float8`;
  // the cursor's keys, compared with the row's keys as the walk computes them (the ranking compares its own columns)
  const cursorKeys = f.after ? { k1: `${p(f.after.k1)}::float8`, k2: `${p(f.after.k2)}::float8`, id: `${p(f.after.id)}::uuid` } : null;
  const after = cursorKeys ? `(${k1}, ${distance}, l.id) > (${cursorKeys.k1}, ${cursorKeys.k2}, ${cursorKeys.id})` : null;

  /** the first n matches in the sort order (with a cursor, after it), as narrow rows */
  const walk = (n: number) => {
    const ranked = [...located, ...(after ? [after] : [])];
    if (f.sort === 'distance') {
      // one scan in the index's nearest-first order, every check a filter on it: rows are checked as they are
      // pulled. WITH TIES: listings at the same distance are ordered by k2 and id afterwards, so all of those
      // tied with the last are kept
      return `SELECT l.id, ${k1} AS k1, ${distance} AS k2
                FROM listings l
               WHERE ${[...ranked, ...cheap, ...lazy].join('\n                 AND ')}
               ORDER BY ${k1}
               FETCH FIRST ${n} ROWS WITH TIES`;
    }
    // by price or rating: the candidates ranked (the CTE below), then the listings are read and checked in that
    // order, behind an OFFSET 0 barrier that keeps the checks from being pushed below the sort, until n pass
    return `SELECT c.id, c.k1, c.k2
              FROM (SELECT * FROM ranked ORDER BY k1, k2, id OFFSET 0) c
              JOIN listings l ON l.id = c.id
             WHERE ${[...cheap, ...lazy].join('\n               AND ')}
             ORDER BY c.k1, c.k2, c.id
             LIMIT ${n}`;
  };

  const cap = f.countCap + 1;
  const page = f.limit + 1;
  // the first page walks up to the cap and counts what it walked; a later page walks from its cursor for the
  // page alone, and counts from the start in a walk of its own, in no order
  const total = after
    ? `(SELECT count(*) FROM (SELECT 1 FROM listings l WHERE ${[...located, ...cheap, ...lazy].join(' AND ')} LIMIT ${cap}) x)`
    : `(SELECT LEAST(count(*), ${cap}) FROM walked)`;
  // by price or rating, every candidate in the area is ranked from an index alone (an index-only scan of the
  // latitude bands, or of the position index), and only the first rankLimit are kept (a top-N sort). Ranking
  // thousands of candidates, what costs is computing their keys (the distance most: eleven function calls), so:
  // - each candidate's k1 is computed once, in a subquery kept apart by OFFSET 0 (written in the conditions
  //   and the select list alike, the keys were computed two and three times over);
  // - the distance is computed only where it decides something: for the circle, not for the candidates inside
  //   the square inscribed in it (insideSquare); for the order, only for the first rankLimit by k1 and every
  //   candidate tied with the last of them (FETCH FIRST ... WITH TIES holds every candidate of the first
  //   rankLimit by (k1, k2, id)); for the cursor, only for the candidates tied with it on k1
  const outer: string[] = [];
  if (radius && f.sort !== 'distance') {
    const square = insideSquare(f.origin, f.radiusM!);
    const exact = `${distanceOf('c')} <= ${radius.r}::float8`;
    outer.push(
      square
        ? `((c.lat BETWEEN ${p(square.minLat)}::float8 AND ${p(square.maxLat)}::float8 AND c.lng BETWEEN ${p(square.minLng)}::float8 AND ${p(square.maxLng)}::float8) OR ${exact})`
        : exact,
    );
  }
  if (f.sort === 'price') outer.push(`c.k1 IS NOT NULL`);
  if (cursorKeys && f.sort !== 'distance') {
    outer.push(`(c.k1 > ${cursorKeys.k1} OR (c.k1 = ${cursorKeys.k1} AND (${distanceOf('c')}, c.id) > (${cursorKeys.k2}, ${cursorKeys.id})))`);
  }
  const inner = located.filter((c) => c !== radius?.sql && !(f.sort === 'price' && c === priced));
  const rankedCte =
    f.sort === 'distance'
      ? ''
      : `ranked AS MATERIALIZED (
           SELECT t.id, t.k1, ${distanceOf('t')} AS k2
             FROM (SELECT c.id, c.k1, c.lat, c.lng
                     FROM (SELECT l.id, ${k1} AS k1, l.lat, l.lng
                             FROM listings l
                            WHERE ${inner.join('\n                              AND ')}
                           OFFSET 0) c
                    ${outer.length ? `WHERE ${outer.join('\n                      AND ')}` : ''}
                    ${rankLimit === undefined ? '' : `ORDER BY c.k1 FETCH FIRST ${rankLimit} ROWS WITH TIES`}) t
         ),`;
  const counts = f.sort === 'distance' ? '' : `(SELECT count(*) FROM ranked) AS ranked_n, (SELECT count(*) FROM walked) AS walked_n,`;
  const sql = `
    WITH ${rankedCte} walked AS MATERIALIZED (
      ${walk(after ? page : Math.max(cap, page))}
    )
    SELECT l.id, l.title, l.parking_type, l.vehicle_types, l.amenities, l.locality, l.city, l.lat, l.lng,
           l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate,
           l.two_wheeler_hourly_rate, l.two_wheeler_daily_rate, l.two_wheeler_weekly_rate, l.two_wheeler_monthly_rate, l.currency, l.instant_book,
           l.rating_avg, l.rating_count, w.k2 AS distance_m, ${subtotal} AS subtotal, ${price} AS price, w.k1, w.k2,
           ${total} AS total, ${counts}
           c.large_key AS cover_key, c.thumb_key AS cover_thumb_key
      FROM (SELECT * FROM walked ORDER BY k1, k2, id LIMIT ${page}) w
      JOIN listings l ON l.id = w.id
      LEFT JOIN listing_photos c ON c.listing_id = w.id AND c.is_cover
     ORDER BY w.k1, w.k2, w.id`;
  return db.tuned(SEARCH_PLANNER).query<SearchRow>(sql, params);
}

/**
 * The search's statements run prepared, on connections with this setting. Nearest first, the planner
 * estimates a handful of rows for the geometric conditions (default selectivities) where there are
 * thousands, and may then prefer a bitmap scan of every candidate and a sort, checking the availability
 * of all of them; without bitmap scans the nearest-neighbour scan is always the cheaper plan. By price or
 * rating every candidate is read either way, and a plain index scan costs about what a bitmap scan does.
 */
export const SEARCH_PLANNER: PlannerSettings = { enable_bitmapscan: 'off' };

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

/**
 * The search version now (migration 210): moved on, in the writing transaction, by every committed write
 * to what a search without a time window reads. One row by its primary key.
 */
export async function readSearchVersion(db: Queryable): Promise<bigint> {
  const [row] = await db.query<{ version: string }>(`SELECT version::text AS version FROM search_version WHERE id`);
  return BigInt(row?.version ?? 0);
}
