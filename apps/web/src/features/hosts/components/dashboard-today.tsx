import type { HostBooking } from '@parkly/shared/host-bookings';
import { formatLongDate, formatTime } from '@parkly/shared/time';
import { LogIn, LogOut, type LucideIcon } from 'lucide-react';
import { DashboardBookingRow, DashboardCard, EmptyLine } from './dashboard-booking-row';

function TodayList({ id, title, icon: Icon, bookings, at, empty }: { id: string; title: string; icon: LucideIcon; bookings: HostBooking[]; at: 'start' | 'end'; empty: string }) {
  return (
    <div>
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-4 text-brand-700" /> {title}
        <span className="font-normal text-slate-600">({bookings.length})</span>
      </h3>
      {bookings.length === 0 ? (
        <EmptyLine>{empty}</EmptyLine>
      ) : (
        <ul aria-labelledby={id} className="divide-y divide-slate-100">
          {bookings.map((b) => (
            <DashboardBookingRow key={b.id} booking={b} when={formatTime(b[at], b.listing.time_zone)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Who arrives and who leaves today, each at the time on their space's clock. */
export function DashboardToday({ arrivals, departures, timeZone, note }: { arrivals: HostBooking[]; departures: HostBooking[]; timeZone: string; note?: string }) {
  return (
    <DashboardCard id="host-today" title="Today" aside={<span className="text-sm text-slate-600">{formatLongDate(new Date(), timeZone)}</span>}>
      {note && <p className="mb-3 text-sm text-slate-600">{note}</p>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
        <TodayList id="host-arrivals" title="Arriving" icon={LogIn} bookings={arrivals} at="start" empty="No one arrives today." />
        <TodayList id="host-departures" title="Leaving" icon={LogOut} bookings={departures} at="end" empty="No one leaves today." />
      </div>
    </DashboardCard>
  );
}
