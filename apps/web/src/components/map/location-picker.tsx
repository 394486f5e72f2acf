import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppConfig } from '../../lib/use-app-config';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// a drawn pin instead of Leaflet's default marker images, which bundlers do not copy
const PIN = L.divIcon({
  className: '',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
  html: `<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" style="filter:drop-shadow(0 2px 2px rgb(0 0 0 / .35))"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#0f766e" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
});

// a faint grid where tiles are missing (offline, blocked, none configured): it reads as a blank map, not a broken one
const BLANK_MAP = {
  backgroundColor: '#eef4f3',
  backgroundImage: 'linear-gradient(#dbe5e3 1px, transparent 1px), linear-gradient(90deg, #dbe5e3 1px, transparent 1px)',
  backgroundSize: '40px 40px',
};

export interface LatLng {
  lat: number;
  lng: number;
}

interface LocationPickerProps {
  /** Where the map opens when there is no point yet. */
  center: LatLng;
  /** The chosen point; null (or not a valid number) shows no pin until the map is clicked. */
  point: LatLng | null;
  onPick: (lat: number, lng: number) => void;
  /** Names the map for screen readers. */
  label?: string;
  className?: string;
}

const valid = (p: LatLng | null): p is LatLng =>
  p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/**
 * A Leaflet map with one draggable pin: clicking the map or dragging the pin picks the point. Tiles
 * come from the server's settings (MAP_TILE_URL); without them the map is a plain grid that still
 * picks points, and the latitude and longitude fields beside it do the same for keyboard users.
 */
export function LocationPicker({ center, point, onPick, label = 'Map: click the map or drag the pin to choose the point', className = 'h-72 sm:h-96' }: LocationPickerProps) {
  const tileUrl = useAppConfig().data?.map_tile_url;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  useLayoutEffect(() => {
    onPickRef.current = onPick;
  });

  // Leaflet owns this DOM node: create the map once, remove it on unmount
  useEffect(() => {
    if (!container.current) return;
    const startsAtPoint = valid(point);
    const start: L.LatLngTuple = startsAtPoint ? [point.lat, point.lng] : [center.lat, center.lng];
    const m = L.map(container.current, { center: start, zoom: startsAtPoint ? 16 : 13, scrollWheelZoom: false });
    const pin = L.marker(start, { icon: PIN, draggable: true, keyboard: true, title: 'Chosen point: drag to move it', alt: 'Chosen point' });
    if (startsAtPoint) pin.addTo(m);
    pin.on('dragend', () => {
      const p = pin.getLatLng();
      onPickRef.current(p.lat, p.lng);
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      pin.setLatLng(e.latlng);
      if (!m.hasLayer(pin)) pin.addTo(m);
      onPickRef.current(e.latlng.lat, e.latlng.lng);
    });
    // the map may first be laid out while hidden or still growing (a step, a tab): keep its size right
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(container.current);
    map.current = m;
    marker.current = pin;
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // the map is created once; later moves go through the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // tiles arrive with the settings; an empty MAP_TILE_URL leaves the plain grid
  useEffect(() => {
    if (!map.current || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(map.current);
    return () => {
      layer.remove();
    };
  }, [tileUrl]);

  // the point changed from outside (fields, search, current location): move the pin and bring it into view
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    const p = { lat: lat ?? NaN, lng: lng ?? NaN };
    const m = map.current;
    const pin = marker.current;
    if (!m || !pin) return;
    if (!valid(p)) {
      pin.remove();
      return;
    }
    const current = pin.getLatLng();
    const shown = m.hasLayer(pin);
    if (shown && current.lat === p.lat && current.lng === p.lng) return;
    pin.setLatLng(p);
    if (!shown) pin.addTo(m);
    if (!m.getBounds().pad(-0.1).contains(p)) m.setView(p, Math.max(m.getZoom(), 15));
  }, [lat, lng]);

  return <div ref={container} role="region" aria-label={label} className={`relative z-0 w-full overflow-hidden rounded-xl border border-slate-200 ${className}`} style={BLANK_MAP} />;
}
