import { CANCELLATION_POLICIES, CANCELLATION_POLICY_KEYS } from '@parkly/shared/catalog';
import { MessageSquareMore, Zap } from 'lucide-react';
import { NOTICE_DAYS } from '@parkly/shared/listings';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Switch } from '../../../components/ui/switch';
import { AffixField, GroupError } from './field-parts';
import type { ListingFormValues, RateField, TwoWheelerRateField } from './listing-form-values';
import { PriceExample } from './price-example';
import { RadioCards } from './radio-cards';
import { StayField } from './stay-field';

const RATES: { field: RateField; label: string; per: string; placeholder: string }[] = [
  { field: 'hourly_rate', label: 'Hourly', per: 'per hour', placeholder: '40' },
  { field: 'daily_rate', label: 'Daily', per: 'per day', placeholder: '250' },
  { field: 'weekly_rate', label: 'Weekly', per: 'per week', placeholder: '1500' },
  { field: 'monthly_rate', label: 'Monthly', per: 'per month', placeholder: '4500' },
];

const BOOKING_MODES = [
  { value: 'instant', label: 'Instant book', description: 'Drivers book and pay straight away. Most bookings come this way.', icon: Zap },
  { value: 'request', label: 'Request to book', description: 'You accept or decline each request within 24 hours.', icon: MessageSquareMore },
];

const POLICIES = CANCELLATION_POLICY_KEYS.map((key) => ({ value: key, label: CANCELLATION_POLICIES[key].label, description: CANCELLATION_POLICIES[key].description }));

/** How long a monthly pass's notice is (decision 038): beside the monthly rate, while it is offered. */
function NoticeField() {
  const { register } = useFormContext<ListingFormValues>();
  const id = useId();
  return (
    <div className="mt-3 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Notice to end a monthly pass
      </label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:w-56"
        {...register('notice_days')}
      >
        {NOTICE_DAYS.map((n) => (
          <option key={n} value={String(n)}>
            {n} days
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        A monthly pass renews each month until you or the driver give notice; it then ends on the first renewal date at least this long after.
      </p>
    </div>
  );
}

function RateRow({ field, label, per, placeholder }: (typeof RATES)[number]) {
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const on = useWatch({ control, name: `${field}.on` });
  return (
    <li className="py-3.5">
      <Switch label={`${label} rate`} description={on ? undefined : 'Not offered'} {...register(`${field}.on`)} />
      {on && (
        <AffixField
          className="mt-2.5"
          label={`${label} rate in rupees`}
          srOnlyLabel
          prefix="₹"
          suffix={per}
          inputMode="decimal"
          placeholder={placeholder}
          error={formState.errors[field]?.amount?.message}
          {...register(`${field}.amount`)}
        />
      )}
      {on && field === 'monthly_rate' && <NoticeField />}
    </li>
  );
}

const TWO_WHEELER_RATES: { field: TwoWheelerRateField; label: string; per: string; car: RateField }[] = [
  { field: 'two_wheeler_hourly_rate', label: 'Two-wheeler hourly rate', per: 'per hour', car: 'hourly_rate' },
  { field: 'two_wheeler_daily_rate', label: 'Two-wheeler daily rate', per: 'per day', car: 'daily_rate' },
  { field: 'two_wheeler_weekly_rate', label: 'Two-wheeler weekly rate', per: 'per week', car: 'weekly_rate' },
  { field: 'two_wheeler_monthly_rate', label: 'Two-wheeler monthly rate', per: 'per month', car: 'monthly_rate' },
];

/**
 * How many two-wheelers share one unit (1 to 6: that many riders can hold it at once, a car always takes it
 * whole) and their lower rates, each optional (blank: the car rate). Only the rates the car side offers show.
 */
function TwoWheelerFields() {
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const errors = formState.errors;
  const carOn = useWatch({ control, name: TWO_WHEELER_RATES.map((r) => `${r.car}.on` as const) });
  const offered = TWO_WHEELER_RATES.filter((_, i) => carOn[i]);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Two-wheelers</legend>
      <p className="mt-1 text-sm text-slate-600">Motorcycles and scooters can share one space. A car always takes the whole space.</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AffixField
          label="Two-wheelers per unit"
          inputMode="numeric"
          suffix="per space"
          hint="From 1 to 6"
          error={errors.two_wheelers_per_unit?.message}
          {...register('two_wheelers_per_unit')}
        />
      </div>
      {offered.length > 0 && (
        <>
          <p className="mt-4 text-sm text-slate-600">Lower rates for two-wheelers (optional). Leave blank to charge the car rate.</p>
          <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {offered.map((r) => (
              <AffixField
                key={r.field}
                label={r.label}
                prefix="₹"
                suffix={r.per}
                inputMode="decimal"
                placeholder="Car rate"
                error={errors[r.field]?.message}
                {...register(r.field)}
              />
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}

/** Step 5: the four rates (each may be off), a live example, instant book or request, the policy and stay limits. */
export function PricingSection() {
  const { register, formState } = useFormContext<ListingFormValues>();
  const errors = formState.errors;
  return (
    <div className="space-y-8">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Rates</legend>
          <p className="mt-1 text-sm text-slate-600">What you charge, before Parkly’s service fee. Longer stays never cost more than the longer rate.</p>
          <ul className="mt-2 divide-y divide-slate-200">
            {RATES.map((r) => (
              <RateRow key={r.field} {...r} />
            ))}
          </ul>
          <GroupError message={errors.root?.rates?.message} />
        </fieldset>
        <PriceExample />
      </div>

      <TwoWheelerFields />

      <RadioCards legend="How drivers book" options={BOOKING_MODES} field={register('instant_book')} columns="sm:grid-cols-2" />
      <RadioCards
        legend="Cancellation policy"
        hint="What a guest gets back when they cancel. If you cancel a booking, the guest always gets a full refund."
        options={POLICIES}
        field={register('cancellation_policy')}
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Length of stay (optional)</legend>
        <p className="mt-1 mb-3 text-sm text-slate-600">Leave blank to accept any length.</p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <StayField name="min_stay" label="Shortest stay" />
          <StayField name="max_stay" label="Longest stay" />
        </div>
      </fieldset>
    </div>
  );
}
