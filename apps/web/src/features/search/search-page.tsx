import { SEARCH_LIMITS } from '@parkly/shared/search-options';
import { X } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { DocumentTitle } from '../../components/ui/page';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useSearchParkings } from './api/search-parkings';
import { ParkingCard } from '../../components/parking/parking-card';
import { mapViewFor, toMapResults } from './results/map-view';
import { MapPanel } from './results/map-panel';
import { EmptyResults, ResultsList, ResultsSkeleton, SearchError } from './results/results-list';
import { ResultsHeader } from './results/results-header';
import { SearchBar } from './results/search-bar';
import { activeFilterCount, atPlace, filtersOf, NEAR_ME, NO_FILTERS } from './results/search-defaults';
import { useIsDesktop } from './results/use-is-desktop';
import { useSearchUrl } from './results/use-search-url';
import { toApiQuery } from '../../lib/search-state';

/** The middle of a map view (minLng,minLat,maxLng,maxLat), as [lat, lng]. */
const bboxCentre = (b?: [number, number, number, number]): [number, number] => (b ? [(b[1] + b[3]) / 2, (b[0] + b[2]) / 2] : [0, 0]);

/** What went wrong, in the server's words: a refused search names the field's problem without the field's name. */
function errorText(err: Error): string {
  const fields = err instanceof ApiError && err.errors ? Object.values(err.errors) : [];
  return fields[0] ?? err.message;
}

const scrollBehavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * /parking: the results of a search as a list and a map (side by side from the lg breakpoint, one or
 * the other on a phone), with the place, time, filters and sort above. The whole search lives in the
 * URL, so reload, Back and shared links bring it back.
 */
