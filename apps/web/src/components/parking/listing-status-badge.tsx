import type { ListingStatus } from '@parkly/shared/listing-options';
import { Ban, CircleCheck, CircleDashed, CirclePause, Clock, Pencil, Trash2, XCircle, type LucideIcon } from 'lucide-react';

const STATUS: Record<ListingStatus, { label: string; className: string; icon: LucideIcon }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-800 ring-slate-300', icon: Pencil },
  pending_review: { label: 'In review', className: 'bg-sky-50 text-sky-900 ring-sky-300', icon: Clock },
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-300', icon: CircleCheck },
  paused: { label: 'Paused', className: 'bg-amber-50 text-amber-900 ring-amber-300', icon: CirclePause },
  rejected: { label: 'Not approved', className: 'bg-red-50 text-red-800 ring-red-300', icon: XCircle },
  suspended: { label: 'Suspended', className: 'bg-red-50 text-red-800 ring-red-300', icon: Ban },
  deleted: { label: 'Deleted', className: 'bg-slate-100 text-slate-700 ring-slate-300', icon: Trash2 },
};

export const statusLabel = (status: ListingStatus) => STATUS[status]?.label ?? status;

/** A listing's status in words with an icon (never colour alone). */
export function ListingStatusBadge({ status, className = '' }: { status: ListingStatus; className?: string }) {
  const s = STATUS[status] ?? { label: status, className: 'bg-slate-100 text-slate-800 ring-slate-300', icon: CircleDashed };
  const Icon = s.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${s.className} ${className}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {s.label}
    </span>
  );
}
