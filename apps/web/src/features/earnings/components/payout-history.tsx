import { payoutStageLabel, type Payout } from '@parkly/shared/earnings';
import { formatShortDate } from '@parkly/shared/time';
import { SimulatedBadge } from '../../../components/payouts/simulated-badge';
import { formatMoney } from '../../../lib/money';

const BADGE = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-200',
  sent: 'bg-sky-50 text-sky-900 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** The payouts asked for, newest first, with where they went and what became of them. */
export function PayoutHistory({ payouts, timeZone }: { payouts: Payout[]; timeZone: string }) {
  if (!payouts.length) return <p className="text-sm text-slate-600">No payouts yet. Once a stay is over its earnings become available, and you can ask for them here.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {payouts.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(p.amount, p.currency)}</p>
            <p className="text-xs text-slate-600">
              Requested {formatShortDate(p.requested_at, timeZone)} · {p.destination}
              {p.paid_at && ` · paid ${formatShortDate(p.paid_at, timeZone)}`}
              {p.reference && ` · ref. ${p.reference}`}
            </p>
            {p.failure_reason && <p className="text-xs text-red-800">{p.failure_reason}: the amount went back to your available balance.</p>}
            {p.sent && <p className="text-xs text-slate-600">On its way to your bank: most transfers arrive within a few hours.</p>}
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            {p.simulated && <SimulatedBadge />}
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[p.sent ? 'sent' : p.status]}`}>{payoutStageLabel(p)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
