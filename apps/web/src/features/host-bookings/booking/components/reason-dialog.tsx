import { zodResolver } from '@hookform/resolvers/zod';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { TextAreaField } from '../../../../components/ui/form-field';
import { applyServerErrors } from '../../../../lib/form-errors';

export const REASON_MAX = 500;

const reasonSchema = (required: string | null) =>
  z.object({
    reason: required
      ? z.string().trim().min(1, required).max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters`)
      : z.string().trim().max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters`),
  });
type ReasonForm = { reason: string };

interface ReasonDialogProps {
  /** the button that opens the dialog (focus returns to it when the dialog closes) */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** what the action does, read out with the title */
  description: ReactNode;
  label: string;
  hint: string;
  /** the message when the reason is left empty; null when it is optional */
  required: string | null;
  confirmLabel: string;
  /** the button that closes the dialog and does nothing */
  dismissLabel: string;
  busy: boolean;
  danger?: boolean;
  /** runs the action; a field error from the server stays in the dialog, anything else goes to onFailed */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  onFailed: (err: unknown) => void;
}

/** A modal that asks for a reason (for the driver) before an action the host cannot undo. */
export function ReasonDialog({ trigger, open, onOpenChange, title, description, label, hint, required, confirmLabel, dismissLabel, busy, danger, onConfirm, onFailed }: ReasonDialogProps) {
  const form = useForm<ReasonForm>({ resolver: zodResolver(reasonSchema(required)), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason.trim() || undefined);
      form.reset();
    } catch (err) {
      if (applyServerErrors(err, form.setError, ['reason']) !== null) onFailed(err);
    }
  });
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) form.clearErrors();
        onOpenChange(next);
      }}
    >
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-700">{description}</div>
          </RadixDialog.Description>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
            <TextAreaField label={label} hint={hint} rows={3} maxLength={REASON_MAX} error={form.formState.errors.reason?.message} {...form.register('reason')} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <RadixDialog.Close asChild>
                <Button variant="secondary">{dismissLabel}</Button>
              </RadixDialog.Close>
              <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
                {busy ? 'Please wait...' : confirmLabel}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
