/**
 * What a search hands on to a listing and from there to its booking steps: the window, how it was picked, and
 * the vehicle (a motorcycle takes a two-wheeler bay at the two-wheeler rates: decision 043), so the listing
 * page, its time picker and the checkout ask for what the search answered. Kept small and apart from
 * search-state: the listing page loads it first.
 */
const CARRIED = ['start', 'end', 'when', 'vehicle_type'];

export function carriedSearch(from?: URLSearchParams) {
  const out = new URLSearchParams();
  for (const key of CARRIED) {
    const value = from?.get(key);
    if (value) out.set(key, value);
  }
  return out;
}

/** The vehicle type to ask availability and prices for: only a motorcycle is asked apart (any other is priced as a car). */
export const riderType = (from: URLSearchParams) => (from.get('vehicle_type') === 'motorcycle' ? 'motorcycle' : null);
