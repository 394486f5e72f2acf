import type { EarningsTotals } from '@parkly/shared/earnings';
import { formatMoney } from '../../../lib/money';

const TILES: { key: keyof EarningsTotals; label: string; about: string }[] = [
  { key: 'net', label: 'Net earnings', about: 'After commission and refunds' },
  { key: 'pending', label: 'Pending', about: 'Stays not finished yet' },
  { key: 'available', label: 'Available', about: 'Ready to pay out' },
  { key: 'requested', label: 'Requested', about: 'Payouts on their way' },
  { key: 'paid_out', label: 'Paid out', about: 'Sent to your account' },
];

/** The five balances, and how the net comes from the gross. They add up: pending + available + requested + paid out = net. */
export function EarningsTotalsView({ totals, currency }: { totals: EarningsTotals; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="sr-only">
        Totals
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TILES.map((t, i) => (
          <div
            key={t.key}
            className={`rounded-2xl border px-4 py-3 ${i === 0 ? 'col-span-2 border-brand-200 bg-brand-50 sm:col-span-3 lg:col-span-1' : 'border-slate-200 bg-white'}`}
          >
            <dt className={`text-sm font-medium ${i === 0 ? 'text-brand-900' : 'text-slate-700'}`}>{t.label}</dt>
            <dd
              data-testid={`total-${t.key}`}
              className={`mt-1 text-xl font-bold tabular-nums sm:text-2xl ${totals[t.key] < 0 ? 'text-red-700' : i === 0 ? 'text-brand-900' : 'text-slate-900'}`}
            >
              {money(totals[t.key])}
            </dd>
            <dd className="mt-0.5 text-xs text-slate-600">{t.about}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        Gross <span className="font-semibold text-slate-900 tabular-nums">{money(totals.gross)}</span> − Parkly’s commission{' '}
        <span className="font-semibold text-slate-900 tabular-nums">{money(totals.commission)}</span> − refunds{' '}
        <span className="font-semibold text-slate-900 tabular-nums">{money(totals.refunds)}</span> = net{' '}
        <span className="font-semibold text-slate-900 tabular-nums">{money(totals.net)}</span>
      </p>
      {totals.available < 0 && (
        <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A refund came after your last payout, so your available balance is below zero. It is settled from your next earnings before anything more is paid out.
        </p>
      )}
    </section>
  );
}
