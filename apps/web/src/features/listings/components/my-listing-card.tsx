import { PARKING_TYPES } from '@parkly/shared/catalog';
import type { ListingSummary } from '@parkly/shared/listings';
import { formatShortDate } from '@parkly/shared/time';
import { CalendarCheck, Camera, CirclePause, CirclePlay, ExternalLink, MapPin, Pencil, SquareParking, Trash2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { usePauseListing } from '../api/pause-listing';
import { useResumeListing } from '../api/resume-listing';
import { ListingCover } from '../../../components/parking/listing-cover';
import { ListingRates } from './listing-rates';
import { ListingStatusBadge } from '../../../components/parking/listing-status-badge';
import { listingPlace, listingTitle, plural } from '../../../lib/listing-labels';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');
const small = (variant: Parameters<typeof buttonClass>[0]) => buttonClass(variant, 'px-3');

/** What a draft still needs, in the server's words: the first two, then how many more. */
function MissingNote({ missing }: { missing: Record<string, string> }) {
  const items = Object.values(missing);
  if (items.length === 0) return <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-900">Ready to publish: review it and put it live.</p>;
  const shown = items.slice(0, 2).join('. ');
  return (
    <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-700">
      <span className="font-semibold">Still to do: </span>
      {shown}
      {items.length > 2 && `, and ${items.length - 2} more`}.
    </p>
  );
}

/** One of the host's listings: cover, status, rates, place and upcoming bookings, with what the host can do next. */
export function MyListingCard({ listing, onDelete, deleteRef }: { listing: ListingSummary; onDelete: () => void; deleteRef?: Ref<HTMLButtonElement> }) {
  const titleId = useId();
  // the host's list carries no zone per listing: the day is read on the configured zone's clock
  const timeZone = useDefaultTimeZone();
  const pause = usePauseListing();
  const resume = useResumeListing();
  const { id, status } = listing;
  const title = listingTitle(listing);
  const place = listingPlace(listing);
  const live = status === 'active' || status === 'paused';
  const statusError = pause.error ?? resume.error;
  // each action names its listing for screen readers ('Edit: Covered bay near Forum Mall')
  const named = (action: string) => ({ 'aria-label': `${action}: ${title}` });

  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ListingCover src={listing.cover_thumb_url ?? listing.cover_url} parkingType={listing.parking_type} className="aspect-[16/10] w-full" />
        <ListingStatusBadge status={status} className="absolute top-3 left-3 shadow-sm" />
        {listing.photo_count > 0 && (
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-medium text-white">
            <Camera aria-hidden="true" className="size-3.5" />
            {plural(listing.photo_count, 'photo')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {listing.parking_type && <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{PARKING_TYPES[listing.parking_type].label}</p>}
        <h2 id={titleId} className="mt-0.5 text-lg leading-snug font-semibold break-words text-slate-900">
          {title}
        </h2>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {place || 'No address yet'}
        </p>
        <ListingRates rates={listing} className="mt-3" />
        <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <CalendarCheck aria-hidden="true" className="size-4 text-slate-500" />
            {listing.upcoming_bookings === 0 ? 'No upcoming bookings' : plural(listing.upcoming_bookings, 'upcoming booking')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <SquareParking aria-hidden="true" className="size-4 text-slate-500" />
            {plural(listing.capacity, 'space')}
          </span>
        </p>
        {status === 'draft' && <MissingNote missing={listing.missing} />}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {status === 'draft' ? (
            <Link to={`/add_parking?id=${encodeURIComponent(id)}`} className={small('primary')} {...named('Continue')}>
              <Pencil aria-hidden="true" className="size-4" /> Continue
            </Link>
          ) : (
            <Link to={`/Manage_parking?id=${encodeURIComponent(id)}`} className={small('primary')} {...named('Edit')}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Link>
          )}
          {live && (
            <Link to={`/parking/${encodeURIComponent(id)}`} className={small('secondary')} {...named('View')}>
              <ExternalLink aria-hidden="true" className="size-4" /> View
            </Link>
          )}
          {status === 'active' && (
            <Button
              variant="secondary"
              className="px-3"
              disabled={pause.isPending}
              {...named(pause.isPending ? 'Pausing…' : 'Pause')}
              onClick={() => {
                resume.reset();
                pause.mutate(id);
              }}
            >
              <CirclePause aria-hidden="true" className="size-4" /> {pause.isPending ? 'Pausing…' : 'Pause'}
            </Button>
          )}
          {status === 'paused' && (
            <Button
              variant="secondary"
              className="px-3"
              disabled={resume.isPending}
              {...named(resume.isPending ? 'Resuming…' : 'Resume')}
              onClick={() => {
                pause.reset();
                resume.mutate(id);
              }}
            >
              <CirclePlay aria-hidden="true" className="size-4" /> {resume.isPending ? 'Resuming…' : 'Resume'}
            </Button>
          )}
        </div>
        {statusError && (
          <div className="mt-3">
            <FormAlert message={messageOf(statusError)} />
          </div>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-1.5">
        <p className="text-xs text-slate-600">Updated {formatShortDate(listing.updated_at, timeZone)}</p>
        <button ref={deleteRef} type="button" className={buttonClass('ghost', 'min-h-9 px-2 text-red-700 hover:bg-red-50')} onClick={onDelete} {...named('Delete')}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </button>
      </div>
    </article>
  );
}
