import { zodResolver } from '@hookform/resolvers/zod';
import { maskAccountNumber, payoutAccountInputSchema, type PayoutAccountFields, type PayoutMethod } from '@parkly/shared/earnings';
import { Landmark, Lock, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSavePayoutAccount } from '../api/save-payout-account';

/** The form holds every field; the shared schema keeps those of the chosen method and checks them. */
interface FormValues {
  method: PayoutMethod;
  account_holder: string;
  account_number: string;
  ifsc: string;
  upi_id: string;
  current_password: string;
}

const FIELDS = ['method', 'account_holder', 'account_number', 'ifsc', 'upi_id', 'current_password'] as const;
const resolver = zodResolver(payoutAccountInputSchema) as unknown as Resolver<FormValues, unknown, PayoutAccountFields>;
const EMPTY: FormValues = { method: 'upi', account_holder: '', account_number: '', ifsc: '', upi_id: '', current_password: '' };

const METHODS: { value: PayoutMethod; label: string; icon: typeof Landmark }[] = [
  { value: 'upi', label: 'UPI', icon: Smartphone },
  { value: 'bank', label: 'Bank account', icon: Landmark },
];

/**
 * Where payouts go: a UPI ID or a bank account (IFSC), checked as typed and again by the server, with
 * the account's password (cleared once saved; a wrong one is the server's error under the field).
 */
export function PayoutAccountForm({ onDone, onCancel, automatic = false }: { onDone: (label: string) => void; onCancel?: () => void; automatic?: boolean }) {
  const save = useSavePayoutAccount();
  const form = useForm<FormValues, unknown, PayoutAccountFields>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const method = form.watch('method');
  const number = form.watch('account_number').replace(/[\s-]/g, '');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const account = await save.mutateAsync(values);
      form.reset(EMPTY);
      onDone(account.label);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Pay me by</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {METHODS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${method === value ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              <input type="radio" value={value} className="size-4 accent-brand-700" {...form.register('method')} />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'upi' ? (
        <TextField label="UPI ID" placeholder="name@bank" autoComplete="off" autoCapitalize="none" spellCheck={false} hint="Such as yourname@okaxis" error={errors.upi_id?.message} {...form.register('upi_id')} />
      ) : (
        <>
          <TextField label="Name on the account" autoComplete="name" error={errors.account_holder?.message} {...form.register('account_holder')} />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            hint={number.length >= 4 ? `We will show it as ${maskAccountNumber(number)}` : '9 to 18 digits'}
            error={errors.account_number?.message}
            {...form.register('account_number')}
          />
          <TextField label="IFSC" autoComplete="off" autoCapitalize="characters" placeholder="HDFC0001234" spellCheck={false} error={errors.ifsc?.message} {...form.register('ifsc')} />
        </>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="So that only you can change where your money goes."
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <FormAlert message={formError} />
      <p className="flex items-start gap-2 text-xs text-slate-600">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />{' '}
        {automatic
          ? 'Your details go to our payout partner RazorpayX, who sends your payouts. We keep only the last four digits.'
          : 'Only the last four digits are ever shown again, here or in e-mails.'}
      </p>
      <FormActions submitLabel="Save payout account" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
