import { formatDayMonth } from '@parkly/shared/time';
import { ChevronRight, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { PassBadge } from '../../../components/booking/pass-badge';
import { passBadgeText } from '../../../lib/pass-words';
import { useHostPasses } from '../api/get-host-passes';
import { DashboardBookingRow, DashboardCard } from './dashboard-booking-row';

/** The host's running monthly passes with their renewal (or end) dates; nothing shows while a host has none. */
export function DashboardPasses() {
  const passes = useHostPasses();
  if (!passes.data?.length) return null;
  return (
    <DashboardCard
      id="host-passes"
      title={
        <>
          <Repeat aria-hidden="true" className="size-5 text-brand-700" /> Monthly passes
        </>
      }
      aside={
        <Link to="/HostBoking_history?status=confirmed" className="inline-flex min-h-10 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          In your bookings <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      <ul className="divide-y divide-slate-100">
        {passes.data.map((b) => {
          const next = b.ends_at ?? b.renews_at;
          return (
            <DashboardBookingRow
              key={b.id}
              booking={b}
              when={next ? <span>{formatDayMonth(next, b.listing.time_zone)}</span> : null}
              extra={<PassBadge text={passBadgeText(b)} className="mt-1" />}
            />
          );
        })}
      </ul>
    </DashboardCard>
  );
}
