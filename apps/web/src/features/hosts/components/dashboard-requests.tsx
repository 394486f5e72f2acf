import type { HostRequest } from '@parkly/shared/host-bookings';
import { formatLocalDay, formatTime, zonedParts, zoneAbbreviation } from '@parkly/shared/time';
import { Timer } from 'lucide-react';
import { isDeadlineNear, timeLeftText } from '../../../lib/time-left';
import { useNow } from '../../../lib/use-now';
import { DashboardBookingRow, DashboardCard, EmptyLine } from './dashboard-booking-row';

/** 'Thu, 24 Dec' over '6:00 pm' on the listing's clock. */
export function DayAndTime({ instant, timeZone }: { instant: string; timeZone: string }) {
  return (
    <>
      <span className="block">{formatLocalDay(zonedParts(instant, timeZone).date, { weekday: true })}</span>
      <span className="block font-normal text-slate-600">{formatTime(instant, timeZone)}</span>
    </>
  );
}

function Deadline({ request: r, now }: { request: HostRequest; now: Date }) {
  const zone = r.listing.time_zone;
  const near = isDeadlineNear(r.answer_by, now);
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
      <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset ${near ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}>
        <Timer aria-hidden="true" className="size-3.5 shrink-0" />
        {timeLeftText(r.answer_by, now)}
      </span>
      <span>
        answer by{' '}
        <time dateTime={r.answer_by}>
          {formatLocalDay(zonedParts(r.answer_by, zone).date, { weekday: true })}, {formatTime(r.answer_by, zone)}
        </time>{' '}
        {zoneAbbreviation(zone, new Date(r.answer_by))}
      </span>
    </p>
  );
}

/** Requests waiting for the host, the nearest deadline first, each with the time left to answer. */
export function DashboardRequests({ requests }: { requests: HostRequest[] }) {
  const now = useNow(30_000);
  return (
    <DashboardCard
      id="host-requests"
      tone={requests.length ? 'attention' : 'plain'}
      title={
        <>
          Requests to answer
          {requests.length > 0 && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{requests.length}</span>}
        </>
      }
    >
      {requests.length === 0 ? (
        <EmptyLine>No requests waiting. When a driver asks to book a space without Instant Book, the request shows here for you to accept or decline within 24 hours.</EmptyLine>
      ) : (
        <ul className="divide-y divide-slate-100">
          {requests.map((r) => (
            <DashboardBookingRow
              key={r.id}
              booking={r}
              when={<DayAndTime instant={r.start} timeZone={r.listing.time_zone} />}
              extra={<Deadline request={r} now={now} />}
              action="Answer"
            />
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
