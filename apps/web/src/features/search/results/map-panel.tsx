import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useAppConfig } from '../../../lib/use-app-config';
import { useIsClient } from '../../../lib/use-is-client';
import { BLANK_MAP } from '../../../components/map/map-background';
import type { ResultsMapProps } from './results-map';

// Leaflet and its stylesheet load with this chunk, after the list: the page is usable before the map is
const ResultsMap = lazy(() => import('./results-map'));

/** If the map library cannot load, the drawn grid stays and the list still has every result. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="absolute inset-x-4 top-4 z-[500] rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-700 shadow">The map could not be loaded. Every result is in the list.</p>
    ) : (
      this.props.children
    );
  }
}

interface MapPanelProps extends Omit<ResultsMapProps, 'tileUrl'> {
  /** drawn over the map: a notice, or the chosen result's card on a phone */
  children?: ReactNode;
  className?: string;
}

/** The map area: a plain grid at once, Leaflet on top when it has loaded, overlays above both. */
export function MapPanel({ children, className = '', ...props }: MapPanelProps) {
  const tileUrl = useAppConfig().data?.map_tile_url;
  // Leaflet needs a browser: the server's page has the grid, the map comes once the app runs
  const isClient = useIsClient();
  return (
    <div className={`relative isolate overflow-hidden ${className}`} style={BLANK_MAP}>
      {isClient && (
        <MapBoundary>
          <Suspense fallback={null}>
            <ResultsMap {...props} tileUrl={tileUrl} />
          </Suspense>
        </MapBoundary>
      )}
      {children}
    </div>
  );
}
