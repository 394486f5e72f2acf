import type { ListingSummary } from '@parkly/shared/listings';
import type { ListingStatus } from '@parkly/shared/listing-options';
import { ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { ListingCover } from './listing-cover';
import { ListingStatusBadge } from './listing-status-badge';
import { listingPlace, listingTitle, plural } from '../../lib/listing-labels';

const COUNTED: { status: ListingStatus; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'paused', label: 'Paused' },
  { status: 'draft', label: 'Drafts' },
  { status: 'pending_review', label: 'In review' },
  { status: 'rejected', label: 'Not approved' },
];

const editUrl = (l: ListingSummary) => (l.status === 'draft' ? `/add_parking?id=${encodeURIComponent(l.id)}` : `/Manage_parking?id=${encodeURIComponent(l.id)}`);

/** The host dashboard's view of their spaces: how many in each state, the three changed last, and the way to add another. */
export function HostListingsSummary({ listings }: { listings: ListingSummary[] }) {
  // active, paused and drafts always show (a 0 says something); review states only when they happen
  const counts = COUNTED.map((c) => ({ ...c, n: listings.filter((l) => l.status === c.status).length })).filter(
    (c) => c.n > 0 || c.status === 'active' || c.status === 'paused' || c.status === 'draft',
  );
  const upcoming = listings.reduce((n, l) => n + l.upcoming_bookings, 0);
  const recent = [...listings].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at)).slice(0, 3);

  return (
    <section aria-labelledby="host-listings" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="host-listings" className="text-lg font-semibold text-slate-900">
          Your spaces
        </h2>
        <Link to="/add_parking" className={buttonClass('secondary', 'px-3')}>
          <Plus aria-hidden="true" className="size-4" /> Add another space
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((c) => (
          <div key={c.status} className="rounded-xl bg-slate-50 px-3 py-2.5">
            <dt className="text-xs font-medium text-slate-600">{c.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{c.n}</dd>
          </div>
        ))}
        <div className="rounded-xl bg-brand-50 px-3 py-2.5">
          <dt className="text-xs font-medium text-brand-900">Upcoming bookings</dt>
          <dd className="text-2xl font-bold text-brand-900">{upcoming}</dd>
        </div>
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Recently updated</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {recent.map((l) => (
          <li key={l.id}>
            <Link to={editUrl(l)} className="group -mx-2 flex items-center gap-3 rounded-xl px-2 py-2.5 hover:bg-slate-50">
              <ListingCover src={l.cover_thumb_url} parkingType={l.parking_type} compact className="h-14 w-20 shrink-0 rounded-lg" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-medium text-slate-900 group-hover:text-brand-800 sm:line-clamp-1">{listingTitle(l)}</span>
                <span className="mt-1 flex min-w-0 items-center gap-2">
                  <ListingStatusBadge status={l.status} className="shrink-0 py-0.5" />
                  <span className="truncate text-sm text-slate-600">{listingPlace(l) || 'No address yet'}</span>
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="hidden size-5 shrink-0 text-slate-400 sm:block" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/my-listing" className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        {listings.length > 3 ? `See all ${plural(listings.length, 'listing')} in My Listing` : 'Go to My Listing'}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
