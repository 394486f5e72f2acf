import * as RadixDialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminPayoutPaidSchema, type AdminPayout, type AdminPayoutPaidInput } from '@parkly/shared/admin-payouts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SimulatedBadge } from '../../../components/payouts/simulated-badge';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import { useMarkPayoutPaid } from './api/mark-payout-paid';

/** Asks the bank's reference of the transfer, then marks the payout paid. */
export function PaidDialog({ payout, onOpenChange, onDone }: { payout: AdminPayout | null; onOpenChange: (open: boolean) => void; onDone: (note: string) => void }) {
  return (
    <RadixDialog.Root open={payout !== null} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">Mark payout paid</RadixDialog.Title>
          {payout && (
            <>
              <RadixDialog.Description className="mt-2 text-sm text-slate-600">
                {formatMoney(payout.amount, payout.currency)} to {payout.host.name}, {payout.destination}. Enter the reference of the bank transfer once it is made: the host sees it at once.
              </RadixDialog.Description>
              {payout.simulated && (
                <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <SimulatedBadge /> Its bookings were paid with test cards: no bank transfer is due.
                </p>
              )}
              <PaidForm payout={payout} onClose={() => onOpenChange(false)} onDone={onDone} />
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function PaidForm({ payout, onClose, onDone }: { payout: AdminPayout; onClose: () => void; onDone: (note: string) => void }) {
  const paid = useMarkPayoutPaid();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminPayoutPaidInput>({ resolver: zodResolver(adminPayoutPaidSchema), defaultValues: { reference: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ reference }) => {
    setFormError(null);
    try {
      await paid.mutateAsync({ id: payout.id, reference });
      onDone(`Marked ${formatMoney(payout.amount, payout.currency)} to ${payout.host.name} paid (reference ${reference}).`);
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['reference']));
    }
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
      <TextField label="Bank reference (UTR)" autoComplete="off" spellCheck={false} maxLength={100} error={errors.reference?.message} {...form.register('reference')} />
      {formError && <FormAlert message={formError} />}
      <div className="flex justify-end gap-3">
        <RadixDialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </RadixDialog.Close>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Mark paid'}
        </Button>
      </div>
    </form>
  );
}
