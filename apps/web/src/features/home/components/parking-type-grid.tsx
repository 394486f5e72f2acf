import { Link } from 'react-router';
import { PARKING_TYPES } from '../../../components/parking/parking-types';
import { SectionHeading } from './section-heading';

export function ParkingTypeGrid() {
  return (
    <section aria-labelledby="types-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <SectionHeading id="types-heading" eyebrow="Every kind of space" title="Parking and storage for every vehicle">
        From a two-wheeler for an afternoon to a boat for the monsoon: pick the kind of space you need.
      </SectionHeading>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {PARKING_TYPES.map(({ key, label, text, icon: Icon }) => (
          <li key={key}>
            <Link
              to={`/parking?parking_type=${key}`}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md sm:p-5"
            >
              <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white sm:size-12">
                <Icon className="size-6" />
              </span>
              <span className="mt-3 sm:mt-4">
                <span className="block font-semibold text-slate-900">{label}</span>
                <span className="mt-1 block text-[0.8125rem] leading-snug text-slate-600 sm:text-sm">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
