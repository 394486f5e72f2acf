import L from 'leaflet';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Leaflet's own stylesheet is not in a cascade layer, so it wins over Tailwind's utilities: the
// classes below only set what leaflet.css leaves alone (it fixes position and `display: block`).
// `translate` is its own CSS property, so it shifts the pill without undoing Leaflet's transform.
const PRICE =
  'whitespace-nowrap rounded-full border border-slate-300 bg-white px-2.5 py-1 text-sm leading-none font-bold text-slate-900 shadow-md -translate-x-1/2 -translate-y-1/2 transition-colors hover:border-slate-900 data-[active]:border-slate-900 data-[active]:bg-slate-900 data-[active]:text-white';

const CLUSTER =
  'group rounded-full focus-visible:outline-offset-4';
const CLUSTER_INNER =
  'flex size-full items-center justify-center rounded-full border-2 border-white bg-brand-700 text-sm font-bold text-white shadow-md ring-4 ring-brand-700/25 transition-colors group-hover:bg-brand-800 group-data-[active]:bg-slate-900 group-data-[active]:ring-slate-900/25';

/** A result on the map: its price in a pill (sized by its text, so no iconSize). */
export const priceIcon = (text: string) =>
  L.divIcon({ className: PRICE, html: escapeHtml(text), iconSize: null as unknown as L.PointExpression, iconAnchor: null as unknown as L.PointExpression });

/** Several results too close to tell apart at this zoom: a round badge with their count. */
export const clusterIcon = (count: number) => {
  const size = count < 10 ? 38 : count < 100 ? 44 : 50;
  return L.divIcon({ className: CLUSTER, html: `<span class="${CLUSTER_INNER}">${count}</span>`, iconSize: [size, size] });
};

/** Marks a marker as the one chosen or hovered in the list (styled by `data-active`). */
export function setMarkerActive(marker: L.Marker, active: boolean) {
  const el = marker.getElement();
  if (!el) return;
  if (active) el.dataset.active = 'true';
  else delete el.dataset.active;
  marker.setZIndexOffset(active ? 1000 : 0);
}
