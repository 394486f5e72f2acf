import type { Place } from '@parkly/shared/places';
import { defaultPlace } from '../../../lib/default-place';
import type { SearchState } from '../../../lib/search-state';

/**
 * How far around a point to look. A city is wide (its airport lots are 20 to 30 km out); a locality,
 * the person's own position or a link that gives no radius get a neighbourhood. The map view ("search
 * this area") replaces either.
 */
export const CITY_RADIUS_KM = 30;
export const NEARBY_RADIUS_KM = 15;

/** The place name of a search around the person's own position (as the home page's "Near me" writes it). */
export const NEAR_ME = 'Near me';

/**
 * The search the page runs: the URL's, with the person's stored position or central Bengaluru when it
 * names no place, and a radius when it gives none.
 */
export function withDefaults(s: SearchState): SearchState {
  if (s.bbox) return s;
  if (s.lat !== undefined && s.lng !== undefined) return { ...s, radius_km: s.radius_km ?? NEARBY_RADIUS_KM };
  const d = defaultPlace();
  return { ...s, place: d.name, lat: d.lat, lng: d.lng, radius_km: s.radius_km ?? (d.near ? NEARBY_RADIUS_KM : CITY_RADIUS_KM) };
}

/** The search after choosing a place: a new centre, so any map view is dropped; filters, time and sort stay. */
export const atPlace = (s: SearchState, p: Place): SearchState => ({
  ...s,
  place: p.name,
  lat: p.lat,
  lng: p.lng,
  radius_km: p.kind === 'city' ? CITY_RADIUS_KM : NEARBY_RADIUS_KM,
  bbox: undefined,
});

export type Filters = Pick<SearchState, 'parking_type' | 'vehicle_type' | 'amenities' | 'min_price' | 'max_price' | 'instant_book' | 'min_rating'>;

export const NO_FILTERS: Filters = {
  parking_type: [],
  vehicle_type: undefined,
  amenities: [],
  min_price: undefined,
  max_price: undefined,
  instant_book: undefined,
  min_rating: undefined,
};

export const filtersOf = (s: SearchState): Filters => ({
  parking_type: s.parking_type,
  vehicle_type: s.vehicle_type,
  amenities: s.amenities,
  min_price: s.min_price,
  max_price: s.max_price,
  instant_book: s.instant_book,
  min_rating: s.min_rating,
});

/** What the Filters button counts: each type and amenity ticked, and each other filter set. */
export function activeFilterCount(f: Filters): number {
  return (
    f.parking_type.length +
    f.amenities.length +
    (f.vehicle_type ? 1 : 0) +
    (f.min_price !== undefined || f.max_price !== undefined ? 1 : 0) +
    (f.instant_book ? 1 : 0) +
    (f.min_rating !== undefined ? 1 : 0)
  );
}

/** The area part of a search: when it changes the map moves to it. */
export const areaKey = (s: SearchState) => [s.lat, s.lng, s.radius_km, s.bbox?.join(',')].join('|');
