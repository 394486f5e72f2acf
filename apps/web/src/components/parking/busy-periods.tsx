import { formatPeriod } from '@parkly/shared/time';
import { Spinner } from '../ui/spinner';
import { BUSY_DAYS, useBusy } from '../../features/listings/api/get-busy';
import { busyDays, type DayState } from '../../lib/busy-days';

const STATE_TEXT: Record<DayState, string> = { free: 'has free times', part: 'fully booked for part of the day', full: 'fully booked all day' };
const STATE_CLASS: Record<DayState, string> = {
  free: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  part: 'border-amber-300 bg-[repeating-linear-gradient(135deg,#fef3c7_0_6px,#fde68a_6px_12px)] text-amber-950',
  full: 'border-slate-400 bg-slate-200 text-slate-800 line-through',
};
const LEGEND: [DayState, string][] = [
  ['free', 'Free times'],
  ['part', 'Full part of the day'],
  ['full', 'Full all day'],
];
/** How many exact periods to list under the days. */
const LISTED = 6;

// a picked day ('2026-12-24') read as a calendar day, whatever the device's zone; the three formats are made
// once (making one costs more than using it, and the strip uses each for every day)
const DAY_FORMATS = {
  weekday: new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' }),
  day: new Intl.DateTimeFormat('en-IN', { day: 'numeric', timeZone: 'UTC' }),
  spoken: new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
};
const dayText = (date: string, format: keyof typeof DAY_FORMATS) => DAY_FORMATS[format].format(new Date(`${date}T00:00:00Z`));

/**
 * When the space is fully taken in the coming days, on its own clock: a strip of days and the exact
 * periods. Someone may still book around them.
 */
export function BusyPeriods({ parkingId, vehicleType }: { parkingId: string; vehicleType?: 'motorcycle' | null }) {
  const busy = useBusy(parkingId, BUSY_DAYS, vehicleType);
  if (busy.isPending) return <Spinner label="Loading availability" />;
  if (busy.isError) return <p className="text-sm text-slate-600">Availability for the coming days could not be loaded. Pick your times to check them.</p>;

  const { full, time_zone: timeZone, capacity } = busy.data;
  const days = busyDays(full, timeZone, BUSY_DAYS);
  return (
    <div>
      <ol aria-label={`The next ${BUSY_DAYS} days`} className="grid grid-cols-7 gap-1.5">
        {days.map((d) => (
          <li key={d.date} className={`rounded-lg border px-1 py-1.5 text-center ${STATE_CLASS[d.state]}`}>
            <span aria-hidden="true" className="block text-[0.7rem] leading-4 font-medium">
              {dayText(d.date, 'weekday')}
            </span>
            <span aria-hidden="true" className="block text-sm leading-5 font-semibold">
              {dayText(d.date, 'day')}
            </span>
            <span className="sr-only">
              {dayText(d.date, 'spoken')}: {STATE_TEXT[d.state]}
            </span>
          </li>
        ))}
      </ol>
      <ul aria-label="Key" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {LEGEND.map(([state, label]) => (
          <li key={state} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm border ${STATE_CLASS[state]}`} />
            {label}
          </li>
        ))}
      </ul>
      {full.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Not fully booked at any time in the next {BUSY_DAYS} days.</p>
      ) : (
        <div className="mt-3 text-sm">
          <p className="font-medium text-slate-800">
            Fully booked{capacity > 1 ? ` (all ${capacity} spaces taken)` : ''}:
          </p>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {full.slice(0, LISTED).map((p) => (
              <li key={p.start}>{formatPeriod(p.start, p.end, timeZone)}</li>
            ))}
          </ul>
          {full.length > LISTED && <p className="mt-1 text-slate-600">and {full.length - LISTED} more times.</p>}
        </div>
      )}
    </div>
  );
}
