import { STORAGE_KEYS } from '@parkly/shared/constants';
import { local, session } from './storage';

/**
 * The position lib/geolocation.ts stored: apart from it, so that a search's default place (default-place.ts)
 * reads it without loading the code that asks the browser for one (decision 041).
 */
export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** The last stored position, if any. */
export function storedPosition(): Position | null {
  try {
    const raw = session.get(STORAGE_KEYS.locationLat);
    if (raw) return JSON.parse(raw) as Position;
  } catch {
    /* ignore a broken value */
  }
  const lat = Number(local.get(STORAGE_KEYS.userLat));
  const lng = Number(local.get(STORAGE_KEYS.userLng));
  return local.get(STORAGE_KEYS.userLat) && Number.isFinite(lat) && Number.isFinite(lng) ? { latitude: lat, longitude: lng, accuracy: 0 } : null;
}
