import type { SearchResult } from '@parkly/shared/search';
import { formatMoney } from '../../../lib/money';
import { offeredRates } from '../../../lib/rates';
import { priceLine } from '../../../components/parking/parking-card';
import type { SearchState } from '../../../lib/search-state';
import { areaKey } from './search-defaults';

type LatLngBounds = [[number, number], [number, number]];

const KM_PER_DEGREE = 111.32;

const SHORT_PER = { hour: '', day: '/day', week: '/wk', month: '/mo' } as const;

/**
 * A pill's price: the card's, in whole rupees so it stays short ('₹830' for ₹829.50). The window's
 * total and hourly rates stand alone; a daily, weekly or monthly rate says so ('₹4,000/mo').
 */
export function markerPrice(r: SearchResult): string {
  const whole = (minor: number) => formatMoney(Math.round(minor / 100) * 100, r.currency);
  if (r.price !== undefined) return whole(r.price);
  const [first] = offeredRates(r);
  return first ? `${whole(first.amount)}${SHORT_PER[first.unit]}` : 'View';
}

/** The results as the map draws them, each named as a screen reader reads its marker. */
export const toMapResults = (results: SearchResult[]) =>
  results.map((r) => {
    const price = priceLine(r);
    return {
      id: r.id,
      lat: r.lat,
      lng: r.lng,
      title: r.title,
      price: markerPrice(r),
      label: price ? `${r.title}, ${price.amount} ${price.per}` : r.title,
    };
  });

/** A square around a point that holds a circle of `km`. */
function around(lat: number, lng: number, km: number): LatLngBounds {
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / (KM_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [
    [lat - dLat, lng - dLng],
    [lat + dLat, lng + dLng],
  ];
}

/**
 * Where the map should look for a search: the map view it names; else the results and the searched
 * point together; else (nothing found) the circle searched. Null while the area's first answer is on
 * its way, so the map moves once, to the results, rather than twice. The key changes only with the
 * area, so a new filter or sort never moves the map.
 */
export function mapViewFor(s: SearchState, results: SearchResult[] | null, defaultRadiusKm: number): { key: string; bounds: LatLngBounds } | null {
  const key = areaKey(s);
  if (s.bbox) {
    const [minLng, minLat, maxLng, maxLat] = s.bbox;
    return { key, bounds: [[minLat, minLng], [maxLat, maxLng]] };
  }
  if (s.lat === undefined || s.lng === undefined || results === null) return null;
  if (results.length === 0) return { key, bounds: around(s.lat, s.lng, s.radius_km ?? defaultRadiusKm) };
  const lats = [s.lat, ...results.map((r) => r.lat)];
  const lngs = [s.lng, ...results.map((r) => r.lng)];
  return {
    key,
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
  };
}
