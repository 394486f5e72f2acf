import { ImageOff, MapPin, Star, Zap } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { PARKING_TYPES } from '@parkly/shared/catalog';
import type { FavoriteListing } from '@parkly/shared/favorites';
import type { SearchResult } from '@parkly/shared/search';
import { formatMoney } from '../../lib/money';
import { FavoriteButton } from './favorite-button';
import { offeredRates } from '../../lib/rates';

/** The facts a card shows: a search result, or a saved listing on the favorites page. */
export type CardListing = Pick<
  SearchResult,
  'id' | 'title' | 'parking_type' | 'locality' | 'city' | 'hourly_rate' | 'daily_rate' | 'weekly_rate' | 'monthly_rate' | 'currency' | 'cover_url' | 'cover_thumb_url' | 'rating' | 'instant_book'
> & { lat: number | null; lng: number | null } & Partial<Pick<SearchResult, 'distance_km' | 'price'>> &
  Partial<Pick<FavoriteListing, 'available' | 'status'>>;

/** The card's price line: the window's total when searching a time, else the first offered rate. */
export function priceLine(l: CardListing): { amount: string; per: string } | null {
  if (l.price !== undefined) return { amount: formatMoney(l.price, l.currency), per: 'total' };
  const [first] = offeredRates(l);
  return first ? { amount: formatMoney(first.amount, l.currency), per: `/ ${first.unit}` } : null;
}

export const distanceText = (km: number) => (km < 1 ? `${Math.round(km * 1000 / 10) * 10} m away` : `${km.toFixed(1)} km away`);

interface ParkingCardProps {
  listing: CardListing;
  /** highlighted while its marker is hovered or chosen on the map */
  active?: boolean;
  onHover?: (id: string | null) => void;
  headingLevel?: 2 | 3;
  /** one of the first cards on the screen: its photo loads at once instead of when scrolled to */
  eager?: boolean;
  /** what the listing page is opened with (a search's window and vehicle: carriedSearch) */
  search?: string;
  ref?: Ref<HTMLElement>;
}

/** A listing as a card: photo, title, type, place, rating, price and the heart. The whole card opens the listing. */
export function ParkingCard({ listing: l, active = false, onHover, headingLevel = 3, eager = false, search, ref }: ParkingCardProps) {
  const Heading = `h${headingLevel}` as const;
  const price = priceLine(l);
  const place = [l.locality, l.city].filter(Boolean).join(', ');
  const unavailable = l.available === false;
  return (
    <article
      ref={ref}
      aria-labelledby={`card-${l.id}`}
      onMouseEnter={onHover && (() => onHover(l.id))}
      onMouseLeave={onHover && (() => onHover(null))}
      onFocus={onHover && (() => onHover(l.id))}
      className={`group relative flex gap-3 rounded-2xl border bg-white p-2.5 shadow-sm transition sm:flex-col sm:gap-0 sm:p-0 ${
        active ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200 hover:border-slate-300 hover:shadow-md'
      }`}
    >
      <div className="relative aspect-square w-28 shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:aspect-[4/3] sm:w-full sm:rounded-b-none sm:rounded-t-2xl">
        {l.cover_thumb_url ? (
          <img src={l.cover_thumb_url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" className="size-full object-cover" />
        ) : (
          <ImageOff aria-hidden="true" className="absolute inset-0 m-auto size-8 text-slate-400" />
        )}
        {l.instant_book && (
          <span className="absolute bottom-2 left-2 hidden items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-800 shadow-sm sm:inline-flex">
            <Zap aria-hidden="true" className="size-3.5 text-amber-500" /> Instant book
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:p-3.5">
        <Heading id={`card-${l.id}`} className="line-clamp-2 pr-10 font-semibold text-slate-900 sm:pr-9">
          <Link to={`/parking/${l.id}${search ? `?${search}` : ''}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
            {l.title}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">
          {l.parking_type ? PARKING_TYPES[l.parking_type].label : 'Parking'}
          {place && <> · {place}</>}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-700">
          {l.rating.average !== null && l.rating.count > 0 ? (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
              <span>
                {l.rating.average.toFixed(1)} <span className="text-slate-500">({l.rating.count})</span>
              </span>
              <span className="sr-only">stars</span>
            </span>
          ) : (
            <span className="text-slate-500">New</span>
          )}
          {l.distance_km !== undefined && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4 text-slate-500" /> {distanceText(l.distance_km)}
            </span>
          )}
        </div>
        <p className="mt-auto pt-1 text-slate-900">
          {unavailable ? (
            <span className="text-sm font-medium text-amber-800">Not available right now</span>
          ) : price ? (
            <>
              <span className="text-lg font-bold">{price.amount}</span> <span className="text-sm text-slate-600">{price.per}</span>
            </>
          ) : null}
        </p>
      </div>
      <FavoriteButton
        size="sm"
        className="absolute top-2 right-2 z-10 sm:top-3 sm:right-3"
        listing={{ ...l, title: l.title, status: l.status ?? 'active', available: l.available ?? true }}
      />
    </article>
  );
}
