import type { Queryable } from '../../db/database';

export interface ListingLocalityRow {
  locality: string;
  city: string;
  state: string | null;
  lat: number;
  lng: number;
}

/** The locality as a search key: lower case, punctuation as single spaces ('T. Nagar' -> 't nagar'). */
const KEY = `btrim(regexp_replace(lower(locality), '[^a-z0-9]+', ' ', 'g'))`;

/**
 * Localities of live listings whose name, or a word of it, starts with `key` (already normalised
 * to [a-z0-9 ]), with the average position of their listings; name matches first, then the
 * localities with most listings.
 */
export function findListingLocalities(db: Queryable, key: string, limit: number) {
  return db.query<ListingLocalityRow>(
    `SELECT min(locality) AS locality, min(city) AS city, min(state) AS state, avg(lat) AS lat, avg(lng) AS lng
       FROM (SELECT locality, city, state, lat, lng, ${KEY} AS k FROM listings
              WHERE status = 'active' AND lat IS NOT NULL AND locality IS NOT NULL AND city IS NOT NULL) l
      WHERE k LIKE $1 || '%' OR k LIKE '% ' || $1 || '%'
      GROUP BY k, lower(city)
      ORDER BY bool_or(k LIKE $1 || '%') DESC, count(*) DESC, min(locality)
      LIMIT $2`,
    [key, limit],
  );
}
