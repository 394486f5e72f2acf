import type { Booking } from '@parkly/shared/bookings';
import { lineQuantityText } from '../../lib/booking-words';
import { formatMoney } from '../../lib/money';

/** The rate lines the server froze on a booking ('3 hours × ₹30'), as rows of the caller's <dl>. */
export function RateLines({ booking: b }: { booking: Pick<Booking, 'lines' | 'currency'> }) {
  return b.lines
    .filter((l) => l.kind !== 'service_fee')
    .map((line, i) => (
      <div key={`${line.kind}-${i}`} className="flex justify-between gap-4 py-2">
        <dt className="text-slate-700">
          {line.label}
          <span className="block text-xs text-slate-600">{lineQuantityText(line, b.currency)}</span>
        </dt>
        <dd className="text-slate-900 tabular-nums">{formatMoney(line.amount, b.currency)}</dd>
      </div>
    ));
}
