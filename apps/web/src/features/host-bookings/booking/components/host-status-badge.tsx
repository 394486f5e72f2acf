import { isTakingPayment, TAKING_PAYMENT_LABEL, type BookingStatus } from '@parkly/shared/booking-lifecycle';
import { HOST_STATUS_LABELS } from './host-booking-words';

const TONES: Record<BookingStatus, string> = {
  pending_payment: 'bg-slate-100 text-slate-800 ring-slate-200',
  requested: 'bg-amber-50 text-amber-900 ring-amber-300',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  completed: 'bg-slate-100 text-slate-800 ring-slate-200',
  cancelled: 'bg-red-50 text-red-900 ring-red-200',
  declined: 'bg-red-50 text-red-900 ring-red-200',
  expired: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/**
 * A booking's status as the host reads it: a request is something to answer, so it stands out; one they accepted
 * whose payment is still being taken says so (give its `paymentStatus`).
 */
export function HostStatusBadge({ status, paymentStatus }: { status: BookingStatus; paymentStatus?: string }) {
  const taking = isTakingPayment({ status, payment_status: paymentStatus });
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${taking ? TONES.confirmed : TONES[status]}`}>
      {taking ? TAKING_PAYMENT_LABEL : HOST_STATUS_LABELS[status]}
    </span>
  );
}
