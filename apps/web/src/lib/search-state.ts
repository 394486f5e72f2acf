import { AMENITY_KEYS, PARKING_TYPE_KEYS, VEHICLE_TYPE_KEYS, type Amenity, type ParkingType, type VehicleType } from '@parkly/shared/catalog';
import { SEARCH_SORTS, type SearchSort } from '@parkly/shared/search-options';
import { addLocalDays, zonedIso, zonedParts } from '@parkly/shared/time';

/** How the driver picked the time: by the hour (start and end), by the day, or a month from a date. */
export const WHEN_MODES = ['hourly', 'daily', 'monthly'] as const;
export type WhenMode = (typeof WHEN_MODES)[number];

/**
 * Everything a search is, as it lives in the /parking URL (so reload, back and a shared link restore
 * it). The API's own parameter names are kept; `place` is the name shown for lat and lng, `when`
 * how the window was chosen, `view` the phone's list or map toggle.
 */
export interface SearchState {
  place?: string;
  lat?: number;
  lng?: number;
  radius_km?: number;
  /** minLng,minLat,maxLng,maxLat after "search this area" */
  bbox?: [number, number, number, number];
  when?: WhenMode;
  start?: string;
  end?: string;
  parking_type: ParkingType[];
  vehicle_type?: VehicleType;
  amenities: Amenity[];
  min_price?: number;
  max_price?: number;
  instant_book?: boolean;
  min_rating?: number;
  sort: SearchSort;
  view: 'list' | 'map';
}

export const EMPTY_SEARCH: SearchState = { parking_type: [], amenities: [], sort: 'distance', view: 'list' };

const num = (v: string | null) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};
const oneOf = <T extends string>(keys: readonly T[], v: string | null): T | undefined => (v !== null && (keys as readonly string[]).includes(v) ? (v as T) : undefined);
const listOf = <T extends string>(keys: readonly T[], v: string | null): T[] => (v ? v.split(',').filter((k): k is T => (keys as readonly string[]).includes(k)) : []);

/** Reads a URL's search; anything unknown or malformed is dropped rather than failing. */
export function parseSearch(params: URLSearchParams): SearchState {
  const bbox = params.get('bbox')?.split(',').map(Number);
  const lat = num(params.get('lat'));
  const lng = num(params.get('lng'));
  const start = params.get('start') ?? undefined;
  const end = params.get('end') ?? undefined;
  const validTime = (s?: string) => s !== undefined && !Number.isNaN(Date.parse(s));
  const withWindow = validTime(start) && validTime(end);
  return {
    place: params.get('place')?.slice(0, 100) || undefined,
    ...(lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && { lat, lng }),
    radius_km: num(params.get('radius_km')),
    bbox: bbox?.length === 4 && bbox.every(Number.isFinite) ? (bbox as [number, number, number, number]) : undefined,
    when: withWindow ? (oneOf(WHEN_MODES, params.get('when')) ?? 'hourly') : undefined,
    start: withWindow ? start : undefined,
    end: withWindow ? end : undefined,
    parking_type: listOf(PARKING_TYPE_KEYS, params.get('parking_type')),
    vehicle_type: oneOf(VEHICLE_TYPE_KEYS, params.get('vehicle_type')),
    amenities: listOf(AMENITY_KEYS, params.get('amenities')),
    min_price: num(params.get('min_price')),
    max_price: num(params.get('max_price')),
    instant_book: params.get('instant_book') === 'true' ? true : undefined,
    min_rating: num(params.get('min_rating')),
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'distance',
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/** The URL search for a state, leaving defaults out so links stay short. */
export function searchToParams(s: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  const put = (k: string, v: string | number | boolean | undefined) => {
    if (v !== undefined && v !== '') p.set(k, String(v));
  };
  put('place', s.place);
  put('lat', s.lat);
  put('lng', s.lng);
  put('radius_km', s.radius_km);
  put('bbox', s.bbox?.join(','));
  if (s.start && s.end) {
    put('when', s.when);
    put('start', s.start);
    put('end', s.end);
  }
  put('parking_type', s.parking_type.join(','));
  put('vehicle_type', s.vehicle_type);
  put('amenities', s.amenities.join(','));
  put('min_price', s.min_price);
  put('max_price', s.max_price);
  if (s.instant_book) put('instant_book', true);
  put('min_rating', s.min_rating);
  if (s.sort !== 'distance') put('sort', s.sort);
  if (s.view !== 'list') put('view', s.view);
  return p;
}

/** A link to /parking for this search. */
export const searchHref = (s: Partial<SearchState>) => {
  const qs = searchToParams({ ...EMPTY_SEARCH, ...s }).toString();
  return qs ? `/parking?${qs}` : '/parking';
};

/**
 * The GET parkings/search query for a state, or null when it says nowhere to search. The map view,
 * when set, wins over the point's radius.
 */
export function toApiQuery(s: SearchState, extra: { limit?: number } = {}): URLSearchParams | null {
  const p = new URLSearchParams();
  if (s.bbox) p.set('bbox', s.bbox.map((n) => n.toFixed(5)).join(','));
  if (s.lat !== undefined && s.lng !== undefined) {
    p.set('lat', String(s.lat));
    p.set('lng', String(s.lng));
    if (!s.bbox && s.radius_km !== undefined) p.set('radius_km', String(s.radius_km));
  }
  if (!p.has('bbox') && !p.has('lat')) return null;
  if (s.start && s.end) {
    p.set('start', s.start);
    p.set('end', s.end);
  }
  if (s.parking_type.length) p.set('parking_type', s.parking_type.join(','));
  if (s.vehicle_type) p.set('vehicle_type', s.vehicle_type);
  if (s.amenities.length) p.set('amenities', s.amenities.join(','));
  if (s.min_price !== undefined) p.set('min_price', String(s.min_price));
  if (s.max_price !== undefined) p.set('max_price', String(s.max_price));
  if (s.instant_book) p.set('instant_book', 'true');
  if (s.min_rating !== undefined) p.set('min_rating', String(s.min_rating));
  p.set('sort', s.sort);
  if (extra.limit !== undefined) p.set('limit', String(extra.limit));
  return p;
}

/**
 * The window for each way of choosing time, on the clock of `timeZone` (the searched place's, else
 * the configured default; never the device's). Hourly: a date, a start and an end time (an end at
 * or before the start runs to the next day). Daily: from the first date's start of day to the end
 * of the last date. Monthly: 30 days from a date.
 */
export function windowFor(
  mode: WhenMode,
  v: { date: string; startTime?: string; endTime?: string; endDate?: string },
  timeZone: string,
): { start: string; end: string } {
  const at = (date: string, time = '00:00') => zonedIso(date, time, timeZone);
  if (mode === 'hourly') {
    const startTime = v.startTime ?? '09:00';
    const endTime = v.endTime ?? '18:00';
    const endDate = endTime <= startTime ? addLocalDays(v.date, 1) : v.date;
    return { start: at(v.date, startTime), end: at(endDate, endTime) };
  }
  if (mode === 'daily') return { start: at(v.date), end: at(addLocalDays(v.endDate && v.endDate >= v.date ? v.endDate : v.date, 1)) };
  return { start: at(v.date), end: at(addLocalDays(v.date, 30)) };
}

/** The window's parts on the zone's clock, for filling the time fields back in from a URL. */
export function windowParts(start: string, end: string, timeZone: string) {
  const s = zonedParts(start, timeZone);
  const e = zonedParts(end, timeZone);
  return { date: s.date, startTime: s.time, endTime: e.time, endDate: addLocalDays(e.date, -1) };
}
