import type { SearchResult } from '@parkly/shared/search';
import { AlertTriangle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { carriedSearch } from '../../../lib/carried-search';
import { ParkingCard } from '../../../components/parking/parking-card';
import { countNumber } from './results-header';

/** The cards on the first screen (four on a phone, two rows of two beside the map): their photos load at once. */
const EAGER_CARDS = 4;

interface ResultsListProps {
  results: SearchResult[];
  total: number;
  /** the answer's total_capped: 'Showing 20 of 100+' */
  totalCapped?: boolean;
  /** the result hovered or chosen on the map */
  isActive: (id: string) => boolean;
  onHover: (id: string | null) => void;
  /** keeps each card's item, so a marker click can scroll to it (the item carries the scroll margins) */
  cardRef: (id: string) => (el: HTMLElement | null) => void;
  /** the previous results while the next ones load */
  stale: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The result cards, two across from the sm breakpoint, and "Load more" while the server has more pages. */
export function ResultsList({ results, total, totalCapped, isActive, onHover, cardRef, stale, hasMore, loadingMore, onLoadMore }: ResultsListProps) {
  // a card opens its listing with the search's window and vehicle, so the listing page and the booking steps ask
  // for the same times and the same kind of place (a rider's free bay and price: decision 043)
  const search = carriedSearch(useSearchParams()[0]).toString();
  return (
    <div aria-busy={stale || undefined}>
      <ul aria-label="Parking spaces" className={`grid grid-cols-1 gap-3 transition-opacity sm:grid-cols-2 sm:gap-4 ${stale ? 'opacity-60' : ''}`}>
        {results.map((r, i) => (
          <li key={r.id} ref={cardRef(r.id)} className="scroll-mt-24 scroll-mb-6 lg:scroll-mt-40">
            <ParkingCard listing={r} active={isActive(r.id)} onHover={onHover} headingLevel={2} eager={i < EAGER_CARDS} search={search} />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3 pb-4 text-sm text-slate-600">
        <p>
          Showing {results.length} of {countNumber(total, totalCapped)}
        </p>
        {hasMore && (
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore} className="min-w-40">
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Card-shaped placeholders while the first results load. */
export function ResultsSkeleton() {
  const bar = 'animate-pulse rounded-md bg-slate-200';
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-3 rounded-2xl border border-slate-200 p-2.5 sm:flex-col sm:p-0">
          <div className={`${bar} aspect-square w-28 shrink-0 rounded-xl sm:aspect-[4/3] sm:w-full sm:rounded-b-none sm:rounded-t-2xl`} />
          <div className="flex flex-1 flex-col gap-2 py-1 sm:p-3.5">
            <div className={`${bar} h-4 w-5/6`} />
            <div className={`${bar} h-3 w-1/2`} />
            <div className={`${bar} h-3 w-2/3`} />
            <div className={`${bar} mt-auto h-5 w-1/3`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/** Nothing matched: say so, and offer the quickest way to more results. */
export function EmptyResults({ filtered, timed, onClearFilters, onAnyTime }: { filtered: boolean; timed: boolean; onClearFilters: () => void; onAnyTime: () => void }) {
  return (
    <Notice icon={<SearchX className="size-6" />} title="No spaces match your search">
      <p className="mt-2 max-w-sm text-sm text-slate-600">
        {filtered ? 'Try fewer filters, ' : 'Try '}
        {timed ? 'other times ' : ''}or a wider area: move the map and search this area, or pick another place.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {filtered && <Button onClick={onClearFilters}>Clear filters</Button>}
        {timed && (
          <Button variant="secondary" onClick={onAnyTime}>
            Search any time
          </Button>
        )}
      </div>
    </Notice>
  );
}

/** The search failed: the server's message, and Retry unless the search itself was refused. */
export function SearchError({ message, canRetry, onRetry, action }: { message: string; canRetry: boolean; onRetry: () => void; action?: ReactNode }) {
  return (
    <div role="alert">
      <Notice icon={<AlertTriangle className="size-6" />} title="We could not search here">
        <p className="mt-2 max-w-sm text-sm text-slate-700">{message}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {canRetry && <Button onClick={onRetry}>Retry</Button>}
          {action}
        </div>
      </Notice>
    </div>
  );
}
