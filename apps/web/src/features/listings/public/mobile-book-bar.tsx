import type { PublicListing } from '@parkly/shared/listings';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/money';
import { BookingModeBadge } from '../../../components/parking/booking-mode-badge';
import { bookingPath, visitorRates } from './price-card';

/**
 * On a phone the price and the Book button stay at the bottom of the screen. The right end leaves
 * room for the support chat button, which sits above every page.
 */
export function MobileBookBar({ listing }: { listing: PublicListing }) {
  const [params] = useSearchParams();
  const [first] = visitorRates(listing, params).rates;
  return (
    <div
      role="region"
      aria-label="Book this space"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 py-3 pr-[4.75rem] pl-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur sm:pr-48 lg:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          {first && (
            <p className="truncate text-sm text-slate-600">
              From <span className="text-lg font-bold text-slate-900">{formatMoney(first.amount, listing.currency)}</span>
              {`/${first.unit}`}
            </p>
          )}
          <BookingModeBadge instant={listing.instant_book} compact />
        </div>
        {listing.is_own ? (
          <Link to={`/Manage_parking?id=${encodeURIComponent(listing.id)}`} className={buttonClass('secondary', 'shrink-0')}>
            Manage
          </Link>
        ) : (
          <Link to={bookingPath(listing.id, params)} className={buttonClass('primary', 'min-h-11 shrink-0 px-5')}>
            Book this space
          </Link>
        )}
      </div>
    </div>
  );
}
