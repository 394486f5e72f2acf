/* Parkly service worker: Web Push only (no caching). */
/* global self, clients */

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
