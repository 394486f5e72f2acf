/** The query mix: radius, map-view (bbox) and time-window searches near the six cities, from a seeded generator. */
import { CITIES, KM_PER_DEGREE, type City } from './cities';

export const KINDS = ['radius', 'bbox', 'window'] as const;
export type QueryKind = (typeof KINDS)[number];

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

/** A point where people search: near a city centre, within a few km (sd 5 km each way). */
function searchPoint(r: Rng, city: City) {
  return {
    lat: city.lat + (r.gauss() * 5) / KM_PER_DEGREE,
    lng: city.lng + (r.gauss() * 5) / (KM_PER_DEGREE * Math.cos((city.lat * Math.PI) / 180)),
  };
}

function radius(r: Rng, city: City): Record<string, string> {
  const at = searchPoint(r, city);
  return { lat: fixed(at.lat, 5), lng: fixed(at.lng, 5), radius_km: fixed(r.int(4, 10) / 2, 1) };
}

/** A map view 0.05 to 0.2 degrees wide, a little less tall (a phone or laptop map). */
function bbox(r: Rng, city: City): Record<string, string> {
  const at = searchPoint(r, city);
  const w = r.between(0.05, 0.2);
  const h = w * r.between(0.6, 1);
  return { bbox: [at.lng - w / 2, at.lat - h / 2, at.lng + w / 2, at.lat + h / 2].map((v) => fixed(v, 5)).join(',') };
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

function windowQuery(r: Rng, city: City, now: number): Record<string, string> {
  const q: Record<string, string> = { ...(r.chance(0.7) ? radius(r, city) : bbox(r, city)), ...window(r, now) };
  if (r.chance(0.25)) q.parking_type = r.chance(0.5) ? r.pickOne(FILTER_TYPES) : 'garage,covered_lot';
  if (r.chance(0.2)) q.amenities = 'ev_charging';
  if (r.chance(0.1)) q.vehicle_type = 'suv';
  if (r.chance(0.25)) q.sort = 'price';
  return q;
}

/** n queries, a third of each kind, interleaved. */
export function makeQueries(n: number, seed: number, now = Date.now()): BenchQuery[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    const city = r.weighted(CITIES);
    const query = kind === 'radius' ? radius(r, city) : kind === 'bbox' ? bbox(r, city) : windowQuery(r, city, now);
    return { kind, query };
  });
}

export const toQueryString = (q: Record<string, string>) => new URLSearchParams(q).toString();
