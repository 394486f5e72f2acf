import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { VEHICLE_TYPES, type VehicleType } from '@parkly/shared/catalog';
import { DocumentTitle } from '../../components/ui/page';
import { CatalogIcon } from '../../lib/catalog-icons';
import { PARKING_TYPES } from '../../components/parking/parking-types';
import { useTypeCounts } from './api/get-type-counts';
import { searchHref } from '../../lib/search-state';

/** Vehicles people browse by: a car, a bike, and the big ones that need a yard. */
const BY_VEHICLE: VehicleType[] = ['sedan', 'motorcycle', 'suv', 'rv', 'boat', 'truck'];
const VEHICLE_NAMES: Partial<Record<VehicleType, string>> = { sedan: 'Car', motorcycle: 'Bike or scooter', rv: 'RV or camper' };

const countText = (n: number | undefined) => (n === undefined ? '' : n === 1 ? '1 space' : `${n.toLocaleString('en-IN')} spaces`);

/** /parking_type: every kind of space with a picture, a line about it and how many are live, each leading to the search. */
export default function ParkingTypePage() {
  const counts = useTypeCounts();
  const byType = new Map(counts.data?.map((c) => [c.parking_type, c]));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Parking types" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Find the right kind of space</h1>
      <p className="mt-3 max-w-2xl text-slate-600">From a driveway for the afternoon to a covered yard for your boat: pick a kind of space and see every one near you.</p>
      {counts.isError && (
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          We could not count the spaces just now. The types still lead to the search.
        </p>
      )}

      <section aria-labelledby="space-types" className="mt-10">
        <h2 id="space-types" className="text-xl font-bold text-slate-900">
          By kind of space
        </h2>
        <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PARKING_TYPES.map(({ key, label, text, icon: Icon }) => {
            const info = byType.get(key);
            return (
              <li key={key}>
                <Link
                  to={searchHref({ parking_type: [key] })}
                  className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                >
                  <span className="relative block aspect-[16/10] bg-gradient-to-br from-brand-50 to-brand-100">
                    {info?.cover_url && <img src={info.cover_url} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />}
                    <span aria-hidden="true" className="absolute bottom-3 left-3 flex size-11 items-center justify-center rounded-xl bg-white/95 text-brand-700 shadow">
                      <Icon className="size-6" />
                    </span>
                  </span>
                  <span className="flex flex-1 flex-col p-4">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="font-semibold text-slate-900">{label}</span>
                      <span className="shrink-0 text-sm text-slate-600">{counts.isPending ? '…' : countText(info?.count ?? 0)}</span>
                    </span>
                    <span className="mt-1 text-sm text-slate-600">{text}</span>
                    <span className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-semibold text-brand-700 group-hover:text-brand-800">
                      See spaces <ArrowRight aria-hidden="true" className="size-4" />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="vehicle-types" className="mt-12">
        <h2 id="vehicle-types" className="text-xl font-bold text-slate-900">
          By vehicle
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
          {BY_VEHICLE.map((v) => (
            <li key={v}>
              <Link
                to={searchHref({ vehicle_type: v })}
                className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-center font-medium text-slate-800 shadow-sm hover:border-brand-200 hover:bg-brand-50"
              >
                <CatalogIcon name={VEHICLE_TYPES[v].icon} className="size-7 text-brand-700" />
                {VEHICLE_NAMES[v] ?? VEHICLE_TYPES[v].label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={searchHref({ amenities: ['ev_charging'] })}
              className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-center font-medium text-slate-800 shadow-sm hover:border-brand-200 hover:bg-brand-50"
            >
              <CatalogIcon name="plug-zap" className="size-7 text-brand-700" />
              EV charging
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
