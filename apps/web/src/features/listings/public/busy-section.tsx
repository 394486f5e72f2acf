import type { PublicListing } from '@parkly/shared/listings';
import { useSearchParams } from 'react-router';
import { BusyPeriods } from '../../../components/parking/busy-periods';
import { riderType } from '../../../lib/carried-search';
import { Section } from './section';

/**
 * When the space is fully taken in the coming days (GET parkings/:id/busy), before the driver picks times; for
 * a rider who came from a motorcycle search, when every two-wheeler bay is.
 */
export function BusySection({ listing }: { listing: PublicListing }) {
  const [params] = useSearchParams();
  return (
    <Section title="Availability">
      <div className="max-w-md">
        <BusyPeriods parkingId={listing.id} vehicleType={riderType(params)} />
      </div>
    </Section>
  );
}
