import type { Booking } from '@parkly/shared/bookings';
import { CreditCard } from 'lucide-react';
import { formatMoney } from '../../../lib/money';
import { cardText } from './booking-words';
import { RateLines } from '../../../components/booking/rate-lines';

const PAYMENT_WORDS: Record<Booking['payment_status'], string> = {
  unpaid: 'Not paid yet',
  processing: 'Payment processing',
  authorised: 'Authorised: taken once the host accepts',
  capturing: 'Accepted: the payment is being taken',
  paid: 'Paid',
  released: 'Released: nothing was taken',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** The price lines the server froze at booking, the service fee, the total, the card and any refund. */
export function BookingReceipt({ booking: b }: { booking: Booking }) {
  const money = (n: number) => formatMoney(n, b.currency);
  return (
    <div>
      <dl className="divide-y divide-slate-100 text-sm">
        <RateLines booking={b} />
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-700">Service fee</dt>
          <dd className="text-slate-900 tabular-nums">{money(b.service_fee)}</dd>
        </div>
        {b.discount != null && b.discount > 0 && (
          <div className="flex justify-between gap-4 py-2 text-emerald-800">
            <dt>Promo code {b.promo_code}</dt>
            <dd className="tabular-nums">
              <span aria-hidden="true">−</span>
              <span className="sr-only">minus </span>
              {money(b.discount)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 py-2 text-base font-semibold">
          <dt className="text-slate-900">Total</dt>
          <dd className="text-slate-900 tabular-nums">{money(b.total)}</dd>
        </div>
        {b.refund_amount != null && b.refund_amount > 0 && (
          <div className="flex justify-between gap-4 py-2 font-semibold text-emerald-800">
            <dt>Refunded</dt>
            <dd className="tabular-nums">{money(b.refund_amount)}</dd>
          </div>
        )}
        {b.viewer_role === 'host' && b.host_payout != null && (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-700">Your payout{b.host_fee != null ? ` (after ${money(b.host_fee)} commission)` : ''}</dt>
            <dd className="text-slate-900 tabular-nums">{money(b.host_payout)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <CreditCard aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
        <span>
          {PAYMENT_WORDS[b.payment_status]}
          {b.card ? ` · ${cardText(b.card)}` : ''}
        </span>
      </p>
    </div>
  );
}
