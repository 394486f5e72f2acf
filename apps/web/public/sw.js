/*
 * Parkly service worker: Web Push, and the driver's gate pass offline (decision 034). Nothing else is cached:
 * only a booking page whose pass was shown (src/lib/offline-pass.ts keeps the page, its files and the pass
 * answer in PASS_CACHE), answered from there when the network does not answer.
 */
/* global self, clients, caches */

const PASS_CACHE = 'parkly-pass-v1';
const PASS_PAGE = /^\/parking\/booking-details\/[^/]+$/;
const PASS_API = /^\/backend\/api\/v1\/bookings\/[^/]+\/pass$/;

/** A kept pass answer, while the pass is still valid (an ended pass is dropped). */
async function keptPass(cache, request) {
  const kept = await cache.match(request.url);
  if (!kept) return null;
  try {
    const body = await kept.clone().json();
    if (Date.parse(body.result.valid_to) > Date.now()) return kept;
  } catch {
    // a damaged entry is dropped below
  }
  await cache.delete(request.url);
  return null;
}

/** Network first; the kept copy when the network fails. A fresh pass answer replaces the kept one. */
async function passAware(request, path) {
  const cache = await caches.open(PASS_CACHE);
  try {
    const fresh = await fetch(request);
    // a fresh pass replaces the kept one
    if (fresh.ok && PASS_API.test(path)) await cache.put(request.url, fresh.clone());
    return fresh;
  } catch (err) {
    const kept = PASS_API.test(path) ? await keptPass(cache, request) : await cache.match(request.url, { ignoreSearch: PASS_PAGE.test(path) });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  const page = request.mode === 'navigate' && PASS_PAGE.test(path);
  // the app's files are only answered from the cache when a pass page was kept (and the network fails)
  if (page || PASS_API.test(path) || path.startsWith('/assets/')) event.respondWith(passAware(request, path));
});

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * The address a click opens: a page of this site only. A payload is data from outside, so anything
 * that resolves elsewhere (https://other.example, //other.example, javascript:) opens the home page.
 */
function sitePage(value) {
  const home = new URL('/', self.location.origin).href;
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : home;
  } catch {
    return home;
  }
}

/** The payload is JSON {title, body, url?, kind?} (or {notification:{title, body}}); plain text is the body. */
function readPayload(event) {
  const fallback = { title: 'Parkly', body: '', url: sitePage('/') };
  if (!event.data) return fallback;
  try {
    const data = event.data.json();
    const n = data.notification || data;
    return { title: String(n.title || fallback.title), body: String(n.body || n.description || ''), url: sitePage(n.url || data.url) };
  } catch {
    return { ...fallback, body: event.data.text() };
  }
}

async function onPush(event) {
  const message = readPayload(event);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  // open pages show the message themselves as a 'New Message!' popup
  for (const client of windows) client.postMessage({ type: 'push', title: message.title, body: message.body });
  // the system notification is for when nobody is looking at the app
  if (windows.some((client) => client.focused)) return;
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { url: message.url },
  });
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event)));

async function onNotificationClick(event) {
  event.notification.close();
  const url = sitePage(event.notification.data && event.notification.data.url);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    if ('navigate' in open && open.url !== url) await open.navigate(url).catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => event.waitUntil(onNotificationClick(event)));
