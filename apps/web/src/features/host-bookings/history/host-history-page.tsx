import { Download, History, ListPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { DocumentTitle } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { useMyListings } from '../../listings/api/get-my-listings';
import { useDownloadHostBookings } from './api/download-host-bookings';
import { useHostBookings } from './api/list-host-bookings';
import { HistoryFiltersForm } from './components/history-filters-form';
import { HistoryRow } from './components/history-row';
import { HistorySummary } from './components/history-summary';
import { datesBackwards, filtersToParams, hasFilters, NO_FILTERS, readFilters, toApiQuery, type HistoryFilters } from './history-filters';

function LoadingRows() {
  return (
    <div>
      <Spinner label="Loading your bookings" className="sr-only" />
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="animate-pulse space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="h-4 w-28 rounded bg-slate-200" />
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-brand-200 bg-gradient-to-br from-brand-50 to-white px-6 py-12 text-center">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
        <History className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{filtered ? 'No bookings match these filters' : 'No bookings yet'}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {filtered
          ? 'Try another listing, status or dates, or clear the filters to see every booking.'
          : 'When drivers book your spaces, every booking shows here with its guest, times and your payout.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Link to="/my-listing" className={buttonClass('primary')}>
            <ListPlus aria-hidden="true" className="size-4" /> Go to My Listing
          </Link>
        )}
      </div>
    </div>
  );
}

function HistoryResults({ query, filtered, onClear }: { query: URLSearchParams; filtered: boolean; onClear: () => void }) {
  const bookings = useHostBookings(query);
  if (bookings.isPending) return <LoadingRows />;
  if (bookings.isLoadingError) {
    const gone = bookings.error instanceof ApiError && bookings.error.status === 404;
    return (
      <div className="space-y-3">
        <FormAlert message={gone ? 'That listing is not one of yours any more. Choose another or clear the filters.' : `We could not load your bookings. ${bookings.error.message}`} />
        <Button variant="secondary" onClick={() => (gone ? onClear() : void bookings.refetch())}>
          {gone ? 'Clear filters' : 'Try again'}
        </Button>
      </div>
    );
  }
  const all = bookings.data.pages.flatMap((p) => p.result);
  const summary = bookings.data.pages[0]!.summary;
  return (
    <div className="space-y-4">
      {/* a host with no bookings at all has no totals to read */}
      {(filtered || summary.count > 0) && <HistorySummary summary={summary} />}
      {all.length === 0 ? (
        <EmptyState filtered={filtered} onClear={onClear} />
      ) : (
        <section aria-labelledby="history-list" className="space-y-3">
          <h2 id="history-list" className="sr-only">
            Bookings
          </h2>
          <ul className="space-y-3">
            {all.map((b) => (
              <HistoryRow key={b.id} booking={b} />
            ))}
          </ul>
          <p role="status" className="text-center text-sm text-slate-600">
            {`Showing ${all.length.toLocaleString('en-IN')} of ${summary.count.toLocaleString('en-IN')} ${summary.count === 1 ? 'booking' : 'bookings'}`}
          </p>
          {bookings.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" disabled={bookings.isFetchingNextPage} onClick={() => void bookings.fetchNextPage()}>
                {bookings.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
          {bookings.isFetchNextPageError && <FormAlert message="We could not load more bookings. Try Load more again." />}
        </section>
      )}
    </div>
  );
}

/** /HostBoking_history: every booking of the host's listings, filtered (in the address), with totals and a CSV of exactly the filter. */
export default function HostHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const timeZone = useDefaultTimeZone();
  const listings = useMyListings();
  const download = useDownloadHostBookings();
  const backwards = datesBackwards(filters);
  const apiQuery = toApiQuery(filters, timeZone);
  const apply = (next: HistoryFilters) => {
    download.reset();
    setParams(filtersToParams(next), { replace: true });
  };
  const clear = () => apply(NO_FILTERS);

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Booking history" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Booking history</h1>
            <p className="mt-1 text-slate-600">Every booking of your spaces, with its guest and your payout.</p>
          </div>
          <Button variant="secondary" disabled={backwards || download.isPending} onClick={() => download.mutate(apiQuery)}>
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
          </Button>
        </div>
        <div role="status" className="empty:hidden">
          {download.isSuccess && <p className="mt-3 text-sm text-emerald-800">The CSV of {hasFilters(filters) ? 'these filters' : 'every booking'} is downloading.</p>}
        </div>
        {download.isError && (
          <div className="mt-3">
            <FormAlert message={`We could not prepare the CSV. ${download.error.message}`} />
          </div>
        )}
        <div className="mt-6 space-y-4">
          <HistoryFiltersForm
            value={filters}
            onChange={apply}
            listings={listings.data}
            dateError={backwards ? 'The end date must be on or after the start date' : undefined}
            timeZoneNote={`Times are shown on each space's clock; dates filter by days in ${timeZone}.`}
          />
          {backwards ? null : <HistoryResults key={apiQuery.toString()} query={apiQuery} filtered={hasFilters(filters)} onClear={clear} />}
        </div>
      </div>
    </div>
  );
}
