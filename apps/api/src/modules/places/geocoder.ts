import type { Place } from './places.service';

/** A Nominatim-compatible geocoder answers in this long, or not at all for this search. */
export const GEOCODER_TIMEOUT_MS = 1500;
const CACHE_MAX = 500;
const CACHE_MS = 10 * 60_000;

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** 'Brigade Road, Shanthala Nagar, Ashok Nagar, Bengaluru, …, India' -> its first four parts, without the country. */
function shortName(display: string) {
  return display
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && p !== 'India' && !/^\d{6}$/.test(p))
    .slice(0, 4)
    .join(', ');
}

function toPlace(p: NominatimPlace): Place | null {
  const name = text(p.display_name);
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const a = p.address ?? {};
  return {
    name: shortName(name).slice(0, 200),
    lat: Math.round(lat * 1e5) / 1e5,
    lng: Math.round(lng * 1e5) / 1e5,
    kind: 'address',
    city: text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.county),
    state: text(a.state),
  };
}

/**
 * Full addresses from an optional Nominatim-compatible geocoder (GEOCODER_URL). Best effort: a
 * slow, failing or unreachable geocoder gives no addresses, never an error. Answers are kept for
 * ten minutes, so typing the same text again (and the public service's rate limit) is spared.
 */
export function nominatimGeocoder(baseUrl: string, opts: { userAgent: string; timeoutMs?: number } = { userAgent: 'Parkly' }) {
  const cache = new Map<string, { at: number; places: Place[] }>();
  const endpoint = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);

  return async function geocode(query: string, limit: number): Promise<Place[]> {
    const key = `${limit}:${query.toLowerCase()}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.places;
    const url = new URL(endpoint);
    url.search = new URLSearchParams({ q: query, format: 'jsonv2', addressdetails: '1', countrycodes: 'in', limit: String(limit) }).toString();
    let places: Place[] = [];
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', 'accept-language': 'en', 'user-agent': opts.userAgent },
        signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODER_TIMEOUT_MS),
      });
      if (!res.ok) return [];
      const body: unknown = await res.json();
      if (!Array.isArray(body)) return [];
      places = body.flatMap((p) => {
        const place = p && typeof p === 'object' ? toPlace(p as NominatimPlace) : null;
        return place ? [place] : [];
      });
    } catch {
      return [];
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), places });
    return places;
  };
}

export type Geocoder = ReturnType<typeof nominatimGeocoder>;
