import type { PublicListing } from '@parkly/shared/listings';
import { Clock } from 'lucide-react';
import { formatDuration, localNow, openState, timeZoneName, weeklyRows } from './listing-format';
import { Section } from './section';

function OpenNow({ listing }: { listing: PublicListing }) {
  const state = openState(listing.opening_hours, listing.time_zone);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium ${
        state.open ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200'
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${state.open ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      {state.text}
    </span>
  );
}

/** When the space can be used, in the listing's own time zone, named so a visitor abroad is not misled. */
export function OpeningHoursSection({ listing }: { listing: PublicListing }) {
  const zone = timeZoneName(listing.time_zone);
  const today = localNow(listing.time_zone).day;
  const stays = [
    listing.min_duration_minutes ? `Minimum stay ${formatDuration(listing.min_duration_minutes)}` : null,
    listing.max_duration_minutes ? `Maximum stay ${formatDuration(listing.max_duration_minutes)}` : null,
  ].filter(Boolean);

  return (
    <Section title="Opening hours" aside={<OpenNow listing={listing} />}>
      {listing.opening_hours === null ? (
        <p className="flex items-center gap-3 text-slate-800">
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Clock aria-hidden="true" className="size-5" />
          </span>
          Open 24 hours a day, 7 days a week
        </p>
      ) : (
        <table className="w-full max-w-md text-sm">
          <caption className="sr-only">Opening hours by day</caption>
          <tbody className="divide-y divide-slate-100">
            {weeklyRows(listing.opening_hours).map((row) => {
              const isToday = row.includes.includes(today);
              return (
                <tr key={row.days} className={isToday ? 'font-semibold' : ''}>
                  <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">
                    <abbr title={row.daysLong} className="no-underline">
                      {row.days}
                    </abbr>
                    {isToday && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">Today</span>}
                  </th>
                  <td className={`py-2 text-right ${row.closed ? 'text-slate-500' : 'text-slate-800'}`}>{row.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Times are in {zone} ({listing.time_zone}).
        {stays.length > 0 && ` ${stays.join(' · ')}.`}
      </p>
    </Section>
  );
}
