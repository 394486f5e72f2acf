import { BOOKING_STATUS_LABELS, isTakingPayment, TAKING_PAYMENT_LABEL, type BookingStatus } from '@parkly/shared/booking-lifecycle';

const TONES: Record<BookingStatus, string> = {
  pending_payment: 'bg-amber-50 text-amber-900 ring-amber-200',
  requested: 'bg-sky-50 text-sky-900 ring-sky-200',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  completed: 'bg-slate-100 text-slate-800 ring-slate-200',
  cancelled: 'bg-red-50 text-red-900 ring-red-200',
  declined: 'bg-red-50 text-red-900 ring-red-200',
  expired: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/**
 * A booking's status in plain words (BOOKING_STATUS_LABELS), coloured by what it means for the driver; a request
 * the host accepted whose payment is still being taken says so (give its `paymentStatus`).
 */
export function BookingStatusBadge({ status, paymentStatus, className = '' }: { status: BookingStatus; paymentStatus?: string; className?: string }) {
  const taking = isTakingPayment({ status, payment_status: paymentStatus });
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${taking ? TONES.confirmed : TONES[status]} ${className}`}>
      {taking ? TAKING_PAYMENT_LABEL : BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
