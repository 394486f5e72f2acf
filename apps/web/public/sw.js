/* Parkly service worker: Web Push only (no caching). */
/* global self, clients */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The payload is JSON {title, body, url?} (or {notification:{title, body}}); plain text is the body. */
function readPayload(event) {
  const fallback = { title: 'Parkly', body: '', url: '/' };
  if (!event.data) return fallback;
  try {
    const data = event.data.json();
    const n = data.notification || data;
    return { title: n.title || fallback.title, body: n.body || n.description || '', url: n.url || data.url || '/' };
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
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
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
