import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { ArrowLeftRight, ArrowUpDown, MoveHorizontal } from 'lucide-react';
import { CatalogIcon } from '../../../lib/catalog-icons';
import { formatMetres } from './listing-format';
import { Section } from './section';

/** Which vehicles fit, and the largest that fits (metres), so nobody arrives with a van for a hatchback spot. */
export function VehiclesSection({ listing }: { listing: PublicListing }) {
  const limits = [
    { label: 'Length', value: listing.max_length_m, Icon: MoveHorizontal },
    { label: 'Width', value: listing.max_width_m, Icon: ArrowLeftRight },
    { label: 'Height', value: listing.max_height_m, Icon: ArrowUpDown },
  ].filter((l): l is { label: string; value: number; Icon: typeof MoveHorizontal } => l.value !== null);
  const spaces = listing.capacity === 1 ? '1 space' : `${listing.capacity} spaces`;

  return (
    <Section title="Vehicles and size" aside={<span className="text-sm text-slate-600">{spaces} at this address</span>}>
      <h3 className="sr-only">Vehicles accepted</h3>
      {listing.vehicle_types.length === 0 ? (
        <p className="text-slate-600">Ask the host which vehicles fit.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {listing.vehicle_types.map((key) => (
            <li key={key} className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-800">
              <CatalogIcon name={VEHICLE_TYPES[key].icon} className="size-4 text-brand-700" />
              {VEHICLE_TYPES[key].label}
            </li>
          ))}
        </ul>
      )}
      {listing.two_wheeler_note && <p className="mt-2 text-sm text-slate-600">{listing.two_wheeler_note}</p>}

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Size limits</h3>
      {limits.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No size limits given: check with the host for large vehicles.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-3 gap-2 sm:max-w-md">
          {limits.map(({ label, value, Icon }) => (
            <div key={label} className="rounded-xl bg-slate-50 px-3 py-3 text-center ring-1 ring-slate-200">
              <dt className="flex items-center justify-center gap-1 text-xs font-medium text-slate-600">
                <Icon aria-hidden="true" className="size-3.5" /> Max {label.toLowerCase()}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{formatMetres(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}
