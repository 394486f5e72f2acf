/**
 * The query mix, from a seeded generator, as the web app sends it (each kind names the screen that sends it):
 * - home: the home page's "Spaces in Bengaluru" (best rated within 15 km of the city centre, 6 of them):
 *   every visitor without a stored position sends the very same query;
 * - city: the results page's default view of a city picked in the search bar (30 km around the gazetteer's
 *   point, nearest first, sometimes sorted by price or rating): six cities, three sorts;
 * - map: "Search this area" after moving the map around a neighbourhood, the view snapped to the grid of
 *   its zoom by the web app's own snapBbox (the searched city stays the origin): nearby views share a box;
 * - near: around the person's own position ("Near me"), 15 km: positions differ, so these never repeat;
 * - window: any of the above with a time window (the hero search's "when"): never cached; some with filters,
 *   15% for a motorcycle (a free bay of a unit, priced at the two-wheeler rates: decision 043).
 */
import { snapBbox, type Bbox } from '../../apps/web/src/features/search/results/map-grid';
import { CITIES, KM_PER_DEGREE, type City } from './cities';

export const KINDS = ['home', 'city', 'map', 'near', 'window'] as const;
export type QueryKind = (typeof KINDS)[number];
export const WINDOWLESS_KINDS: readonly QueryKind[] = ['home', 'city', 'map', 'near'];

/** The share of each kind among window-less searches (home page views, city views, map moves, "Near me"). */
const WINDOWLESS_MIX: { kind: QueryKind; weight: number }[] = [
  { kind: 'home', weight: 20 },
  { kind: 'city', weight: 30 },
  { kind: 'map', weight: 30 },
  { kind: 'near', weight: 20 },
];

export interface BenchQuery {
  kind: QueryKind;
  /** path and query string under the API base */
  query: Record<string, string>;
}

/** mulberry32: small, fast and good enough to pick benchmark queries reproducibly. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pickOne: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    weighted: <T extends { weight: number }>(items: readonly T[]) => {
      let r = next() * items.reduce((s, i) => s + i.weight, 0);
      for (const item of items) {
        r -= item.weight;
        if (r < 0) return item;
      }
      return items.at(-1)!;
    },
    gauss: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}
type Rng = ReturnType<typeof rng>;

const fixed = (v: number, digits: number) => v.toFixed(digits);
const CITY_RADIUS_KM = '30';
const NEARBY_RADIUS_KM = '15';

/** A point near a city centre, within a few km (sd `km` each way). */
function around(r: Rng, at: { lat: number; lng: number }, km: number) {
  return {
    lat: at.lat + (r.gauss() * km) / KM_PER_DEGREE,
    lng: at.lng + (r.gauss() * km) / (KM_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180)),
  };
}

const home = (): Record<string, string> => {
  const blr = CITIES[0]!;
  return { lat: String(blr.lat), lng: String(blr.lng), radius_km: NEARBY_RADIUS_KM, sort: 'rating', limit: '6' };
};

function city(r: Rng, c: City): Record<string, string> {
  const sort = r.chance(0.8) ? 'distance' : r.chance(0.5) ? 'price' : 'rating';
  return { lat: String(c.lat), lng: String(c.lng), radius_km: CITY_RADIUS_KM, sort };
}

/**
 * A map moved to a neighbourhood (one of the city's ten localities, about 2 km from its centre at random)
 * at zoom 13 or 14 on a phone (390 x 600 px) or a laptop (900 x 700 px), snapped as the web app snaps it.
 */
