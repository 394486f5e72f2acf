import type { HostBooking } from '@parkly/shared/host-bookings';
import { formatPeriod } from '@parkly/shared/time';
import { CalendarClock, Car, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/money';
import { vehicleName } from '../../booking/components/host-booking-words';
import { HostStatusBadge } from '../../booking/components/host-status-badge';
import { PassBadge } from '../../../../components/booking/pass-badge';
import { isPass, passBadgeText, passWhenText } from '../../../../lib/pass-words';

/** The second figure of a row: what the host earns, would earn, or what went back to the guest. */
function payoutLine(b: HostBooking): { label: string; amount: number; strong?: boolean } | null {
  const payout = b.host_payout ?? 0;
  switch (b.status) {
    case 'confirmed':
    case 'completed':
      return { label: 'Your payout', amount: payout, strong: true };
    case 'requested':
      return { label: 'Payout if accepted', amount: payout };
    case 'pending_payment':
      return { label: 'Payout if paid', amount: payout };
    case 'cancelled':
      return b.refund_amount != null ? { label: 'Refunded to guest', amount: b.refund_amount } : null;
    default:
      return null;
  }
}

/** One booking in the history: the whole row opens the host's booking screen. */
export function HistoryRow({ booking: b }: { booking: HostBooking }) {
  const payout = payoutLine(b);
  return (
    <li className="relative grid gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <HostStatusBadge status={b.status} paymentStatus={b.payment_status} />
          {isPass(b) && <PassBadge text={passBadgeText(b)} />}
          <span className="text-xs text-slate-600">{b.reference}</span>
        </div>
        <h3 className="truncate text-base leading-snug font-semibold text-slate-900">
          {/* the link's box covers the row, so the whole row opens the booking */}
          <Link to={`/booking_details?id=${encodeURIComponent(b.id)}`} className="after:absolute after:inset-0 focus:outline-none">
            {b.listing.title ?? 'Parking space'}
            {b.unit_label && <span className="font-normal text-slate-600"> · {b.unit_label}</span>}
          </Link>
        </h3>
        <p className="flex items-start gap-1.5 text-sm text-slate-800">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <span>{isPass(b) ? passWhenText(b) : formatPeriod(b.start, b.end, b.listing.time_zone)}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
            <span className="sr-only">Guest: </span>
            {b.guest.name}
          </span>
          {b.vehicle && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Car aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
              <span className="sr-only">Vehicle: </span>
              <span className="truncate">{vehicleName(b.vehicle)}</span>
              <span className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs font-semibold text-slate-900">{b.vehicle.plate}</span>
            </span>
          )}
        </p>
      </div>
      <dl className="flex items-end justify-between gap-4 border-t border-slate-100 pt-2 text-sm sm:flex-col sm:items-end sm:justify-start sm:border-0 sm:pt-0 sm:text-right">
        <div>
          <dt className="text-xs text-slate-600">Guest paid</dt>
          <dd className="font-medium text-slate-900">{formatMoney(b.total, b.currency)}</dd>
        </div>
        {payout && (
          <div>
            <dt className="text-xs text-slate-600">{payout.label}</dt>
            <dd className={payout.strong ? 'text-lg font-semibold text-brand-800' : 'font-medium text-slate-700'}>{formatMoney(payout.amount, b.currency)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
