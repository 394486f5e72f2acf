import { PARKING_TYPES } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { BadgeCheck, MapPin, Sparkles, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { CatalogIcon } from '../../../lib/catalog-icons';

const rating = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '4.6 (12 reviews)', or 'New' for a space nobody has reviewed yet. */
export function RatingBadge({ average, count }: PublicListing['rating']) {
  if (count === 0 || average === null) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-sm font-semibold text-violet-800 ring-1 ring-violet-200">
        <Sparkles aria-hidden="true" className="size-3.5" /> New
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-900">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span className="sr-only">Rated</span> {rating.format(average)}
      <span className="font-normal text-slate-600">
        ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

export const placeOf = (l: Pick<PublicListing, 'locality' | 'city'>) => [l.locality, l.city].filter(Boolean).join(', ');

/** Title, kind of space, rating and area; the heart sits beside the title. */
export function ListingHeader({ listing, favorite }: { listing: PublicListing; favorite: ReactNode }) {
  const type = listing.parking_type ? PARKING_TYPES[listing.parking_type] : null;
  const place = placeOf(listing);
  return (
    <header>
      <div className="flex items-start gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{listing.title}</h1>
        {favorite}
      </div>
      <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        {type && listing.parking_type && (
          <li className="inline-flex items-center gap-1.5 font-medium">
            <CatalogIcon name={type.icon} className="size-4 text-brand-700" />
            {type.label}
          </li>
        )}
        <li>
          <RatingBadge {...listing.rating} />
        </li>
        {listing.host.verified && (
          <li className="inline-flex items-center gap-1 font-medium text-brand-800">
            <BadgeCheck aria-hidden="true" className="size-4" /> Verified host
          </li>
        )}
        {place && (
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-slate-500" />
            {place}
          </li>
        )}
      </ul>
    </header>
  );
}
