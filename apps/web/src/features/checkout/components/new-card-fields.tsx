import { cardBrand } from '@parkly/shared/payment-methods';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field';
import { cvcLength, formatCardNumber, onlyDigits } from '../lib/card-format';
import { CardNumberField } from './card-number-field';

export interface NewCardValues {
  card: { number: string; exp_month: unknown; exp_year: unknown; cvc: string };
  save_card: boolean;
}

/** Number (grouped, brand named), expiry month and year, and the security code; each checked as typed. */
export function NewCardFields({ control, errors }: { control: Control<NewCardValues>; errors: FieldErrors<NewCardValues> }) {
  // "expired" is judged from both fields: not while the year is still being typed
  const year = String(useWatch({ control, name: 'card.exp_year' }) ?? '');
  const monthError = errors.card?.exp_month?.type === 'custom' && year.length < 2 ? undefined : errors.card?.exp_month?.message;
  const cvcDigits = cvcLength(cardBrand(useWatch({ control, name: 'card.number' })));
  return (
    <div className="space-y-4">
      <Controller
        control={control}
        name="card.number"
        render={({ field }) => (
          <CardNumberField {...field} value={field.value} onChange={(e) => field.onChange(formatCardNumber(e.target.value))} error={errors.card?.number?.message} />
        )}
      />
      <fieldset>
        <legend className="sr-only">Expiry date and security code</legend>
        <div className="grid grid-cols-3 gap-3">
          <Controller
            control={control}
            name="card.exp_month"
            render={({ field }) => (
              <TextField
                {...field}
                value={String(field.value ?? '')}
                onChange={(e) => field.onChange(onlyDigits(e.target.value, 2))}
                label="Expiry month"
                placeholder="MM"
                inputMode="numeric"
                autoComplete="cc-exp-month"
                error={monthError}
              />
            )}
          />
          <Controller
            control={control}
            name="card.exp_year"
            // a month judged "expired" against a half-typed year is judged again once the year changes
            rules={{ deps: ['card.exp_month'] }}
            render={({ field }) => (
              <TextField
                {...field}
                value={String(field.value ?? '')}
                onChange={(e) => field.onChange(onlyDigits(e.target.value, 4))}
                label="Expiry year"
                placeholder="YY"
                inputMode="numeric"
                autoComplete="cc-exp-year"
                error={errors.card?.exp_year?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="card.cvc"
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(onlyDigits(e.target.value, cvcDigits))}
                label="Security code"
                placeholder={`${cvcDigits} digits`}
                inputMode="numeric"
                autoComplete="cc-csc"
                error={errors.card?.cvc?.message}
              />
            )}
          />
        </div>
      </fieldset>
    </div>
  );
}
