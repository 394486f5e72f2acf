import type { QuoteLine } from '@parkly/shared/bookings';
import { formatMoney } from '../../../lib/money';
import { lineDetail } from '../lib/quote-lines';

interface Props {
  lines: QuoteLine[];
  total: number;
  currency: string;
  /** 'Total' before paying, 'Total paid' after */
  totalLabel?: string;
  /** a promotion code's discount and the code (decision 036) */
  discount?: number;
  promoCode?: string | null;
}

/** The server's price lines (rate × quantity, the service fee) and the total. */
export function PriceBreakdown({ lines, total, currency, totalLabel = 'Total', discount = 0, promoCode }: Props) {
  return (
    <dl className="text-sm">
      {lines.map((line, i) => (
        <div key={`${line.kind}-${i}`} className="flex items-baseline justify-between gap-4 py-1.5">
          <dt className="text-slate-700">
            {lineDetail(line, currency)}
            {line.kind !== 'service_fee' && <span className="sr-only"> ({line.label})</span>}
          </dt>
          <dd className="text-slate-900 tabular-nums">{formatMoney(line.amount, currency)}</dd>
        </div>
      ))}
      {discount > 0 && (
        <div className="flex items-baseline justify-between gap-4 py-1.5">
          <dt className="text-emerald-800">Promo code {promoCode}</dt>
          <dd className="text-emerald-800 tabular-nums">
            <span aria-hidden="true">−</span>
            <span className="sr-only">minus </span>
            {formatMoney(discount, currency)}
          </dd>
        </div>
      )}
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold">
        <dt className="text-slate-900">{totalLabel}</dt>
        <dd className="text-slate-900 tabular-nums">{formatMoney(total, currency)}</dd>
      </div>
    </dl>
  );
}
