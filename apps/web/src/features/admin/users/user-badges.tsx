import { Ban, CircleCheck, House, ShieldCheck } from 'lucide-react';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

/** 'Suspended' or 'Active', in words with an icon (never colour alone). */
export function AccountStatusBadge({ suspended }: { suspended: boolean }) {
  return suspended ? (
    <span className={`${badge} bg-red-50 text-red-800 ring-red-300`}>
      <Ban aria-hidden="true" className="size-3.5" /> Suspended
    </span>
  ) : (
    <span className={`${badge} bg-emerald-50 text-emerald-800 ring-emerald-300`}>
      <CircleCheck aria-hidden="true" className="size-3.5" /> Active
    </span>
  );
}

export function AdminBadge() {
  return (
    <span className={`${badge} bg-violet-50 text-violet-900 ring-violet-300`}>
      <ShieldCheck aria-hidden="true" className="size-3.5" /> Admin
    </span>
  );
}

export function HostBadge() {
  return (
    <span className={`${badge} bg-sky-50 text-sky-900 ring-sky-300`}>
      <House aria-hidden="true" className="size-3.5" /> Host
    </span>
  );
}
