import type { AdminDashboard, AdminPeriod } from '@parkly/shared/admin';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { AdminPage, AdminPanel, AdminRecord } from '../components/admin-page';
import { useAdminDashboard } from './get-dashboard';

const PERIODS: { key: keyof AdminDashboard['periods']; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'week', label: 'This week' },
  { key: 'month', label: 'This month' },
];

const WAITING: { key: keyof AdminDashboard['waiting']; label: string; to: string }[] = [
  { key: 'id_checks', label: 'ID documents to review', to: '/admin/verification' },
  { key: 'listing_reports', label: 'Reported listings', to: '/admin/listings?reported=1' },
  { key: 'listings_to_review', label: 'Listings waiting for review', to: '/admin/listings?status=pending_review' },
  { key: 'payout_requests', label: 'Payout requests', to: '/admin/payouts' },
  { key: 'support_messages', label: 'Support messages', to: '/admin/support' },
];

/** /admin: how the marketplace is doing today, this week and this month, and what waits for an admin. */
export default function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <AdminPage title="Dashboard" intro="The marketplace at a glance. Figures for periods follow the market's time zone.">
      <AdminRecord query={dashboard} loading="Loading the dashboard">
        {(d) => <DashboardView d={d} />}
      </AdminRecord>
    </AdminPage>
  );
}

function DashboardView({ d }: { d: AdminDashboard }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Users" value={d.totals.users} />
        <Figure label="Hosts" value={d.totals.hosts} />
        <Figure label="Active listings" value={d.totals.active_listings} />
        <Figure label="Bookings" value={d.totals.bookings} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-3">
        {PERIODS.map((p) => (
          <PeriodCard key={p.key} label={p.label} period={d.periods[p.key]} currency={d.currency} />
        ))}
      </div>
      <AdminPanel title="Waiting for you">
        <ul className="divide-y divide-slate-100">
          {WAITING.map((w) => (
            <li key={w.key}>
              <Link to={w.to} className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50">
                <span className="flex-1 text-slate-800">{w.label}</span>
                <span className={`min-w-8 rounded-full px-2.5 py-0.5 text-center text-sm font-semibold ${d.waiting[w.key] > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-600'}`}>
                  {d.waiting[w.key]}
                </span>
                <ArrowRight className="size-4 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </AdminPanel>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value.toLocaleString('en-IN')}</dd>
    </div>
  );
}

function PeriodCard({ label, period, currency }: { label: string; period: AdminPeriod; currency: string }) {
  return (
    <AdminPanel title={label}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Gross booking value</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatMoney(period.gross_booking_value, currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Bookings confirmed</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{period.bookings}</dd>
        </div>
        <div>
          <dt className="text-slate-600">New users</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{period.new_users}</dd>
        </div>
        <div>
          <dt className="text-slate-600">New hosts</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{period.new_hosts}</dd>
        </div>
      </dl>
    </AdminPanel>
  );
}
