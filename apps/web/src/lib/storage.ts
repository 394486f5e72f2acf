import { STORAGE_KEYS } from '@parkly/shared/constants';

/** localStorage and sessionStorage through one place, quiet when storage is blocked. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
  clear: () => safe(() => window.localStorage.clear(), undefined),
};

export const session = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
};

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** Subscribe to changes of the token or mode (this tab, and other tabs through the storage event). */
export function subscribeStorage(listener: Listener) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getToken = () => local.get(STORAGE_KEYS.token);
export function setToken(token: string) {
  local.set(STORAGE_KEYS.token, token);
  notify();
}

/** host_user in local storage is the current mode: '1' host, '0' guest. */
export const getMode = (): 'host' | 'guest' => (local.get(STORAGE_KEYS.hostUser) === '1' ? 'host' : 'guest');
export function setMode(mode: 'host' | 'guest') {
  local.set(STORAGE_KEYS.hostUser, mode === 'host' ? '1' : '0');
  notify();
}

/** Logout, deletion and the unauthenticated flow all clear every local key (SPEC section 4). */
export function clearLocal() {
  local.clear();
  // the gate passes kept for offline use go with the session (lib/offline-pass.ts)
  if (typeof caches !== 'undefined') void caches.delete(OFFLINE_PASS_CACHE).catch(() => undefined);
  notify();
}

/** The Cache Storage the service worker keeps gate passes and their page in (public/sw.js says the same name). */
export const OFFLINE_PASS_CACHE = 'parkly-pass-v1';
