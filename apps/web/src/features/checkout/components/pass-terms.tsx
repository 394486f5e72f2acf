import { Repeat } from 'lucide-react';
import { formatMoney } from '../../../lib/money';

/** What a monthly pass is, in its price, renewal and notice (the choose, review and pay steps say the same). */
export function PassTerms({ monthlyRate, currency, noticeDays, startText }: { monthlyRate: number | null; currency: string; noticeDays: number; startText: string }) {
  return (
    <div className="flex items-start gap-3 text-sm">
      <Repeat aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">Monthly pass from {startText}</p>
        {monthlyRate !== null && (
          <p className="text-slate-700">
            <span className="font-semibold text-slate-900">{formatMoney(monthlyRate, currency)}</span> a month, plus the service fee
          </p>
        )}
        <p className="text-slate-600">Renews monthly until you give notice. Notice period: {noticeDays} days.</p>
      </div>
    </div>
  );
}
