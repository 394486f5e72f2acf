import { formatMoney } from '../../../lib/money';
import { offeredRates } from '../../../lib/rates';

interface Rates {
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  currency: string;
}

/** The rates a listing offers, e.g. [{ amount: '₹40', per: 'hour' }]; rates that are off are left out. */
function formattedRates(r: Rates) {
  return offeredRates(r).map(({ unit, amount }) => ({ key: unit, amount: formatMoney(amount, r.currency), per: unit }));
}

/** The offered rates as a compact list ('₹40 per hour', …), or a note that none is set yet. */
export function ListingRates({ rates, className = '' }: { rates: Rates; className?: string }) {
  const list = formattedRates(rates);
  if (list.length === 0) return <p className={`text-sm text-slate-600 ${className}`}>No rates set yet</p>;
  return (
    <ul aria-label="Rates" className={`flex flex-wrap gap-x-3 gap-y-1 text-sm ${className}`}>
      {list.map(({ key, amount, per }) => (
        <li key={key} className="whitespace-nowrap">
          <span className="font-semibold text-slate-900">{amount}</span>
          <span className="text-slate-600"> per {per}</span>
        </li>
      ))}
    </ul>
  );
}
