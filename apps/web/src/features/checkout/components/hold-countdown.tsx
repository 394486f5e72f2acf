import { Timer } from 'lucide-react';
import { formatCountdown } from '../lib/use-now';

/** How long the unpaid hold lasts: a timer people can read, announced only near the end. */
export function HoldCountdown({ msLeft }: { msLeft: number }) {
  const urgent = msLeft < 2 * 60_000;
  return (
    <div className={`flex items-center gap-3 rounded-xl border px-4 py-3 text-sm ${urgent ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-brand-200 bg-brand-50 text-brand-900'}`}>
      <Timer aria-hidden="true" className="size-5 shrink-0" />
      <p>
        We are holding this space for you for{' '}
        <span role="timer" aria-label="Time left to pay" className="font-mono text-base font-bold tabular-nums">
          {formatCountdown(msLeft)}
        </span>
        . Pay before then to keep it.
      </p>
    </div>
  );
}
