import {
  GEOLOCATION_DECISION_TIMEOUT_MS,
  GEOLOCATION_FIRST_TIMEOUT_MS,
  GEOLOCATION_HELPER_TIMEOUT_MS,
  MESSAGES,
  STORAGE_KEYS,
} from '@parkly/shared/constants';
import { local, session } from './storage';
import type { Position } from './stored-position';

export { storedPosition, type Position } from './stored-position';

/** The last problem, kept for diagnostics only: the spec says these messages are stored, not shown. */
export let lastGeolocationError: string | null = null;

function store(p: Position) {
  local.set(STORAGE_KEYS.userLat, String(p.latitude));
  local.set(STORAGE_KEYS.userLng, String(p.longitude));
  session.set(STORAGE_KEYS.locationLat, JSON.stringify(p));
}

function fail(message: string): null {
  lastGeolocationError = message;
  session.set('location_error', message);
  return null;
}

function ask(timeout: number, decisionTimeout: number): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(fail(MESSAGES.geolocationUnsupported));
  return new Promise((resolve) => {
    // the browser may never answer while its permission prompt is open: stop waiting after a while
    const decision = setTimeout(() => resolve(fail(MESSAGES.geolocationDisabled)), timeout + decisionTimeout);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        clearTimeout(decision);
        const p = { latitude: pos.coords.latitude, longitude: pos.coords.longitude, accuracy: pos.coords.accuracy };
        store(p);
        resolve(p);
      },
      (err) => {
        clearTimeout(decision);
        resolve(fail(err.code === err.PERMISSION_DENIED ? MESSAGES.geolocationDisabled : err.message || MESSAGES.geolocationDisabled));
      },
      { enableHighAccuracy: true, timeout, maximumAge: 0 },
    );
  });
}

/** First position of a visit: high accuracy, 10 s, nothing cached (SPEC section 9). */
export const locateFirst = () => ask(GEOLOCATION_FIRST_TIMEOUT_MS, 0);

/** The location helper: 5 s to get a position and 5 s for the person to decide on the prompt. */
export const locateUser = () => ask(GEOLOCATION_HELPER_TIMEOUT_MS, GEOLOCATION_DECISION_TIMEOUT_MS);
