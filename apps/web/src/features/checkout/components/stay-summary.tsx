import { formatPeriod, formatStayLength, minutesBetween, zoneAbbreviation } from '@parkly/shared/time';
import { CalendarClock } from 'lucide-react';

/** The chosen window on the listing's clock, how long it is, and which clock that is. */
export function StaySummary({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  return (
    <div className="flex items-start gap-3">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{formatPeriod(start, end, timeZone)}</p>
        <p className="text-slate-600">
          {formatStayLength(minutesBetween(start, end))} · times in {zoneAbbreviation(timeZone, new Date(start))} ({timeZone})
        </p>
      </div>
    </div>
  );
}
