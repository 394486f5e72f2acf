import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiTransport } from '../../lib/api-client';
import { dropBrowserPushSubscription, releasePushSubscription } from './release-push-subscription';

// A browser with push, faked at the edges: the service worker's registration and subscription, and the
// API transport (what was asked of the server).

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
let steps: string[];
let requests: { url: string; method?: string; body?: unknown }[];

function browser(opts: { subscribed?: boolean; registration?: Promise<unknown> } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    unsubscribe: vi.fn(async () => {
      steps.push('unsubscribe');
      return true;
    }),
  };
  const registration = { pushManager: { getSubscription: async () => (opts.subscribed === false ? null : subscription) } };
  const storage = new Map<string, string>([['parkly_token', 'a-session-token-of-twenty-chars']]);
  vi.stubGlobal('window', {
    PushManager: class {},
    Notification: { permission: 'granted' },
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined },
  });
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: () => opts.registration ?? Promise.resolve(registration) } });
  return subscription;
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  steps = [];
  requests = [];
  setApiTransport(async (url, init) => {
    steps.push(`${init.method} ${url}`);
    requests.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(200, { message: 'Device token removed' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiTransport((url, init) => fetch(url, init));
});

describe('releasePushSubscription (before logging out)', () => {
  it('asks the server to forget the subscription, then drops it in the browser', async () => {
    const subscription = browser();
    await releasePushSubscription();
    expect(requests).toEqual([{ url: '/backend/api/v1/device-token', method: 'DELETE', body: { device_token: ENDPOINT } }]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(steps).toEqual(['DELETE /backend/api/v1/device-token', 'unsubscribe']);
  });

  it('still drops the subscription when the server cannot be reached, and never throws', async () => {
    const subscription = browser();
    setApiTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(releasePushSubscription()).resolves.toBeUndefined();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBeInstanceOf(ApiError);
    warn.mockRestore();
  });

  it('does nothing without push support or without a subscription', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', {});
    await releasePushSubscription();
    browser({ subscribed: false });
    await releasePushSubscription();
    expect(requests).toEqual([]);
  });

  it('gives up waiting on a service worker that never answers, so the logout goes on', async () => {
    browser({ registration: new Promise(() => undefined) });
    const started = Date.now();
    await releasePushSubscription(30);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(requests).toEqual([]);
  });
});

describe('dropBrowserPushSubscription (after the account was deleted)', () => {
  it('drops the subscription in the browser without asking the server', async () => {
    const subscription = browser();
    await dropBrowserPushSubscription();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
  });
});
