import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { isListingNotFound, useManagedListing } from './api/get-managed-listing';
import { BlackoutsManager } from './components/blackouts-manager';
import { PhotoManager } from './components/photo-manager';
import { UnitsManager } from './components/units-manager';
import { ListingNotFound } from './form/listing-not-found';
import { SectionForm, SectionFrame } from './form/section-card';
import { SECTIONS, type SectionKey } from './form/sections';
import { StatusPanel } from './form/status-panel';

/** The page's parts in order: the wizard's (without the review), then spaces and blocked dates. */
const NAV = [
  ...SECTIONS.filter((s) => s.key !== 'review').map((s) => ({ key: s.key as string, name: s.name })),
  { key: 'units', name: 'Spaces' },
  { key: 'blackouts', name: 'Blocked dates' },
];

function SectionNav({ href }: { href: (key: string) => string }) {
  return (
    <nav aria-label="Listing sections" className="-mx-4 overflow-x-auto px-4 lg:sticky lg:top-24 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0">
      <ul className="flex gap-2 lg:flex-col lg:gap-0.5">
        {NAV.map((s) => (
          <li key={s.key} className="shrink-0">
            <Link
              to={href(s.key)}
              className="flex min-h-11 items-center rounded-full border border-slate-200 bg-white px-4 text-sm font-medium whitespace-nowrap text-slate-700 hover:border-brand-200 hover:bg-brand-50 lg:rounded-lg lg:border-0 lg:bg-transparent lg:px-3"
            >
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /Manage_parking?id=: everything the wizard set, as sections each with its own Save, plus photos,
 * spaces, blocked dates and the listing's status (publish, pause, resume).
 */
export default function ManageParkingPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useManagedListing(id);

  if (!id) return <ListingNotFound />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isListingNotFound(query.error)) return <ListingNotFound />;
    return (
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-16 text-center">
        <FormAlert message="We could not load your listing. Check your connection and try again." />
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }

  const listing = query.data;
  const href = (key: string) => `/Manage_parking?id=${encodeURIComponent(listing.id)}#section-${key}`;
  const title = listing.title ?? 'Untitled listing';
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <DocumentTitle title={`Manage ${title}`} />
        <Link to="/my-listing" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
          <ArrowLeft aria-hidden="true" className="size-4" /> My Listing
        </Link>
        <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">Manage parking</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {(listing.address.locality || listing.address.city) && (
          <p className="mt-1 text-slate-600">{[listing.address.locality, listing.address.city].filter(Boolean).join(', ')}</p>
        )}

        <div className="mt-6">
          <StatusPanel listing={listing} sectionHref={(s: SectionKey) => href(s)} />
        </div>

        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
          <SectionNav href={href} />
          <div className="min-w-0 space-y-6">
            <SectionForm section="type" listing={listing} />
            <SectionForm section="location" listing={listing} />
            <SectionForm section="details" listing={listing} />
            <SectionFrame section="photos" title="Photos">
              <PhotoManager listingId={listing.id} />
            </SectionFrame>
            <SectionForm section="pricing" listing={listing} />
            <SectionForm section="availability" listing={listing} />
            <SectionForm section="access" listing={listing} />
            <SectionFrame section="units" title="Spaces">
              <UnitsManager listingId={listing.id} />
            </SectionFrame>
            <SectionFrame section="blackouts" title="Blocked dates" intro="Times when the space cannot be booked, such as a family function or repairs.">
              <BlackoutsManager listingId={listing.id} timeZone={listing.time_zone} />
            </SectionFrame>
          </div>
        </div>
      </div>
    </div>
  );
}
