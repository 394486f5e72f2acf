import type { Booking } from '@parkly/shared/bookings';
import { formatPeriod, formatStayLength, minutesBetween, zoneAbbreviation } from '@parkly/shared/time';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';

export const bookingPanel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** One titled panel of a booking screen (driver's or host's). */
export function BookingSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={bookingPanel}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** When the stay is, on the listing's clock, with its length and unit. */
export function BookingPeriod({ booking: b }: { booking: Pick<Booking, 'start' | 'end' | 'unit_label' | 'listing'> }) {
  const zone = b.listing.time_zone;
  return (
    <p className="flex items-start gap-2 text-slate-900">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span>
        {formatPeriod(b.start, b.end, zone)}
        <span className="block text-sm text-slate-600">
          {formatStayLength(minutesBetween(b.start, b.end))} · times in {zoneAbbreviation(zone, new Date(b.start))}, the space’s local time
          {b.unit_label ? ` · ${b.unit_label}` : ''}
        </span>
      </span>
    </p>
  );
}