export default function SearchPage() {
  const { state, update } = useSearchUrl();
  const isDesktop = useIsDesktop();
  const headingId = useId();
  const query = toApiQuery(state)?.toString() ?? null;
  const search = useSearchParkings(query);
  const pages = search.data?.pages;
  const results = useMemo(() => pages?.flatMap((p) => p.result) ?? [], [pages]);
  // while the next search runs, the old count would be wrong: say it is searching
  const total = search.isPlaceholderData ? undefined : pages?.[0]?.total;

  const [hoverId, setHoverId] = useState<string | null>(null);
  // a choice on the map belongs to the search it was made in
  const [chosen, setChosen] = useState<{ id: string; query: string | null } | null>(null);
  const chosenId = chosen?.query === query ? chosen.id : null;
  const cards = useRef(new Map<string, HTMLElement>());

  const fresh = search.isSuccess && !search.isPlaceholderData;
  const firstPage = pages?.[0]?.result;
  const mapView = useMemo(() => mapViewFor(state, fresh && firstPage ? firstPage : null, SEARCH_LIMITS.radiusDefaultKm), [state, fresh, firstPage]);
  const mapResults = useMemo(() => toMapResults(results), [results]);

  const filters = filtersOf(state);
  const filtered = activeFilterCount(filters) > 0;
  const timed = Boolean(state.start && state.end);
  const place = state.place === NEAR_ME ? 'your location' : (state.place ?? 'the place');
  const title = state.place === NEAR_ME ? 'Parking near you' : state.place ? `Parking near ${state.place}` : 'Parking in the map area';
  const showList = isDesktop || state.view === 'list';
  const showMap = isDesktop || state.view === 'map';
  const error = search.isError && !search.isPlaceholderData ? search.error : null;
  // a query the API will not run: a field out of range or a stale cursor (VALIDATION), or a malformed address (BAD_REQUEST)
  const refused = error instanceof ApiError && (error.code === 'VALIDATION' || error.code === 'BAD_REQUEST');

  const choose = (id: string) => {
    setChosen({ id, query });
    if (isDesktop) cards.current.get(id)?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  };
  const chosenResult = !isDesktop && chosenId ? results.find((r) => r.id === chosenId) : undefined;

  const body = error ? (
    <SearchError
      message={errorText(error)}
      canRetry={!refused}
      onRetry={() => void search.refetch()}
      action={
        state.bbox && refused ? (
          <Button variant="secondary" onClick={() => update((s) => ({ ...s, bbox: undefined }))}>
            Search around {place}
          </Button>
        ) : undefined
      }
    />
  ) : !pages ? (
    <ResultsSkeleton />
  ) : results.length === 0 ? (
    <EmptyResults
      filtered={filtered}
      timed={timed}
      onClearFilters={() => update((s) => ({ ...s, ...NO_FILTERS }))}
      onAnyTime={() => update((s) => ({ ...s, when: undefined, start: undefined, end: undefined }))}
    />
  ) : (
    <ResultsList
      results={results}
      total={pages[0]?.total ?? results.length}
      totalCapped={pages[0]?.total_capped}
      isActive={(id) => id === hoverId || id === chosenId}
      onHover={setHoverId}
      cardRef={(id) => (el) => {
        if (el) cards.current.set(id, el);
        else cards.current.delete(id);
      }}
      stale={search.isPlaceholderData}
      hasMore={search.hasNextPage}
      loadingMore={search.isFetchingNextPage}
      onLoadMore={() => void search.fetchNextPage()}
    />
  );

  // on a phone the map fills the screen under the bar, so the page itself does not need to scroll
  const phoneMap = !isDesktop && state.view === 'map';

  return (
    <div className={`flex flex-col ${phoneMap ? 'h-[calc(100dvh-4rem)] min-h-[32rem]' : 'flex-1'}`}>
      <DocumentTitle title={title} />
      <SearchBar
        search={state}
        onPlace={(p) => update((s) => atPlace(s, p))}
        onWhen={(w) => update((s) => ({ ...s, ...w }))}
        onFilters={(f) => update((s) => ({ ...s, ...f }))}
      />
      <div className="flex min-h-0 flex-1 flex-col lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby={headingId} className="px-4 pt-3 pb-4 sm:px-6 lg:pt-5">
          <ResultsHeader
            title={title}
            headingId={headingId}
            total={total}
            totalCapped={pages?.[0]?.total_capped}
            failed={error !== null}
            sort={state.sort}
            onSort={(sort) => update((s) => ({ ...s, sort }))}
            view={state.view}
            onView={(view) => update((s) => ({ ...s, view }), { replace: true })}
          />
          {showList && <div className="mt-4">{body}</div>}
        </section>
        {showMap && (
          <MapPanel
            className="min-h-0 flex-1 border-slate-200 lg:sticky lg:top-[8.5rem] lg:h-[calc(100dvh-8.5rem)] lg:border-l"
            label={`Map of p${title.slice(1)}`}
            results={mapResults}
            highlightId={hoverId ?? chosenId}
            onSelect={choose}
            onHover={setHoverId}
            view={mapView}
            center={state.lat !== undefined && state.lng !== undefined ? [state.lat, state.lng] : bboxCentre(state.bbox)}
            onSearchArea={(bbox) => update((s) => ({ ...s, bbox }))}
          >
            {!isDesktop && error && (
              <p role="alert" className="absolute inset-x-3 bottom-20 z-[500] rounded-lg bg-white px-3 py-2 text-sm font-medium text-red-800 shadow-lg ring-1 ring-red-200">
                {errorText(error)}
              </p>
            )}
            {chosenResult && (
              <div className="absolute inset-x-3 bottom-20 z-[500] flex flex-col items-end gap-2">
                <button
                  type="button"
                  onClick={() => setChosen(null)}
                  className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white px-3 text-sm font-semibold text-slate-800 shadow ring-1 ring-slate-300"
                >
                  <X aria-hidden="true" className="size-4" /> Close
                </button>
                <div className="w-full shadow-xl">
                  <ParkingCard listing={chosenResult} active headingLevel={2} />
                </div>
              </div>
            )}
          </MapPanel>
        )}
      </div>
    </div>
  );
}
