import type { EarningsListing } from '@parkly/shared/earnings';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';

/** What each space has earned since it was listed: a table on wider screens, a list on a phone. */
export function ListingsTable({ listings, currency }: { listings: EarningsListing[]; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  if (!listings.length) return <p className="text-sm text-slate-600">Each space’s earnings show here after its first confirmed booking.</p>;
  const title = (l: EarningsListing) => (
    <Link to={`/Manage_parking?id=${encodeURIComponent(l.parking_id)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {l.title ?? 'Untitled space'}
    </Link>
  );
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Earnings by space, since each was listed</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Space
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Bookings
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Gross
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Commission
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Refunds
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Net
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {listings.map((l) => (
            <tr key={l.parking_id}>
              <th scope="row" className="py-2.5 pr-3 font-normal">
                {title(l)}
              </th>
              <td className="px-3 py-2.5 text-right tabular-nums">{l.bookings}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{money(l.gross)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{money(l.commission)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{money(l.refunds)}</td>
              <td className="py-2.5 pl-3 text-right font-semibold tabular-nums">{money(l.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {listings.map((l) => (
          <li key={l.parking_id} className="py-3">
            <div className="flex items-baseline justify-between gap-3">
              {title(l)}
              <span className="shrink-0 font-semibold tabular-nums">{money(l.net)}</span>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {l.bookings} {l.bookings === 1 ? 'booking' : 'bookings'} · gross {money(l.gross)} · commission {money(l.commission)}
              {l.refunds ? ` · refunds ${money(l.refunds)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
