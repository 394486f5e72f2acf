import { DEVICE_TOKEN_FALLBACK, PUSH_REFRESH_MS, STORAGE_KEYS } from '@parkly/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { local } from '../../lib/storage';
import { pushPublicKeyQueryOptions } from './api/get-push-public-key';
import { saveDeviceToken } from './api/save-device-token';
import { base64UrlToBytes } from './base64url';

import type { PushState } from './push-state';

export type PushOutcome = 'subscribed' | 'fresh' | 'waiting' | 'unavailable';

/**
 * Registration is slow (service worker, push service): when the session ends meanwhile (logout, the
 * unauthenticated flow), storage has just been cleared and must stay so (SPEC 4).
 */
const signedIn = () => local.get(STORAGE_KEYS.token) !== null;

/** SPEC 8: when no push token can be had, log it and keep the literal fallback. */
function keepFallback(reason: unknown): PushOutcome {
  console.warn('Push notifications are not available:', reason);
  if (signedIn()) local.set(STORAGE_KEYS.deviceToken, DEVICE_TOKEN_FALLBACK);
  return 'unavailable';
}

/** True once the stored subscription is missing, the fallback, or older than 7 days (SPEC 9). */
export function isRefreshDue(storedToken: string | null, storedAt: string | null, now = Date.now()): boolean {
  if (!storedToken || storedToken === DEVICE_TOKEN_FALLBACK) return true;
  const at = Number(storedAt);
  return !Number.isFinite(at) || at <= 0 || now - at > PUSH_REFRESH_MS;
}

async function store(subscription: PushSubscription): Promise<PushOutcome> {
  const json = JSON.stringify(subscription);
  await saveDeviceToken(json);
  if (!signedIn()) return 'unavailable';
  local.set(STORAGE_KEYS.deviceToken, json);
  local.set(STORAGE_KEYS.deviceTokenAt, String(Date.now()));
  return 'subscribed';
}

async function subscribe(queryClient: QueryClient, registration: ServiceWorkerRegistration): Promise<PushOutcome> {
  const stored = local.get(STORAGE_KEYS.deviceToken);
  const due = isRefreshDue(stored, local.get(STORAGE_KEYS.deviceTokenAt));
  const existing = await registration.pushManager.getSubscription();
  if (existing && !due && JSON.stringify(existing) === stored) return 'fresh';
  // a subscription older than 7 days is replaced; a recent one the server does not know yet is sent again
  if (existing && due) await existing.unsubscribe();
  else if (existing) return store(existing);
  const publicKey = await queryClient.fetchQuery(pushPublicKeyQueryOptions);
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  return store(subscription);
}

/**
 * Registers the service worker and, with permission, keeps a push subscription on the server.
 * Never asks for permission itself: that needs a click (see the banner).
 */
export async function ensurePushSubscription(queryClient: QueryClient, state: PushState): Promise<PushOutcome> {
  if (state === 'unsupported' || state === 'denied') return keepFallback(state);
  try {
    const registration = await navigator.serviceWorker.register('/sw.js');
    if (state === 'default') {
      if (signedIn() && !local.get(STORAGE_KEYS.deviceToken)) local.set(STORAGE_KEYS.deviceToken, DEVICE_TOKEN_FALLBACK);
      return 'waiting';
    }
    await navigator.serviceWorker.ready;
    return await subscribe(queryClient, registration);
  } catch (err) {
    return keepFallback(err);
  }
}
