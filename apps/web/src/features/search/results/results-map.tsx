import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clusterPoints, type MapPoint } from './map-clusters';
import { snapBbox, type Bbox } from './map-grid';
import { BLANK_MAP } from '../../../components/map/map-background';
import { clusterIcon, priceIcon, setMarkerActive } from './map-icons';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** From this zoom every result gets its own pill: closer than this they share a street. */
const NO_CLUSTERS_FROM_ZOOM = 16;
const FIT = { padding: [48, 48] as L.PointTuple, maxZoom: 15, animate: false };

export interface MapResult extends MapPoint {
  title: string;
  /** the pill's text, such as '₹40' */
  price: string;
  /** the marker's accessible name, such as 'Covered lot in Koramangala, ₹40 total' */
  label: string;
}

export type { Bbox };

export interface ResultsMapProps {
  results: MapResult[];
  /** the result hovered or chosen in the list or on the map */
  highlightId: string | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  /** where the map should look; it moves there each time `key` changes */
  view: { key: string; bounds: L.LatLngBoundsLiteral } | null;
  /** where it opens before `view` is known */
  center: [number, number];
  onSearchArea: (bbox: Bbox) => void;
  tileUrl: string | undefined;
  label: string;
}

/** A marker is a button: a click, Enter or Space acts (Leaflet itself turns Enter only into opening a popup). */
function onActivate(marker: L.Marker, act: () => void) {
  marker.on('click', act);
  marker.on('keydown', (e: L.LeafletKeyboardEvent) => {
    if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
    e.originalEvent.preventDefault();
    act();
  });
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The map's view as the API's bbox (minLng,minLat,maxLng,maxLat), inside the world's limits, snapped to the zoom's grid. */
function bboxOf(map: L.Map): Bbox {
  const b = map.getBounds();
  const view: Bbox = [round5(Math.max(-180, b.getWest())), round5(Math.max(-90, b.getSouth())), round5(Math.min(180, b.getEast())), round5(Math.min(90, b.getNorth()))];
  return snapBbox(view, map.getZoom());
}

/** The box "Search this area" asks for this view, as Leaflet bounds. */
const snappedBounds = (map: L.Map) => {
  const [w, s, e, n] = bboxOf(map);
  return L.latLngBounds([s, w], [n, e]);
};

const sameBounds = (a: L.LatLngBounds, b: L.LatLngBounds) =>
  Math.abs(a.getWest() - b.getWest()) < 1e-4 && Math.abs(a.getEast() - b.getEast()) < 1e-4 && Math.abs(a.getSouth() - b.getSouth()) < 1e-4 && Math.abs(a.getNorth() - b.getNorth()) < 1e-4;

/**
 * The results on a Leaflet map: a price pill per result, clustered where pills would overlap. Moving
 * the map offers "Search this area". Loaded on its own, so the map library reaches only this page.
 */
export default function ResultsMap({ results, highlightId, onSelect, onHover, view, center, onSearchArea, tileUrl, label }: ResultsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  // moves the page makes (fitting the results, a resize) are not the person's: no "Search this area"
  const ours = useRef(false);
  const fittedKey = useRef<string | null>(null);
  // what each result id is drawn as: its own pill or the cluster holding it
  const drawn = useRef(new Map<string, L.Marker>());
  const [drawCount, setDrawCount] = useState(0);
  const handlers = useRef({ onSelect, onHover });
  useLayoutEffect(() => {
    handlers.current = { onSelect, onHover };
  });

  const quietly = (move: () => void) => {
    ours.current = true;
    try {
      move();
    } finally {
      ours.current = false;
    }
  };

  // Leaflet owns this DOM node: build the map once, remove it after
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const m = L.map(el, {
      center,
      zoom: 12,
      minZoom: 3,
      zoomControl: false,
      // trackResize is off: the observer below follows the container, not only the window
      trackResize: false,
      zoomAnimation: !still,
      fadeAnimation: !still,
      markerZoomAnimation: !still,
    });
    L.control.zoom({ position: 'topright' }).addTo(m);
    m.attributionControl.setPrefix(false);
    m.on('moveend', () => {
      if (!ours.current) setMoved(true);
    });
    m.on('zoomend', () => setZoom(m.getZoom()));
    // the map may first be laid out while its column is still growing: keep its size right
    const resize = new ResizeObserver(() => quietly(() => m.invalidateSize()));
    resize.observe(el);
    setMap(m);
    setZoom(m.getZoom());
    return () => {
      resize.disconnect();
      m.remove();
      setMap(null);
      // a map made again (React's development double run) starts by fitting the view again
      fittedKey.current = null;
    };
    // the map is made once; later changes of place go through `view`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // tiles arrive with the settings; without them (or offline) the drawn grid under the map stays
  useEffect(() => {
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl]);

  // a new place or map view: show it, unless the map already shows exactly that (after "Search this area",
  // whose box is the view snapped outward to the grid: the map stays where the person left it)
  const viewKey = view?.key;
  useEffect(() => {
    if (!map || !view || fittedKey.current === view.key) return;
    fittedKey.current = view.key;
    const bounds = L.latLngBounds(view.bounds);
    if (sameBounds(map.getBounds(), bounds) || sameBounds(snappedBounds(map), bounds)) return;
    quietly(() => map.fitBounds(bounds, FIT));
    setMoved(false);
    // `view` is a new object on each render; its key says when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, viewKey]);

  // the pills and clusters, redrawn when the results or the zoom change (panning keeps the groups)
  useEffect(() => {
    if (!map || zoom === null) return;
    const layer = L.layerGroup().addTo(map);
    const byId = new Map<string, L.Marker>();
    const groups = zoom >= NO_CLUSTERS_FROM_ZOOM ? results.map((point) => ({ kind: 'one' as const, point })) : clusterPoints(results, (lat, lng) => map.project([lat, lng], zoom));
    for (const g of groups) {
      if (g.kind === 'one') {
        const r = g.point;
        const marker = L.marker([r.lat, r.lng], { icon: priceIcon(r.price), keyboard: true, riseOnHover: true }).addTo(layer);
        marker.getElement()?.setAttribute('aria-label', r.label);
        onActivate(marker, () => handlers.current.onSelect(r.id));
        marker.on('mouseover', () => handlers.current.onHover(r.id));
        marker.on('mouseout', () => handlers.current.onHover(null));
        byId.set(r.id, marker);
      } else {
        const marker = L.marker([g.lat, g.lng], { icon: clusterIcon(g.points.length), keyboard: true }).addTo(layer);
        marker.getElement()?.setAttribute('aria-label', `${g.points.length} spaces here: zoom in to see them`);
        onActivate(marker, () => {
          const bounds = L.latLngBounds(g.bounds);
          // all at one rounded position (about 100 m): zoom in far enough that each gets its own pill
          if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), NO_CLUSTERS_FROM_ZOOM);
          else map.fitBounds(bounds, { padding: [64, 64], maxZoom: NO_CLUSTERS_FROM_ZOOM });
        });
        for (const p of g.points) byId.set(p.id, marker);
      }
    }
    drawn.current = byId;
    setDrawCount((n) => n + 1);
    return () => {
      layer.remove();
      drawn.current = new Map();
    };
  }, [map, zoom, results]);

  // the hovered or chosen result stands out (its pill, or the cluster it is in)
  useEffect(() => {
    const marker = highlightId ? drawn.current.get(highlightId) : undefined;
    if (!marker) return;
    setMarkerActive(marker, true);
    return () => setMarkerActive(marker, false);
  }, [highlightId, drawCount]);

  const searchArea = () => {
    if (!map) return;
    setMoved(false);
    onSearchArea(bboxOf(map));
  };

  return (
    <>
      {/* the grid shows where tiles are missing (offline, blocked): a blank map, not a broken one */}
      <div ref={container} role="region" aria-label={label} className="absolute inset-0 z-0" style={BLANK_MAP} />
      {moved && (
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[500] flex justify-center">
          <button
            type="button"
            onClick={searchArea}
            className="pointer-events-auto inline-flex min-h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Search aria-hidden="true" className="size-4" /> Search this area
          </button>
        </div>
      )}
    </>
  );
}
