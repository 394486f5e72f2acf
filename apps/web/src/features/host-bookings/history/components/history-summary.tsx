import type { HostBookingsSummary } from '@parkly/shared/host-bookings';
import { formatMoney } from '../../../../lib/money';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The totals of everything the filter matches (not just the rows loaded so far). */
export function HistorySummary({ summary: s }: { summary: HostBookingsSummary }) {
  const figures = [
    { label: 'Guests paid', value: formatMoney(s.total, s.currency) },
    { label: 'Parkly commission', value: formatMoney(s.host_fee, s.currency) },
    { label: 'Your payout', value: formatMoney(s.host_payout, s.currency), strong: true },
  ];
  return (
    <section aria-labelledby="history-totals" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="history-totals" className="text-base font-semibold text-slate-900">
          Totals for this filter
        </h2>
        <p className="text-sm text-slate-600">
          {plural(s.count, 'booking', 'bookings')}
          {s.count > 0 && `, ${plural(s.earning_count, 'confirmed or completed', 'confirmed or completed')}`}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-4">
        {figures.map((f) => (
          <div key={f.label} className={`min-w-0 rounded-xl px-3 py-2.5 ${f.strong ? 'bg-brand-50 ring-1 ring-brand-200' : 'bg-slate-50'}`}>
            <dt className="text-xs text-slate-600 sm:text-sm">{f.label}</dt>
            <dd className={`mt-0.5 truncate text-base font-semibold sm:text-xl ${f.strong ? 'text-brand-800' : 'text-slate-900'}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">Money counts confirmed and completed bookings, as priced when they were booked. Refunds and payouts are on Earnings.</p>
    </section>
  );
}
