import { MessageSquareMore, Zap } from 'lucide-react';

/** Instant book confirms at once; otherwise the host accepts or declines within 24 hours. */
export function BookingModeBadge({ instant, compact = false }: { instant: boolean; compact?: boolean }) {
  const Icon = instant ? Zap : MessageSquareMore;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full font-semibold ${compact ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm'} ${
        instant ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-200'
      }`}
    >
      <Icon aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
      {instant ? 'Instant book' : 'Request to book'}
    </span>
  );
}
