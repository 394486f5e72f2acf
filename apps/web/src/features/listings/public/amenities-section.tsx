import { AMENITIES } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { EV_CONNECTORS } from '@parkly/shared/listing-options';
import { CatalogIcon } from '../../../lib/catalog-icons';
import { Section } from './section';

const kw = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** The charger details drivers of electric cars look for first. */
function chargerDetails(l: PublicListing) {
  const parts = [l.ev_connector ? EV_CONNECTORS[l.ev_connector].label : null, l.ev_power_kw ? `${kw.format(l.ev_power_kw)} kW` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

export function AmenitiesSection({ listing }: { listing: PublicListing }) {
  const charger = chargerDetails(listing);
  return (
    <Section title="What this space offers">
      {listing.amenities.length === 0 ? (
        <p className="text-slate-600">The host has not listed any amenities for this space.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
          {listing.amenities.map((key) => (
            <li key={key} className="flex items-start gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <CatalogIcon name={AMENITIES[key].icon} className="size-5" />
              </span>
              <span className="pt-2 text-slate-800">
                {AMENITIES[key].label}
                {key === 'ev_charging' && charger && <span className="block text-sm text-slate-600">{charger}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
