import type { ListingSummary } from '@parkly/shared/listings';
import type { ListingStatus } from '@parkly/shared/listing-options';
import { CircleCheck, Plus, SquareParking, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useMyListings } from './api/get-my-listings';
import { statusLabel } from '../../components/parking/listing-status-badge';
import { DeleteListingDialog } from './components/delete-listing-dialog';
import { plural } from '../../lib/listing-labels';
import { MyListingCard } from './components/my-listing-card';

type Filter = 'all' | ListingStatus;
const FILTER_ORDER: ListingStatus[] = ['active', 'paused', 'draft', 'pending_review', 'rejected'];
const filterLabel = (f: Filter) => (f === 'all' ? 'All' : f === 'draft' ? 'Drafts' : statusLabel(f));

function EmptyState() {
  return (
    <section aria-labelledby="no-listings" className="rounded-2xl border border-dashed border-brand-200 bg-gradient-to-br from-brand-50 to-white px-6 py-12 text-center">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
        <SquareParking className="size-7" />
      </span>
      <h2 id="no-listings" className="mt-4 text-xl font-semibold text-slate-900">
        List your first space
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        A driveway, a garage or a spare basement slot: drivers nearby are looking for it. Listing takes a few minutes, and you choose the price and the hours.
      </p>
      <Link to="/add_parking" className={buttonClass('primary', 'mt-6')}>
        <Plus aria-hidden="true" className="size-4" /> Add your first space
      </Link>
    </section>
  );
}

function LoadingCards() {
  return (
    <div>
      <Spinner label="Loading your listings" className="sr-only" />
      <div aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[16/10] bg-slate-200" />
            <div className="space-y-3 p-4">
              <div className="h-4 w-1/3 rounded bg-slate-200" />
              <div className="h-5 w-3/4 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Filters({ listings, value, onChange }: { listings: ListingSummary[]; value: Filter; onChange: (f: Filter) => void }) {
  const counts = new Map<Filter, number>([['all', listings.length]]);
  for (const l of listings) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
  const filters: Filter[] = ['all', ...FILTER_ORDER.filter((s) => counts.has(s))];
  if (filters.length <= 2) return null; // one kind of listing only: nothing to filter
  return (
    <div role="group" aria-label="Show listings" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
      {filters.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={value === f}
          onClick={() => onChange(f)}
          className={`inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 ring-inset transition-colors ${
            value === f ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {filterLabel(f)}
          <span className={`rounded-full px-1.5 text-xs ${value === f ? 'bg-white/20' : 'bg-slate-100'}`}>{counts.get(f)}</span>
        </button>
      ))}
    </div>
  );
}

/** /my-listing: the host's spaces as cards, newest change first, with a filter by status once there are several kinds. */
export default function MyListingPage() {
  const listings = useMyListings();
  const [chosen, setFilter] = useState<Filter>('all');
  const [deleted, setDeleted] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ListingSummary | null>(null);
  // the dialog has no Radix trigger to hand focus back to: return it to the card's Delete button once
  // the dialog (and its focus trap) is gone
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const returnFocusTo = useRef<string | null>(null);
  // after a delete the card and its button are gone: focus lands on the confirmation instead
  const deletedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (deleted) deletedNote.current?.focus();
  }, [deleted]);
  useEffect(() => {
    if (toDelete || !returnFocusTo.current) return;
    deleteButtons.current.get(returnFocusTo.current)?.focus();
    returnFocusTo.current = null;
  }, [toDelete]);
  const all = listings.data ?? [];
  // the last paused listing was resumed, say: its filter is gone, so show them all
  const filter = chosen === 'all' || all.some((l) => l.status === chosen) ? chosen : 'all';
  const shown = filter === 'all' ? all : all.filter((l) => l.status === filter);
  const upcoming = all.reduce((n, l) => n + l.upcoming_bookings, 0);
  const active = all.filter((l) => l.status === 'active').length;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="My Listing" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Listing</h1>
            <p className="mt-1 text-slate-600">
              {listings.isSuccess && all.length > 0
                ? `${plural(all.length, 'listing')} · ${active} active · ${plural(upcoming, 'upcoming booking')}`
                : 'Your spaces, their prices and availability.'}
            </p>
          </div>
          {all.length > 0 && (
            <Link to="/add_parking" className={buttonClass('primary')}>
              <Plus aria-hidden="true" className="size-4" /> Add a space
            </Link>
          )}
        </div>
        <div role="status" className="empty:hidden mt-6">
          {deleted && (
            <p
              ref={deletedNote}
              tabIndex={-1}
              className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            >
              <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
              <span className="flex-1">“{deleted}” was deleted.</span>
              <Button variant="ghost" aria-label="Dismiss" className="min-h-8 px-2" onClick={() => setDeleted(null)}>
                <X aria-hidden="true" className="size-4" />
              </Button>
            </p>
          )}
        </div>
        <div className="mt-6 space-y-5">
          {listings.isPending ? (
            <LoadingCards />
          ) : listings.isError ? (
            <div className="space-y-3">
              <FormAlert message={`We could not load your listings. ${listings.error.message}`} />
              <Button variant="secondary" onClick={() => void listings.refetch()}>
                Try again
              </Button>
            </div>
          ) : all.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <Filters listings={all} value={filter} onChange={setFilter} />
              {shown.length === 0 ? (
                <p className="text-slate-600">No {filterLabel(filter).toLowerCase()} listings.</p>
              ) : (
                <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {shown.map((l) => (
                    <li key={l.id} className="flex">
                      <MyListingCard
                        listing={l}
                        onDelete={() => setToDelete(l)}
                        deleteRef={(el) => {
                          if (el) deleteButtons.current.set(l.id, el);
                          else deleteButtons.current.delete(l.id);
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
        <DeleteListingDialog
          listing={toDelete}
          onClose={() => {
            returnFocusTo.current = toDelete?.id ?? null;
            setToDelete(null);
          }}
          onDeleted={(title) => {
            setToDelete(null);
            setDeleted(title);
          }}
        />
      </div>
    </div>
  );
}
