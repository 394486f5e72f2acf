import type { MandateState, RecurringMethod } from './bookings';

/**
 * Who stopped a pass's mandate (decision 045), in the driver's words: 'cancelled in your UPI app', 'paused by your
 * bank'; null while it is active. Its own module: only a pass's screens and notices say it (the booking schemas are
 * on every page's first load).
 */
export function mandateStopped(method: RecurringMethod, state: MandateState) {
  if (state === 'active') return null;
  if (state === 'rejected') return 'rejected by your bank';
  return `${state} ${method === 'upi' ? 'in your UPI app' : 'by your bank'}`;
}
