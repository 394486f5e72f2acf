import { CANCELLATION_POLICIES } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { CalendarCheck, Settings2 } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { carriedSearch, riderType } from '../../../lib/carried-search';
import { formatMoney } from '../../../lib/money';
import { BookingModeBadge } from '../../../components/parking/booking-mode-badge';
import { offeredRates, type RateUnit } from './listing-format';
import { ratesFor } from '@parkly/shared/vehicle-rates';

export const PER: Record<RateUnit, string> = { hour: 'per hour', day: 'per day', week: 'per week', month: 'per month' };

/**
 * Where Book leads: the time picker of /booking_details/:id. Times and the vehicle the visitor came with (a
 * search's ?start&end&vehicle_type) are carried over, so they do not pick them twice.
 */
export function bookingPath(id: string, from?: URLSearchParams) {
  const carried = carriedSearch(from);
  return `/booking_details/${encodeURIComponent(id)}${carried.size ? `?${carried}` : ''}`;
}

/**
 * The rates the visitor pays: a rider's (a motorcycle search carried here, decision 043) are the listing's
 * two-wheeler rates where it sets them (`ratesFor`, as the quote prices them), else the car's.
 */
export function visitorRates(listing: PublicListing, params: URLSearchParams) {
  const rider = riderType(params) !== null;
  return { rider, rates: offeredRates(rider ? ratesFor(listing, 'two_wheeler') : listing) };
}

/** The rates the visitor pays, how booking works, and the way to book (or to manage, for the host). */
export function PriceCard({ listing }: { listing: PublicListing }) {
  const headingId = useId();
  const [params] = useSearchParams();
  const { rider, rates } = visitorRates(listing, params);
  const [first] = rates;
  // a region, so the prices can be found by name (the page renders one card per layout; the other is hidden)
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-slate-200/60 sm:p-6">
      <h2 id={headingId} className="sr-only">
        Prices and booking
      </h2>
      {first && (
        <p className="text-slate-600">
          <span className="text-3xl font-bold tracking-tight text-slate-900">{formatMoney(first.amount, listing.currency)}</span>{' '}
          <span className="text-base">{PER[first.unit]}</span>
          {rider && <span className="block text-sm">for a two-wheeler</span>}
        </p>
      )}
      <div className="mt-3">
        <BookingModeBadge instant={listing.instant_book} />
      </div>

      <dl className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {rates.map((r) => (
          <div key={r.unit} className="flex items-baseline justify-between px-4 py-2.5 text-sm">
            <dt className="text-slate-600 first-letter:uppercase">{PER[r.unit]}</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(r.amount, listing.currency)}</dd>
          </div>
        ))}
      </dl>

      {listing.is_own ? (
        <>
          <p className="mt-5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">This is your space: guests see this page.</p>
          <Link to={`/Manage_parking?id=${encodeURIComponent(listing.id)}`} className={buttonClass('secondary', 'mt-3 w-full')}>
            <Settings2 aria-hidden="true" className="size-4" /> Manage this space
          </Link>
        </>
      ) : (
        <Link to={bookingPath(listing.id, params)} className={buttonClass('primary', 'mt-5 min-h-12 w-full text-base')}>
          <CalendarCheck aria-hidden="true" className="size-5" /> Book this space
        </Link>
      )}
      {!listing.is_own && listing.monthly_rate !== null && (
        // a plain link, no code of its own (this page is at its first-load budget): the pass's price, renewal and notice are on the next step
        <Link to={`/booking_details/${encodeURIComponent(listing.id)}?plan=monthly${rider ? '&vehicle_type=motorcycle' : ''}`} className={buttonClass('secondary', 'mt-3 w-full')}>
          Monthly pass: renews until you give notice
        </Link>
      )}
      {!listing.is_own && (
        <p className="mt-3 text-center text-xs text-slate-500">
          {listing.instant_book ? 'Confirmed as soon as you pay.' : 'The host answers within 24 hours; you are only charged if they accept.'} Pick
          your times to see the full price.
        </p>
      )}
      <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{CANCELLATION_POLICIES[listing.cancellation_policy].label} cancellation:</span>{' '}
        {CANCELLATION_POLICIES[listing.cancellation_policy].description}
      </p>
    </section>
  );
}
