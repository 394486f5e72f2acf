import { zodResolver } from '@hookform/resolvers/zod';
import { addPaymentMethodSchema, CARD_BRAND_LABELS, cardBrand, expiryInFuture, luhnValid } from '@parkly/shared/payment-methods';
import { CircleCheck, CreditCard, Lock } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { cvcLength, expectedLength, formatCardNumber } from './card-number';

type CardFormInput = z.input<typeof addPaymentMethodSchema>;
export type CardFormOutput = z.output<typeof addPaymentMethodSchema>;

const EMPTY: CardFormInput = { card: { number: '', exp_month: '', exp_year: '', cvc: '' }, is_default: false };
const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'] as const;
const FIELDS = [...CARD_FIELDS.map((f) => `card.${f}`), 'is_default'];

function serverMessage(err: unknown, setError: UseFormSetError<CardFormInput>): string | null {
  if (err instanceof ApiError) {
    if (err.code === 'PAYMENT_DECLINED') return `${err.message} Try another card.`;
    if (err.code === 'PAYMENT_UNAVAILABLE') return 'The card service is not answering right now. Nothing was saved: please try again in a minute.';
    // the server may name a card field 'number' rather than 'card.number': both go on the field
    const bare = Object.entries(err.errors ?? {}).filter(([k]) => (CARD_FIELDS as readonly string[]).includes(k));
    for (const [k, message] of bare) setError(`card.${k as (typeof CARD_FIELDS)[number]}`, { type: 'server', message });
    const rest = applyServerErrors(err, setError, FIELDS);
    return bare.length > 0 ? null : rest;
  }
  return applyServerErrors(err, setError, FIELDS);
}

const schemaResolver = zodResolver(addPaymentMethodSchema);
/**
 * The shared schema checks the expiry only once every field of the card parses (a zod refinement of
 * the whole card), so a past expiry would show only after the CVC. Say it as soon as month and year
 * are typed; the schema still decides on submit.
 */
const resolver: Resolver<CardFormInput, unknown, CardFormOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const month = String(values.card?.exp_month ?? '');
  const year = String(values.card?.exp_year ?? '');
  const m = Number(month);
  if (!/^\d{1,2}$/.test(month) || !/^\d{2}$/.test(year) || m < 1 || m > 12 || expiryInFuture(m, 2000 + Number(year))) return result;
  const errors = result.errors as FieldErrors<CardFormInput>;
  return { values: {}, errors: { ...errors, card: { ...errors.card, exp_month: { type: 'custom', message: 'This card has expired' } } } };
};

interface CardFormProps {
  onSave: (values: CardFormOutput) => Promise<unknown>;
  onCancel: () => void;
  askDefault: boolean;
}

/**
 * A new card: number (grouped and its brand shown as it is typed, Luhn-checked), expiry and CVC, each
 * checked as soon as it is complete. The number and CVC are cleared after every submit: the page
 * never keeps them.
 */
export function CardForm({ onSave, onCancel, askDefault }: CardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormOutput>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const number = String(form.watch('card.number') ?? '');
  const brand = cardBrand(number);
  const digits = number.replace(/\D/g, '');
  const complete = digits.length >= expectedLength(brand) && luhnValid(digits);

  const forget = () => {
    form.setValue('card.number', '');
    form.setValue('card.cvc', '');
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
      form.reset(EMPTY);
    } catch (err) {
      forget();
      setFormError(serverMessage(err, form.setError));
    }
  });

  // check each field as soon as it is complete, not only when it loses focus
  const numberField = form.register('card.number');
  const onNumber = (e: ChangeEvent<HTMLInputElement>) => {
    e.target.value = formatCardNumber(e.target.value);
    void numberField.onChange(e).then(() => {
      const d = e.target.value.replace(/\D/g, '');
      if (d.length >= expectedLength(cardBrand(d))) void form.trigger(['card.number', 'card.cvc']);
    });
  };
  const digitsField = (name: 'card.exp_month' | 'card.exp_year' | 'card.cvc', length: () => number) => {
    const field = form.register(name);
    return {
      ...field,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        e.target.value = e.target.value.replace(/\D/g, '').slice(0, name === 'card.cvc' ? 4 : 2);
        return field.onChange(e).then(() => {
          if (e.target.value.length >= length()) void form.trigger(name === 'card.cvc' ? name : ['card.exp_month', 'card.exp_year']);
        });
      },
    };
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" autoComplete="on">
      <div className="relative">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          error={errors.card?.number?.message}
          hint={
            <span aria-live="polite" className="inline-flex items-center gap-1">
              {complete ? (
                <>
                  <CircleCheck aria-hidden="true" className="size-3.5 text-emerald-700" /> {CARD_BRAND_LABELS[brand]} number looks right
                </>
              ) : brand !== 'unknown' ? (
                `${CARD_BRAND_LABELS[brand]}`
              ) : (
                'The long number on the front of the card'
              )}
            </span>
          }
          {...numberField}
          onChange={onNumber}
        />
        <span aria-hidden="true" className="pointer-events-none absolute top-0 right-0 flex h-5 items-center gap-1 rounded bg-slate-100 px-2 text-xs font-semibold text-slate-700">
          <CreditCard className="size-4" />
          {brand === 'unknown' ? 'Card' : CARD_BRAND_LABELS[brand]}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <TextField label="Expiry month" inputMode="numeric" autoComplete="cc-exp-month" placeholder="MM" error={errors.card?.exp_month?.message} {...digitsField('card.exp_month', () => 2)} />
        <TextField label="Expiry year" inputMode="numeric" autoComplete="cc-exp-year" placeholder="YY" error={errors.card?.exp_year?.message} {...digitsField('card.exp_year', () => 2)} />
        <div className="col-span-2 sm:col-span-1">
          <TextField
            label="Security code (CVC)"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === 'amex' ? '1234' : '123'}
            hint={brand === 'amex' ? '4 digits on the front' : '3 digits on the back'}
            error={errors.card?.cvc?.message}
            {...digitsField('card.cvc', () => cvcLength(brand))}
          />
        </div>
      </div>
      {askDefault && (
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600" {...form.register('is_default')} />
          Pay with this card by default
        </label>
      )}
      <FormAlert message={formError} />
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <Lock aria-hidden="true" className="size-3.5 shrink-0" /> Parkly keeps only the brand, the last four digits and the expiry. Never the full number or the code.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save card'}
        </Button>
      </div>
    </form>
  );
}
