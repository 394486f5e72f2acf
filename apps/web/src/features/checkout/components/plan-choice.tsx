import { useId } from 'react';
import { formatMoney } from '../../../lib/money';

export type Plan = 'stay' | 'monthly';

interface Props {
  plan: Plan;
  onChange: (plan: Plan) => void;
  monthlyRate: number;
  currency: string;
}

const option = 'flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600';

/** A listing with a monthly rate: a stay with an end, or a monthly pass that renews until notice (decision 038). */
export function PlanChoice({ plan, onChange, monthlyRate, currency }: Props) {
  const name = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">What do you need?</legend>
      <label className={`${option} border-slate-200`}>
        <input type="radio" name={name} value="stay" checked={plan === 'stay'} onChange={() => onChange('stay')} className="mt-0.5 size-4 shrink-0 accent-brand-700" />
        <span>
          <span className="block font-semibold text-slate-900">A stay</span>
          <span className="text-slate-600">Hours, days or months, with an end you choose.</span>
        </span>
      </label>
      <label className={`${option} border-slate-200`}>
        <input type="radio" name={name} value="monthly" checked={plan === 'monthly'} onChange={() => onChange('monthly')} className="mt-0.5 size-4 shrink-0 accent-brand-700" />
        <span>
          <span className="block font-semibold text-slate-900">Monthly pass</span>
          <span className="text-slate-600">{formatMoney(monthlyRate, currency)} a month; renews monthly until you give notice.</span>
        </span>
      </label>
    </fieldset>
  );
}
