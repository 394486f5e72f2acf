import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSearchPage } from '../../search/api/search-page';
import { ParkingCard } from '../../../components/parking/parking-card';
import { defaultPlace } from '../../../lib/default-place';
import { EMPTY_SEARCH, searchHref, toApiQuery } from '../../../lib/search-state';
import { SectionHeading } from './section-heading';

const SHOWN = 6;

/** The best-rated spaces near the visitor's stored position, or in Bengaluru: the marketplace at a glance. */
export function NearbySpaces() {
  const [place] = useState(defaultPlace);
  const search = { ...EMPTY_SEARCH, place: place.name, lat: place.lat, lng: place.lng, radius_km: 15, sort: 'rating' as const };
  const results = useSearchPage(toApiQuery(search, { limit: SHOWN })!.toString());
  const listings = results.data?.result ?? [];
  // nothing to show (no spaces here, or the search failed): the section steps aside
  if (results.isSuccess && listings.length === 0) return null;
  if (results.isError) return null;

  return (
    <section aria-labelledby="nearby-heading" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading id="nearby-heading" eyebrow={place.near ? 'Near you' : 'Book in a few taps'} title={place.near ? 'Spaces near you' : `Spaces in ${place.name}`}>
            Real spaces from local hosts, rated by drivers who parked there.
          </SectionHeading>
          <Link to={searchHref({ place: place.name, lat: place.lat, lng: place.lng })} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-800">
            See all spaces <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
          {results.isPending
            ? Array.from({ length: SHOWN }, (_, i) => (
                <li key={i} aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-slate-200 sm:h-72" />
              ))
            : listings.map((l) => (
                <li key={l.id}>
                  <ParkingCard listing={l} />
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
