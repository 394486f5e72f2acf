import type { Booking } from '@parkly/shared/bookings';
import { formatDateTime } from '@parkly/shared/time';

type BookingEvent = Booking['events'][number];

/** What the timeline reads of a booking (the admin console's events carry who made each change too). */
interface TimelineBooking<E extends BookingEvent> {
  events: E[];
  listing: Pick<Booking['listing'], 'time_zone'>;
}

/** What happened to a booking, oldest first, on the listing's clock, each turn in the reader's words. */
export function BookingTimeline<E extends BookingEvent>({ booking: b, describe }: { booking: TimelineBooking<E>; describe: (e: E) => string }) {
  if (b.events.length === 0) return <p className="text-sm text-slate-600">Nothing has happened to this booking yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {b.events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.65rem] size-3 rounded-full bg-brand-700 ring-4 ring-white" />
          <p className="text-sm font-medium text-slate-900">{describe(e)}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={e.at}>{formatDateTime(e.at, b.listing.time_zone)}</time>
          </p>
          {/* an extension's 'extend' keeps its new end as its reason: the event's words say it already (decision 039) */}
          {e.reason && e.event !== 'extend' && <p className="mt-1 text-sm break-words text-slate-700">“{e.reason}”</p>}
        </li>
      ))}
    </ol>
  );
}
