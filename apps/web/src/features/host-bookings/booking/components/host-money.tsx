import { isTakingPayment } from '@parkly/shared/booking-lifecycle';
import type { Booking } from '@parkly/shared/bookings';
import { formatMoney } from '../../../../lib/money';
import { RateLines } from '../../../../components/booking/rate-lines';

/** What the payout means in this booking's state. */
function payoutNote(b: Booking): { label: string; note: string | null } {
  if (isTakingPayment(b)) return { label: 'Your payout once the card is charged', note: 'You accepted: the driver’s card is being charged. Nothing counts as earned until it is.' };
  switch (b.status) {
    case 'requested':
    case 'pending_payment':
      return { label: 'Your payout if you accept', note: b.status === 'requested' ? 'The driver’s card is authorised, not charged, until you accept.' : null };
    case 'confirmed':
      return { label: 'Your payout', note: 'It becomes available to pay out once the stay is completed.' };
    case 'completed':
      return { label: 'Your payout', note: 'Earned: it counts towards what you can pay out on the Earning page.' };
    case 'declined':
    case 'expired':
      return { label: 'Payout offered', note: 'Not earned: the request was not accepted and the driver was not charged.' };
    case 'cancelled':
      return {
        label: 'Payout at booking',
        note:
          b.cancelled_by === 'system' && b.refund_amount == null
            ? 'Not earned: the driver was not charged.'
            : b.refund_amount != null && b.refund_amount >= b.total
              ? 'Not earned: the driver got everything back.'
              : 'What this booking still earns after the refund is on the Earning page.',
      };
  }
}

/**
 * The price the server froze at booking, from the host's side: the stay's lines, Parkly's commission
 * and the host's payout; then what the driver paid on top (the service fee) and any refund.
 */
export function HostMoney({ booking: b }: { booking: Booking }) {
  const money = (n: number) => formatMoney(n, b.currency);
  const payout = payoutNote(b);
  const percent = b.host_commission_percent != null ? ` (${b.host_commission_percent}%)` : '';
  return (
    <div>
      <dl className="divide-y divide-slate-100 text-sm">
        <RateLines booking={b} />
        <div className="flex justify-between gap-4 py-2">
          <dt className="font-medium text-slate-900">Booking price</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{money(b.subtotal)}</dd>
        </div>
        {b.host_fee != null && (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-700">Parkly commission{percent}</dt>
            <dd className="text-slate-900 tabular-nums">−{money(b.host_fee)}</dd>
          </div>
        )}
        {b.host_payout != null && (
          <div className="flex justify-between gap-4 py-2 text-base font-semibold">
            <dt className="text-slate-900">{payout.label}</dt>
            <dd className="text-slate-900 tabular-nums">{money(b.host_payout)}</dd>
          </div>
        )}
      </dl>
      {payout.note && <p className="mt-1 text-sm text-slate-600">{payout.note}</p>}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">What the driver pays</h3>
      <dl className="mt-1 divide-y divide-slate-100 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-700">
            Booking price + service fee ({money(b.service_fee)})
            {b.discount != null && b.discount > 0 && ` − promo code ${b.promo_code} (${money(b.discount)}, from Parkly’s share: your payout is not reduced)`}
          </dt>
          <dd className="text-slate-900 tabular-nums">{money(b.total)}</dd>
        </div>
        {b.refund_amount != null && b.refund_amount > 0 && (
          <div className="flex justify-between gap-4 py-2 font-semibold text-emerald-800">
            <dt>Refunded to the driver</dt>
            <dd className="tabular-nums">{money(b.refund_amount)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
