import { monthLabel, type EarningsMonth } from '@parkly/shared/earnings';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/money';

/**
 * Net earnings for the last 12 months as bars. chart.js comes in by a dynamic import once the page
 * is on screen; the same numbers are in a table for screen readers (and stay the record if the
 * chart cannot load).
 */
export function MonthlyChart({ months, currency }: { months: EarningsMonth[]; currency: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  // redraw only when the numbers change, not on every refetch
  const signature = months.map((m) => `${m.month}:${m.net}`).join(',');

  useEffect(() => {
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    import('./month-bars')
      .then(({ drawMonthBars }) => {
        if (cancelled || !canvas.current) return;
        chart = drawMonthBars(canvas.current, { labels: months.map((m) => monthLabel(m.month, true)), values: months.map((m) => m.net), currency });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- signature stands for months
  }, [signature, currency]);

  const first = months[0];
  const last = months[months.length - 1];
  const range = first && last ? `${monthLabel(first.month)} to ${monthLabel(last.month)}` : '';
  return (
    <figure>
      <div className="relative h-64 sm:h-72">
        <canvas ref={canvas} role="img" aria-label={`Bar chart of net earnings by month, ${range}. The numbers are in the table that follows.`} />
        {failed && <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">The chart could not be loaded.</p>}
      </div>
      <figcaption className="mt-2 text-xs text-slate-500">Net earnings by month (after commission and refunds), {range}, India time.</figcaption>
      {/* a table ignores the 1px width of sr-only: its wrapper carries it */}
      <div className="sr-only">
        <table>
          <caption>Earnings by month, {range}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Bookings</th>
              <th scope="col">Gross</th>
              <th scope="col">Commission</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{m.bookings}</td>
                <td>{formatMoney(m.gross, currency)}</td>
                <td>{formatMoney(m.commission, currency)}</td>
                <td>{formatMoney(m.refunds, currency)}</td>
                <td>{formatMoney(m.net, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