function map(r: Rng, c: City): Record<string, string> {
  const locality = Math.floor(r.next() * c.localities.length);
  // the locality's centre: a fixed point per locality, the same for every run
  const spot = around(rng(locality * 7919 + Math.round(c.lat * 1000)), c, 6);
  const at = around(r, spot, 0.4);
  const zoom = r.chance(0.6) ? 13 : 14;
  const [wPx, hPx] = r.chance(0.6) ? [390, 600] : [900, 700];
  const degPerPx = 360 / (256 * 2 ** zoom);
  const w = wPx * degPerPx;
  const h = hPx * degPerPx * Math.cos((at.lat * Math.PI) / 180);
  const view: Bbox = [at.lng - w / 2, at.lat - h / 2, at.lng + w / 2, at.lat + h / 2];
  const box = snapBbox(view, zoom);
  return { bbox: box.map((v) => fixed(v, 5)).join(','), lat: String(c.lat), lng: String(c.lng), sort: 'distance' };
}

function near(r: Rng, c: City): Record<string, string> {
  const at = around(r, c, 5);
  return { lat: fixed(at.lat, 6), lng: fixed(at.lng, 6), radius_km: NEARBY_RADIUS_KM, sort: 'distance' };
}

const IST_MS = 5.5 * 3_600_000;
const DURATIONS_H = [2, 3, 4, 6, 8, 12, 24, 48, 72];

/** Tomorrow-ish: a start 1 to 3 days ahead between 06:00 and 21:45 IST, 2 hours to 3 days long. */
function window(r: Rng, now: number) {
  const todayIst = Math.floor((now + IST_MS) / 86_400_000) * 86_400_000 - IST_MS;
  const start = todayIst + r.int(1, 3) * 86_400_000 + r.int(24, 87) * 900_000;
  const hours = r.pickOne(DURATIONS_H);
  return { start: new Date(start).toISOString(), end: new Date(start + hours * 3_600_000).toISOString() };
}

const FILTER_TYPES = ['driveway', 'garage', 'open_lot', 'covered_lot', 'street', 'indoor_storage'];

/** A search with a time window: from a city, a place near the person, or a map view, with some filters. */
function windowQuery(r: Rng, c: City, now: number): Record<string, string> {
  const where = r.chance(0.4) ? city(r, c) : r.chance(0.6) ? near(r, c) : map(r, c);
  const q: Record<string, string> = { ...where, ...window(r, now) };
  if (r.chance(0.25)) q.parking_type = r.chance(0.5) ? r.pickOne(FILTER_TYPES) : 'garage,covered_lot';
  if (r.chance(0.2)) q.amenities = 'ev_charging';
  // one draw, as before this mix had riders: 10% an SUV, 15% a motorcycle (its two-wheeler bays and prices)
  const vehicle = r.next();
  if (vehicle < 0.1) q.vehicle_type = 'suv';
  else if (vehicle < 0.25) q.vehicle_type = 'motorcycle';
  if (r.chance(0.25)) q.sort = 'price';
  return q;
}

/** n window-less searches in the mix above. */
export function makeWindowlessQueries(n: number, seed: number): BenchQuery[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const { kind } = r.weighted(WINDOWLESS_MIX);
    const c = r.weighted(CITIES);
    const query = kind === 'home' ? home() : kind === 'city' ? city(r, c) : kind === 'map' ? map(r, c) : near(r, c);
    return { kind, query };
  });
}

/** n searches with a time window. */
export function makeWindowQueries(n: number, seed: number, now = Date.now()): BenchQuery[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => ({ kind: 'window' as const, query: windowQuery(r, r.weighted(CITIES), now) }));
}

export const toQueryString = (q: Record<string, string>) => new URLSearchParams(q).toString();

/**
 * How much of a sequence of searches repeats an earlier one exactly (`seen` holds what was asked before it,
 * e.g. in the warm-up), per kind: the share a cache of window-less answers can serve.
 */
export function repeatShare(queries: BenchQuery[], seen = new Set<string>()) {
  const per = new Map<QueryKind, { n: number; repeats: number; distinct: Set<string> }>();
  for (const q of queries) {
    const key = toQueryString(q.query);
    const row = per.get(q.kind) ?? { n: 0, repeats: 0, distinct: new Set<string>() };
    row.n += 1;
    if (seen.has(key)) row.repeats += 1;
    seen.add(key);
    row.distinct.add(key);
    per.set(q.kind, row);
  }
  return per;
}
