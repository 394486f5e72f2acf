import type { PublicListing } from '@parkly/shared/listings';
import { BusyPeriods } from '../../../components/parking/busy-periods';
import { Section } from './section';

/** When the space is fully taken in the coming days (GET parkings/:id/busy), before the driver picks times. */
export function BusySection({ listing }: { listing: PublicListing }) {
  return (
    <Section title="Availability">
      <div className="max-w-md">
        <BusyPeriods parkingId={listing.id} />
      </div>
    </Section>
  );
}
