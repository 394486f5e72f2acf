import { CARD_BRAND_LABELS, cardBrand, luhnValid } from '@parkly/shared/payment-methods';
import { CheckCircle2, CreditCard } from 'lucide-react';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { maxDigits } from '../lib/card-format';

type Props = { value: string; error?: string; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>;

/** The card number, grouped as typed, with the brand named under it as soon as the first digits tell it. */
export function CardNumberField({ value, error, ref, ...props }: Props) {
  const id = useId();
  const digits = value.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const known = digits.length > 0 && brand !== 'unknown';
  const complete = digits.length >= 12 && luhnValid(digits);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Card number
      </label>
      <div className="relative">
        <CreditCard aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          ref={ref}
          value={value}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={maxDigits(brand) + 4}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-brand`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          className={`block w-full rounded-lg border bg-white py-2.5 pr-3 pl-10 font-mono text-base text-slate-900 placeholder:font-sans placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:tracking-wide ${error ? 'border-red-600' : 'border-slate-300'}`}
          {...props}
        />
      </div>
      <p id={`${id}-brand`} className="flex min-h-5 items-center gap-1.5 text-sm text-slate-700">
        {known ? (
          <>
            <span className="font-semibold">{CARD_BRAND_LABELS[brand]}</span>
            {complete && !error && (
              <>
                <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
                <span className="sr-only">, number looks right</span>
              </>
            )}
          </>
        ) : (
          <span className="text-slate-600">Visa, Mastercard, RuPay, American Express and more</span>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
