import type { PublicListing } from '@parkly/shared/listings';
import { LockKeyhole, MapPin } from 'lucide-react';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppConfig } from '../../../lib/use-app-config';
import { placeOf } from './listing-header';
import { BLANK_MAP } from '../../../components/map/map-background';
import { Section } from './section';

const AreaMap = lazy(() => import('./area-map'));


/** Mounts its children once the area is within a screen of being seen, so the map library loads only for readers who scroll. */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** If the map library fails to load, the drawn placeholder stays: the area text is still there. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** What shows before (or instead of) Leaflet: the same circle, drawn, in the middle of the grid. */
function AreaPlaceholder() {
  return (
    <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
      <span className="size-36 rounded-full border-2 border-brand-700 bg-brand-700/15" />
    </div>
  );
}

export function LocationSection({ listing }: { listing: PublicListing }) {
  const config = useAppConfig();
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const place = placeOf(listing) || 'this area';
  const hasPosition = listing.lat !== null && listing.lng !== null;

  return (
    <Section title="Where you'll park">
      <figure>
        <div ref={ref} className="relative isolate h-72 overflow-hidden rounded-2xl border border-slate-200 sm:h-96" style={BLANK_MAP}>
          <AreaPlaceholder />
          {hasPosition && near && config.data && (
            <MapBoundary fallback={null}>
              <Suspense fallback={null}>
                <AreaMap lat={listing.lat!} lng={listing.lng!} tileUrl={config.data.map_tile_url} label={`Map of the area around ${place}`} />
              </Suspense>
            </MapBoundary>
          )}
          <div className="pointer-events-none absolute top-3 left-3 z-[500] inline-flex max-w-[calc(100%-5rem)] items-center gap-1.5 rounded-lg bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            <span className="truncate">{place}</span>
          </div>
        </div>
        <figcaption className="mt-3 flex items-start gap-2 text-sm text-slate-600">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            The space is within about 100 m of the centre of the circle in {place}. The exact address and how to get in are shared after you
            book.
          </span>
        </figcaption>
      </figure>
    </Section>
  );
}
