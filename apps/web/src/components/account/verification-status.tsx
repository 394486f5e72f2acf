import type { IdStatus } from '@parkly/shared/accounts';
import { BadgeCheck, Clock, ShieldAlert, ShieldQuestion, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

const STATUS: Record<IdStatus, { label: string; text: string; className: string; icon: LucideIcon }> = {
  none: { label: 'Not verified', text: 'You have not sent a government ID yet.', className: 'bg-slate-100 text-slate-700 ring-slate-300', icon: ShieldQuestion },
  pending: { label: 'Pending review', text: 'We have your ID and are reviewing it.', className: 'bg-amber-50 text-amber-900 ring-amber-300', icon: Clock },
  approved: { label: 'Verified', text: 'Your ID has been checked and approved.', className: 'bg-emerald-50 text-emerald-800 ring-emerald-300', icon: BadgeCheck },
  rejected: { label: 'Not accepted', text: 'We could not accept your ID. Please upload a clear photo or scan.', className: 'bg-red-50 text-red-800 ring-red-300', icon: ShieldAlert },
};

/** ID verification in plain words: a coloured badge with an icon (never colour alone). */
export function VerificationBadge({ status }: { status: IdStatus }) {
  const s = STATUS[status];
  const Icon = s.icon;
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${s.className}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {s.label}
    </span>
  );
}

export const needsUpload = (status: IdStatus) => status === 'none' || status === 'rejected';

/** The badge, one sentence, and a link to upload when there is nothing (or nothing accepted) yet. */
export function VerificationStatus({ status }: { status: IdStatus }) {
  return (
    <div className="space-y-2">
      <VerificationBadge status={status} />
      <p className="text-sm text-slate-600">{STATUS[status].text}</p>
      {needsUpload(status) && (
        <Link to="/upload_govt_id" className="inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {status === 'rejected' ? 'Upload a new ID' : 'Upload your government ID'}
        </Link>
      )}
    </div>
  );
}
