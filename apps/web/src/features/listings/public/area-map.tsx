import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { BLANK_MAP } from '../../../components/map/map-background';

/** Public positions are rounded to about 100 m, so the map shows a circle of that size, never a pin. */
export const AREA_RADIUS_M = 100;
const BRAND = '#0f766e';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

interface AreaMapProps {
  lat: number;
  lng: number;
  tileUrl: string;
  label: string;
}

/**
 * Leaflet with the configured tiles and a circle around the rounded position. The circle is drawn by
 * Leaflet itself, so it shows on the plain background when no tile can be loaded. Loaded only by
 * this page, and only when the map comes near the screen.
 */
export default function AreaMap({ lat, lng, tileUrl, label }: AreaMapProps) {
  const container = useRef<HTMLDivElement>(null);

  // Leaflet owns this DOM node: build the map once per position and tile source, remove it after
  useEffect(() => {
    if (!container.current) return;
    const center: L.LatLngTuple = [lat, lng];
    // on a phone one finger scrolls the page, not the map; two fingers still zoom
    const map = L.map(container.current, { center, zoom: 16, scrollWheelZoom: false, dragging: !L.Browser.mobile, zoomControl: false });
    // top left carries the area's name
    L.control.zoom({ position: 'topright' }).addTo(map);
    map.attributionControl.setPrefix(false);
    if (tileUrl) L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(map);
    const circle = L.circle(center, { radius: AREA_RADIUS_M, color: BRAND, weight: 2, fillColor: BRAND, fillOpacity: 0.18, interactive: false }).addTo(map);
    map.fitBounds(circle.getBounds(), { padding: [56, 56], maxZoom: 17 });
    // Leaflet makes the map focusable (arrow keys pan it): give that stop a name
    container.current.setAttribute('role', 'region');
    container.current.setAttribute('aria-label', label);
    return () => {
      map.remove();
    };
  }, [lat, lng, tileUrl, label]);

  // the grid covers the drawn placeholder under it; tiles, when they load, cover the grid
  return <div ref={container} className="absolute inset-0 z-0" style={BLANK_MAP} />;
}
