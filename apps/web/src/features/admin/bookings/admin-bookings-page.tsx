import type { AdminBookingSummary } from '@parkly/shared/admin-bookings';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from '@parkly/shared/booking-lifecycle';
import { formatPeriod } from '@parkly/shared/time';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { BookingStatusBadge } from '../../../components/booking/booking-status-badge';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useAdminBookings } from './api/get-admin-bookings';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';
import { AdminTable } from '../components/admin-table';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] }))];

/** /admin/bookings: find a booking by its id or reference, a guest, a host or a listing; filter by status. */
export default function AdminBookingsPage() {
  const list = useAdminList();
  const bookings = useAdminBookings(list.apiQuery(['status']));
  return (
    <AdminPage title="Bookings" intro="Find a booking by its reference or id, the guest's or host's name or e-mail, or the listing's title. Open it for its history and refunds.">
      <AdminListToolbar list={list} search={{ label: 'Search bookings', placeholder: 'PK-1A2B3C4D, name, e-mail or listing' }} filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]} />
      <AdminListResults query={bookings} title="Bookings found" loading="Loading bookings" empty={`No booking matches${list.q ? ` “${list.q}”` : ''}.`} onPage={list.setPage}>
        {(rows) => <BookingsList bookings={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

const money = (b: AdminBookingSummary, minor: number) => formatMoney(minor, b.currency);

/** A table on wide screens, a stack of cards on phones (each shows the same facts). */
function BookingsList({ bookings }: { bookings: AdminBookingSummary[] }) {
  return (
    <>
      <ul className="divide-y divide-slate-100 lg:hidden">
        {bookings.map((b) => (
          <li key={b.id}>
            <Link to={`/admin/bookings/${b.id}`} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{b.reference}</span>
                  <BookingStatusBadge status={b.status} />
                </p>
                <p className="text-sm break-words text-slate-800">{b.listing.title ?? 'Untitled listing'}</p>
                <p className="text-sm text-slate-700">{formatPeriod(b.start, b.end, b.time_zone)}</p>
                <p className="text-sm break-words text-slate-700">
                  Guest {b.guest.name} · Host {b.host.name}
                </p>
                <p className="text-sm text-slate-700 tabular-nums">
                  Total {money(b, b.total)} · Paid {money(b, b.paid)}
                  {b.refunded > 0 && ` · Refunded ${money(b, b.refunded)}`}
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <AdminTable caption="Bookings found" columns={['Booking', 'When', 'Guest and host', 'Status', { label: 'Total', right: true }, { label: 'Paid', right: true }, { label: 'Refunded', right: true }]} wideFrom="lg">
        {bookings.map((b) => (
          <tr key={b.id} className="align-top hover:bg-slate-50">
            <td className="py-3 pr-3">
              <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                {b.reference}
              </Link>
              <span className="block max-w-56 break-words text-slate-700">{b.listing.title ?? 'Untitled listing'}</span>
            </td>
            <td className="py-3 pr-3 text-slate-700">{formatPeriod(b.start, b.end, b.time_zone)}</td>
            <td className="py-3 pr-3 text-slate-700">
              <span className="block">Guest: {b.guest.name}</span>
              <span className="block">Host: {b.host.name}</span>
            </td>
            <td className="py-3 pr-3">
              <BookingStatusBadge status={b.status} />
            </td>
            <td className="py-3 pr-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{money(b, b.total)}</td>
            <td className="py-3 pr-3 text-right whitespace-nowrap text-slate-700 tabular-nums">{money(b, b.paid)}</td>
            <td className="py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">{b.refunded > 0 ? money(b, b.refunded) : '—'}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
