/**
 * A driver's gate pass opens with no network while it is valid (decision 034). Once the pass has shown on its
 * booking page, this keeps in Cache Storage what that page needs to open again offline: the page itself (the
 * app's shell for that address), the scripts and styles it loaded, and the pass answer. The service worker
 * (public/sw.js) answers from there when the network does not, and keeps the pass answer fresh while online.
 */
import { API_BASE } from '@parkly/shared/constants';
import type { GatePass } from '@parkly/shared/gate-pass';

/** The Cache Storage the pass and its page are kept in (public/sw.js names it too); emptied on logout. */
export const OFFLINE_PASS_CACHE = 'parkly-pass-v1';

export const passApiPath = (bookingId: string) => `${API_BASE}/bookings/${encodeURIComponent(bookingId)}/pass`;

/** The same-site scripts and styles the page has loaded (Vite's hashed /assets/ files never change). */
function loadedAssets(): string[] {
  const here = window.location.origin;
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${here}/assets/`) && /\.(js|css|woff2?)$/.test(new URL(u).pathname));
}

/** `modules`: the addresses of modules loaded late (the pass's own chunk), which the browser's list may have missed. */
export async function keepPassOffline(pass: GatePass, modules: string[] = []): Promise<void> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    const cache = await caches.open(OFFLINE_PASS_CACHE);
    const shell = window.location.pathname;
    const scripts = Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"], link[rel="modulepreload"]'))
      .map((el) => ('src' in el && el.src ? el.src : (el as HTMLLinkElement).href))
      .filter((u) => u.startsWith(`${window.location.origin}/assets/`));
    const wanted = [...new Set([shell, ...scripts, ...loadedAssets(), ...modules.filter((u) => u.startsWith(`${window.location.origin}/assets/`))])];
    const missing = (await Promise.all(wanted.map(async (u) => ((await cache.match(u)) ? null : u)))).filter((u): u is string => u !== null);
    // one by one: a file that fails is left out, the others are still kept
    await Promise.all(missing.map((u) => cache.add(u).catch(() => undefined)));
    await cache.put(passApiPath(pass.booking_id), new Response(JSON.stringify({ result: pass }), { headers: { 'content-type': 'application/json' } }));
  } catch {
    // offline use is a bonus: the pass still shows while online
  }
}
