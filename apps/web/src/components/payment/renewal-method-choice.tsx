import type { RecurringMethod } from '@parkly/shared/bookings';
import { CreditCard, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { optionClass } from './option-class';

const OPTIONS: { method: RecurringMethod; title: string; hint: string; icon: typeof Smartphone }[] = [
  { method: 'upi', title: 'UPI AutoPay', hint: 'Approve it once in your UPI app; each month is then debited by itself. You can pause or cancel it in the app.', icon: Smartphone },
  { method: 'card', title: 'Card', hint: 'Razorpay keeps your card for the renewals and charges it each month.', icon: CreditCard },
];

/**
 * How a monthly pass's renewals are paid under Razorpay (decision 042): a UPI AutoPay mandate or a card Razorpay
 * keeps. The Checkout window then offers only that way, and the payment sets the renewals up.
 */
export function RenewalMethodChoice({ value, onChange, disabled = false }: { value: RecurringMethod; onChange: (m: RecurringMethod) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">How your renewals are paid</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {OPTIONS.map(({ method, title, hint, icon: Icon }) => (
          <label key={method} className={`${optionClass} items-start`}>
            <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} className="mt-0.5 size-4 accent-brand-700" />
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span className="min-w-0 text-sm">
              <span className="block font-semibold text-slate-900">{title}</span>
              <span className="block text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
