import type { Booking } from '@parkly/shared/bookings';
import { formatPeriod } from '@parkly/shared/time';
import { CalendarClock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/money';
import { BookingCover } from './booking-cover';
import { BookingStatusBadge } from '../../../components/booking/booking-status-badge';
import { listingPlace, listingTitle } from './booking-words';
import { PassBadge } from '../../../components/booking/pass-badge';
import { isPass, passBadgeText, passWhenText } from '../../../lib/pass-words';

/** One booking in My Bookings: the whole card opens it; an unpaid hold also offers to finish paying. */
export function BookingCard({ booking: b }: { booking: Booking }) {
  const place = listingPlace(b);
  const shown = b.status === 'cancelled' && b.refund_amount != null ? { label: 'Refunded', amount: b.refund_amount } : { label: 'Total', amount: b.total };
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:flex-row">
      <BookingCover src={b.listing.cover_thumb_url} parkingType={b.listing.parking_type} className="aspect-[16/9] w-full shrink-0 sm:aspect-auto sm:h-auto sm:w-48" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <BookingStatusBadge status={b.status} paymentStatus={b.payment_status} />
          {isPass(b) && <PassBadge text={passBadgeText(b)} />}
          <span className="text-xs text-slate-600">{b.reference}</span>
        </div>
        <h2 className="text-lg leading-snug font-semibold text-slate-900">
          {/* the link's box covers the card, so the whole card opens the booking */}
          <Link to={`/parking/booking-details/${encodeURIComponent(b.id)}`} className="after:absolute after:inset-0 focus:outline-none">
            {listingTitle(b)}
          </Link>
        </h2>
        {place && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0" /> {place}
          </p>
        )}
        <p className="flex items-start gap-1.5 text-sm text-slate-800">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <span>{isPass(b) ? passWhenText(b) : formatPeriod(b.start, b.end, b.listing.time_zone)}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
          <p className="text-sm text-slate-600">
            {shown.label} <span className="text-base font-semibold text-slate-900">{formatMoney(shown.amount, b.currency)}</span>
          </p>
          {b.status === 'pending_payment' && (
            // above the card-wide link so it can be clicked on its own
            <Link to={`/Paymentstripe?booking=${encodeURIComponent(b.id)}`} className={buttonClass('primary', 'relative z-10')}>
              Finish paying
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
