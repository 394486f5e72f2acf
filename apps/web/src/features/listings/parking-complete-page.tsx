import { PARKING_TYPES } from '@parkly/shared/catalog';
import type { ManagedListing } from '@parkly/shared/listings';
import { CalendarOff, ChevronRight, ExternalLink, ImagePlus, LayoutList, MapPin, PartyPopper, Share2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { isListingNotFound, useManagedListing } from './api/get-managed-listing';
import { ListingCover } from '../../components/parking/listing-cover';
import { ListingRates } from './components/listing-rates';
import { ListingStatusBadge } from '../../components/parking/listing-status-badge';
import { listingPlace, listingTitle } from '../../lib/listing-labels';
import { ShareLink } from './components/share-link';

const manageUrl = (id: string, section?: string) => `/Manage_parking?id=${encodeURIComponent(id)}${section ? `#section-${section}` : ''}`;

/** Confetti around the party icon: drawn, decorative, kept clear of the text. */
function Confetti() {
  const bits = [
    [14, 30, '#14b8a6', 20],
    [30, 8, '#f59e0b', -25],
    [40, 70, '#ef4444', 40],
    [62, 14, '#6366f1', 30],
    [150, 10, '#ef4444', -15],
    [168, 62, '#f59e0b', 50],
    [182, 22, '#14b8a6', -40],
    [200, 48, '#6366f1', 15],
  ] as const;
  return (
    <svg aria-hidden="true" viewBox="0 0 216 80" className="pointer-events-none absolute top-1/2 left-1/2 h-20 w-54 -translate-x-1/2 -translate-y-1/2">
      {bits.map(([x, y, color, r], i) => (
        <rect key={i} x={x} y={y} width="5" height="10" rx="1.5" fill={color} opacity="0.8" transform={`rotate(${r} ${x + 2.5} ${y + 5})`} />
      ))}
    </svg>
  );
}

function Step({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

const stepLink = 'mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline';

function ListingPreview({ listing }: { listing: ManagedListing }) {
  const cover = listing.photos.find((p) => p.is_cover) ?? listing.photos[0];
  const place = listingPlace(listing.address);
  return (
    <div className="h-fit overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ListingCover src={cover?.url ?? null} parkingType={listing.parking_type} className="aspect-[16/9] w-full" />
      <div className="space-y-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatusBadge status={listing.status} />
          {listing.parking_type && <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{PARKING_TYPES[listing.parking_type].label}</span>}
        </div>
        <h2 className="text-xl font-semibold break-words text-slate-900">{listingTitle(listing)}</h2>
        {place && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-500" /> {place}
          </p>
        )}
        <ListingRates rates={listing} />
        <Link to={`/parking/${encodeURIComponent(listing.id)}`} className={buttonClass('primary', 'mt-2 w-full sm:w-auto')}>
          <ExternalLink aria-hidden="true" className="size-4" /> View your listing
        </Link>
      </div>
    </div>
  );
}

function NotLive({ listing }: { listing: ManagedListing }) {
  const draft = listing.status === 'draft';
  const missing = Object.values(listing.missing);
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <DocumentTitle title="Listing not live yet" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{listing.status === 'paused' ? 'This listing is paused' : 'This listing is not live yet'}</h1>
      <p className="mt-2 text-slate-600">
        “{listingTitle(listing)}” is <ListingStatusBadge status={listing.status} />. Drivers cannot book it until it is live.
      </p>
      {draft && missing.length > 0 && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={draft ? `/add_parking?id=${encodeURIComponent(listing.id)}` : manageUrl(listing.id)} className={buttonClass('primary')}>
          {draft ? 'Continue the listing' : 'Manage the listing'}
        </Link>
        <Link to="/my-listing" className={buttonClass('secondary')}>
          Go to My Listing
        </Link>
      </div>
    </div>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link to="/my-listing" className={buttonClass('primary', 'mt-6')}>
        Go to My Listing
      </Link>
    </div>
  );
}

/** /parking_Complete?id=: the listing just went live; what it looks like and what to do next. */
export default function ParkingCompletePage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const listing = useManagedListing(id || null);

  if (!id) return <Problem title="Which listing?" text="This page shows a listing you have just published. Open it from My Listing." />;
  if (listing.isPending) return <PageSpinner />;
  if (listing.isError) {
    return isListingNotFound(listing.error) ? (
      <Problem title="Listing not found" text="We could not find this listing among yours. It may have been deleted." />
    ) : (
      <Problem title="Something went wrong" text={`We could not load the listing. ${listing.error.message}`} />
    );
  }
  const l = listing.data;
  if (l.status !== 'active') return <NotLive listing={l} />;
  const publicUrl = `${window.location.origin}/parking/${encodeURIComponent(l.id)}`;

  return (
    <div className="flex-1 bg-slate-50">
      <DocumentTitle title="Your space is live" />
      <div className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-5xl px-4 pt-10 pb-6 text-center sm:px-6 sm:pt-14">
          <div className="relative mx-auto w-fit">
            <Confetti />
            <span aria-hidden="true" className="relative flex size-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-8 ring-brand-100">
              <PartyPopper className="size-8" />
            </span>
          </div>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your space is live!</h1>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">Drivers can now find it on Parkly and book it.</p>
        </div>
      </div>
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 pb-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <ListingPreview listing={l} />
        <section aria-labelledby="next-steps">
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            Next steps
          </h2>
          <ol className="mt-3 space-y-3">
            <Step icon={Share2} title="Share your listing">
              <p className="mb-3">Neighbours, colleagues and your society group are often the first guests.</p>
              <ShareLink url={publicUrl} title={listingTitle(l)} />
            </Step>
            <Step icon={ImagePlus} title="Add more photos">
              <p>
                You have {l.photos.length === 1 ? 'one photo' : `${l.photos.length} photos`}. Show the entrance, the space itself and the way in, so drivers know what to
                expect.
              </p>
              <Link to={manageUrl(l.id, 'photos')} className={stepLink}>
                Manage photos <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </Step>
            <Step icon={CalendarOff} title="Block the dates you need it">
              <p>Using the space yourself on some days? Block those dates so nobody books them.</p>
              <Link to={manageUrl(l.id, 'blackouts')} className={stepLink}>
                Set blocked dates <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </Step>
            <Step icon={LayoutList} title="Keep an eye on your listings">
              <p>Edit prices, pause the listing when you need the space, and see upcoming bookings.</p>
              <Link to="/my-listing" className={stepLink}>
                Go to My Listing <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </Step>
          </ol>
        </section>
      </div>
    </div>
  );
}
