import { FlaskConical } from 'lucide-react';

/**
 * Marks a payout requested while the server ran the simulated payment provider: the bookings behind
 * it were paid with test cards, so there is no real money to send. The host's payouts and the
 * console's show it alike.
 */
export function SimulatedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-900 ring-1 ring-violet-300 ring-inset">
      <FlaskConical aria-hidden="true" className="size-3.5" />
      Simulated: no real money
    </span>
  );
}
