/**
 * What `leaflet` is in the server's renderer (vite.config.ts, SSR build). Leaflet reads `window` as it
 * loads, so in Node merely importing a screen with a map would fail (and the failed import is reported
 * as an unhandled rejection, which ends the server). Maps are drawn only in the browser (useIsClient,
 * effects), so on the server Leaflet is never used: every member is a function that does nothing.
 */
const noop = () => undefined;
const leaflet: unknown = new Proxy({}, { get: () => noop });
export default leaflet;
