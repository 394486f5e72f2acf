import type { QuoteLine } from '@parkly/shared/bookings';
import { formatMoney } from '../../../lib/money';

const UNITS: Record<Exclude<QuoteLine['kind'], 'service_fee' | 'extension'>, string> = { hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month' };

/** '3 hours × ₹50' for a rate line; the server's label ('Service fee') for the fee. */
export function lineDetail(line: QuoteLine, currency: string): string {
  // the server's label says it all: 'More time: 1 hr' (decision 039)
  if (line.kind === 'service_fee' || line.kind === 'extension') return line.label;
  const unit = UNITS[line.kind];
  return `${line.quantity} ${unit}${line.quantity === 1 ? '' : 's'} × ${formatMoney(line.unit_amount, currency)}`;
}
