import type { BookingStatus } from '@parkly/shared/booking-lifecycle';
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

/** A booking's status as the host reads it: a request is something to answer, so it stands out. */
export function HostStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}>{HOST_STATUS_LABELS[status]}</span>;
}
