import type { HostBooking } from '@parkly/shared/host-bookings';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const hostBookingUrl = (id: string) => `/booking_details?id=${encodeURIComponent(id)}`;

/**
 * One booking on the dashboard: when (on the listing's clock), the guest, the space and the plate, and
 * whatever the section adds (a deadline). The whole row opens the booking.
 */
export function DashboardBookingRow({ booking: b, when, extra, action = null }: { booking: HostBooking; when: ReactNode; extra?: ReactNode; action?: string | null }) {
  const title = b.listing.title ?? 'Parking space';
  return (
    <li className="relative -mx-2 flex items-center gap-3 rounded-xl px-2 py-3 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50">
      <div className="w-[4.5rem] shrink-0 self-start text-sm leading-snug font-semibold text-slate-900 tabular-nums sm:w-24">{when}</div>
      <div className="min-w-0 flex-1">
        {/* the link's box covers the row, so the whole row opens the booking */}
        <Link to={hostBookingUrl(b.id)} className="font-medium text-slate-900 after:absolute after:inset-0 focus:outline-none">
          {b.guest.name}
          <span className="sr-only">, {title}</span>
        </Link>
        <p className="truncate text-sm text-slate-600">
          {title}
          {b.vehicle ? ` · ${b.vehicle.plate}` : ''}
        </p>
        {extra}
      </div>
      {action && (
        <span aria-hidden="true" className="hidden shrink-0 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white sm:inline">
          {action}
        </span>
      )}
      <ChevronRight aria-hidden="true" className={`size-5 shrink-0 text-slate-400 ${action ? 'sm:hidden' : ''}`} />
    </li>
  );
}

/** A section of the dashboard: a heading, an optional link beside it, and its content. */
export function DashboardCard({ id, title, aside, children, tone = 'plain' }: { id: string; title: ReactNode; aside?: ReactNode; children: ReactNode; tone?: 'plain' | 'attention' }) {
  const border = tone === 'attention' ? 'border-amber-300 ring-1 ring-amber-200' : 'border-slate-200';
  return (
    <section aria-labelledby={id} className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${border}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export const EmptyLine = ({ children }: { children: ReactNode }) => <p className="py-2 text-sm text-slate-600">{children}</p>;
