import * as RadixDialog from '@radix-ui/react-dialog';
import { ADMIN_REASON_MAX, adminReasonSchema } from '@parkly/shared/admin';
import type { AdminBookingDetail } from '@parkly/shared/admin-bookings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatMoney, toMinor } from '../../../lib/money';
import { useRefundBooking } from './api/refund-booking';

interface FormValues {
  kind: 'full' | 'part';
  /** rupees, as typed */
  amount: string;
  reason: string;
}

/** A key for this refund, made once when the dialog opens: sending it again refunds once. */
function newKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Refund in full or in part (in rupees), with a reason the guest and the host read. */
export function RefundDialog({ booking, open, onOpenChange, onDone }: { booking: AdminBookingDetail; open: boolean; onOpenChange: (open: boolean) => void; onDone: (note: string) => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">Refund {booking.reference}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-slate-600">
            Paid {formatMoney(booking.paid, booking.currency)}, refunded {formatMoney(booking.refunded, booking.currency)}: up to{' '}
            {formatMoney(booking.refundable, booking.currency)} can go back to the guest&apos;s card. The host gives back their share. The booking&apos;s status does not change.
          </RadixDialog.Description>
          {/* mounted while open: a new key and a clean form each time the dialog opens */}
          {open && <RefundForm booking={booking} onClose={() => onOpenChange(false)} onDone={onDone} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function RefundForm({ booking, onClose, onDone }: { booking: AdminBookingDetail; onClose: () => void; onDone: (note: string) => void }) {
  const refund = useRefundBooking();
  const [key] = useState(newKey);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({ defaultValues: { kind: 'part', amount: '', reason: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  const most = formatMoney(booking.refundable, booking.currency);

  const checkAmount = (v: string) => {
    if (form.getValues('kind') === 'full') return true;
    const minor = toMinor(v);
    if (minor === null) return 'Enter the amount in rupees, such as 150 or 99.50';
    if (minor < 1) return 'Refund at least ₹0.01';
    if (minor > booking.refundable) return `At most ${most}`;
    return true;
  };
  const checkReason = (v: string) => adminReasonSchema.safeParse(v).error?.issues[0]?.message ?? true;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const amount = values.kind === 'full' ? booking.refundable : toMinor(values.amount)!;
    try {
      await refund.mutateAsync({ id: booking.id, ...(values.kind === 'full' ? { full: true } : { amount }), reason: values.reason.trim(), idempotency_key: key });
      onDone(`Refunded ${formatMoney(amount, booking.currency)} to the guest.`);
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['amount', 'reason']));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How much</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(
            [
              ['part', 'Part of it'],
              ['full', `All that is left (${most})`],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${kind === value ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              <input type="radio" value={value} className="size-4 accent-brand-700" {...form.register('kind', { onChange: () => form.clearErrors('amount') })} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'part' && (
        <TextField
          label="Amount to refund (₹)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${most}`}
          error={errors.amount?.message}
          {...form.register('amount', { validate: checkAmount })}
        />
      )}
      {kind === 'full' && errors.amount?.message && <FormAlert message={errors.amount.message} />}
      <TextAreaField label="Reason (the guest and the host read this)" maxLength={ADMIN_REASON_MAX} error={errors.reason?.message} {...form.register('reason', { validate: checkReason })} />
      {formError && <FormAlert message={formError} />}
      <div className="flex justify-end gap-3">
        <RadixDialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </RadixDialog.Close>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? 'Refunding…' : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
