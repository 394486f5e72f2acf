import { Calculator } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatMoney, toMinor } from '../../../lib/money';
import { useAppConfig } from '../../../lib/use-app-config';
import { RATE_FIELDS, type ListingFormValues, type RateField } from './listing-form-values';

const PERIOD: Record<RateField, string> = { hourly_rate: '1 hour', daily_rate: '1 day', weekly_rate: '1 week', monthly_rate: '1 month' };
/** The example leads with a day: the stay most drivers picture. */
const LEAD_ORDER: RateField[] = ['daily_rate', 'hourly_rate', 'weekly_rate', 'monthly_rate'];

const percentOf = (minor: number, percent: number) => Math.round((minor * percent) / 100);

/**
 * What a driver would pay and what the host would keep for one period at each rate, from the
 * server's fee settings. Only an illustration: the server prices every real booking.
 */
export function PriceExample() {
  const { control } = useFormContext<ListingFormValues>();
  const rates = useWatch({ control, name: [...RATE_FIELDS] });
  const config = useAppConfig().data;
  if (!config) return null;
  const byField = Object.fromEntries(RATE_FIELDS.map((f, i) => [f, rates[i]])) as Record<RateField, { on: boolean; amount: string }>;
  const rows = LEAD_ORDER.flatMap((field) => {
    const r = byField[field];
    const minor = r.on ? toMinor(r.amount) : null;
    if (minor === null || minor <= 0) return [];
    return [{ field, period: PERIOD[field], pays: minor + percentOf(minor, config.guest_fee_percent), earns: minor - percentOf(minor, config.host_commission_percent) }];
  });
  const money = (minor: number) => formatMoney(minor, config.currency);
  const lead = rows[0];

  return (
    <section aria-labelledby="price-example-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h3 id="price-example-title" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">
        <Calculator aria-hidden="true" className="size-4" /> Example
      </h3>
      <div aria-live="polite">
        {lead ? (
          <>
            <p className="mt-2 text-slate-800">
              A driver booking {lead.period} pays <strong className="text-slate-950">{money(lead.pays)}</strong> (incl. {config.guest_fee_percent}% service fee); you earn{' '}
              <strong className="text-brand-800">{money(lead.earns)}</strong> after {config.host_commission_percent}% commission.
            </p>
            {rows.length > 1 && (
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">What a driver pays and what you earn for one period at each rate</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="py-1 font-medium">
                      Booking
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Driver pays
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      You earn
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...rows].sort((a, b) => RATE_FIELDS.indexOf(a.field) - RATE_FIELDS.indexOf(b.field)).map((r) => (
                    <tr key={r.field} className="border-t border-slate-200">
                      <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                        {r.period}
                      </th>
                      <td className="py-1.5 text-right text-slate-900">{money(r.pays)}</td>
                      <td className="py-1.5 text-right font-medium text-brand-800">{money(r.earns)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ) : (
          <p className="mt-2 text-slate-600">Enter a rate to see what a driver pays and what you earn.</p>
        )}
      </div>
      <p className="mt-3 text-xs text-slate-500">An illustration only. Parkly calculates the real price of each booking, for example capping hours at the day rate.</p>
    </section>
  );
}
