import type { HostBooking } from '@parkly/shared/host-bookings';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardBookingRow, DashboardCard, EmptyLine } from './dashboard-booking-row';
import { DayAndTime } from './dashboard-requests';
import { PassBadge } from '../../../components/booking/pass-badge';
import { isPass, passBadgeText } from '../../../lib/pass-words';

/** The next confirmed bookings, soonest first, and the way to all of them. */
export function DashboardUpcoming({ bookings }: { bookings: HostBooking[] }) {
  return (
    <DashboardCard
      id="host-upcoming"
      title="Coming up"
      aside={
        <Link to="/HostBoking_history" className="inline-flex min-h-10 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          All bookings <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {bookings.length === 0 ? (
        <EmptyLine>No confirmed bookings ahead yet. They show here as soon as a driver books or you accept a request.</EmptyLine>
      ) : (
        <ul className="divide-y divide-slate-100">
          {bookings.map((b) => (
            <DashboardBookingRow
              key={b.id}
              booking={b}
              when={<DayAndTime instant={b.start} timeZone={b.listing.time_zone} />}
              extra={isPass(b) ? <PassBadge text={passBadgeText(b)} className="mt-1" /> : undefined}
            />
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
