import type { PublicListing } from '@parkly/shared/listings';
import { memo } from 'react';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { AmenitiesSection } from './amenities-section';
import { BusySection } from './busy-section';
import { CancellationSection } from './cancellation-section';
import { HostCard } from './host-card';
import { LocationSection } from './location-section';
import { OpeningHoursSection } from './opening-hours-section';
import { ReportListing } from './report-listing';
import { ReviewsSection } from './reviews-section';
import { Section } from './section';
import { VehiclesSection } from './vehicles-section';

/**
 * Everything below the price: read more than pressed, so each section is hydrated on its own after the
 * header, photos and price card (docs/decisions/021-listing-page-hydration.md). Memoised: the page's own
 * state (the photo viewer) does not touch it, so a section not yet hydrated is never updated first.
 */
export const ListingDetails = memo(function ListingDetails({ listing }: { listing: PublicListing }) {
  return (
    <>
      {listing.description && (
        <HydrateLater>
          <Section title="About this space">
            <p className="leading-7 whitespace-pre-line text-slate-700">{listing.description}</p>
          </Section>
        </HydrateLater>
      )}
      <HydrateLater>
        <AmenitiesSection listing={listing} />
        <VehiclesSection listing={listing} />
      </HydrateLater>
      <HydrateLater>
        <OpeningHoursSection listing={listing} />
      </HydrateLater>
      <HydrateLater>
        <BusySection listing={listing} />
      </HydrateLater>
      <HydrateLater>
        <CancellationSection listing={listing} />
      </HydrateLater>
      <HydrateLater>
        <LocationSection listing={listing} />
      </HydrateLater>
      <HydrateLater>
        <HostCard host={listing.host} timeZone={listing.time_zone} parkingId={listing.is_own ? undefined : listing.id} />
      </HydrateLater>
      <HydrateLater>
        <ReviewsSection listing={listing} />
      </HydrateLater>
      {!listing.is_own && (
        <HydrateLater>
          <ReportListing listingId={listing.id} />
        </HydrateLater>
      )}
    </>
  );
});
