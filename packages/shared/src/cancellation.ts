/**
 * The refund a cancellation gets (DESIGN section 5). A full refund returns everything the guest paid,
 * service fee included; 50% is half of everything paid; amounts round to whole paise. A host's (or an
 * administrator's) cancellation always refunds in full.
 */
import type { CancellationPolicy } from './catalog';

const HOUR = 3600_000;

/** The percentage of what was paid that comes back if the guest cancels at `now`. */
export function guestRefundPercent(policy: CancellationPolicy, start: Date, now: Date): 0 | 50 | 100 {
  const before = start.getTime() - now.getTime();
  switch (policy) {
    case 'flexible':
      return before >= HOUR ? 100 : 0;
    case 'moderate':
      return before >= 24 * HOUR ? 100 : 50;
    case 'strict':
      return before >= 7 * 24 * HOUR ? 50 : 0;
  }
}

/** When the refund drops next, for "full refund until …" (null when it will not change any more). */
export function refundChangesAt(policy: CancellationPolicy, start: Date, now: Date): Date | null {
  const at = new Date(start.getTime() - { flexible: 1, moderate: 24, strict: 7 * 24 }[policy] * HOUR);
  return at > now ? at : null;
}

export const refundAmount = (paid: number, percent: number) => Math.round((paid * percent) / 100);
