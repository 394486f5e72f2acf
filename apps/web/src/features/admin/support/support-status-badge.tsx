import { SUPPORT_STATUS_LABELS, type SupportStatus } from '@parkly/shared/admin-support';

/** Open or answered, in words (the colour only repeats it). */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const style = status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900';
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{SUPPORT_STATUS_LABELS[status]}</span>;
}
