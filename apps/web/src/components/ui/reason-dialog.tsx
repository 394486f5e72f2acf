import { zodResolver } from '@hookform/resolvers/zod';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors';
import { Button } from './button';
import { FormAlert, TextAreaField } from './form-field';

const reasonSchema = (required: string | null, max: number) => {
  const text = z.string().trim().max(max, `Keep the reason under ${max} characters`);
  return z.object({ reason: required ? text.min(1, required) : text });
};
type ReasonForm = { reason: string };

interface ReasonDialogProps {
  /** the button that opens the dialog (focus returns to it when the dialog closes); none when the caller opens it */
  trigger?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** what the action does, read out with the title */
  description?: ReactNode;
  label: string;
  hint?: string;
  /** the message when the reason is left empty; null when it is optional */
  required?: string | null;
  max?: number;
  confirmLabel: string;
  /** the button that closes the dialog and does nothing */
  dismissLabel?: string;
  /** the caller's own busy state; otherwise the dialog's while onConfirm runs */
  busy?: boolean;
  danger?: boolean;
  /** runs the action with the trimmed reason ('' when optional and left empty); the dialog closes when it resolves */
  onConfirm: (reason: string) => Promise<unknown>;
  /** what to do with an error that is not about the reason; without it the dialog shows its message */
  onFailed?: (err: unknown) => void;
}

/**
 * A modal that asks for a reason before an action: a host declining or cancelling, an admin suspending
 * or rejecting, a visitor reporting a listing. The reason is checked as the API checks it, and the
 * server's `errors.reason` shows under the field.
 */
export function ReasonDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  label,
  hint,
  required = 'Give a reason',
  max = 1000,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy,
  danger,
  onConfirm,
  onFailed,
}: ReasonDialogProps) {
  const form = useForm<ReasonForm>({ resolver: zodResolver(reasonSchema(required, max)), defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason);
      form.reset();
      onOpenChange(false);
    } catch (err) {
      const message = applyServerErrors(err, form.setError, ['reason']);
      if (message === null) return;
      if (onFailed) onFailed(err);
      else setFailure(message);
    }
  });
  const working = busy ?? form.formState.isSubmitting;
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.clearErrors();
          setFailure(null);
        }
        onOpenChange(next);
      }}
    >
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description asChild>
              <div className="mt-2 space-y-2 text-sm text-slate-700">{description}</div>
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
            <TextAreaField label={label} hint={hint} rows={3} maxLength={max} error={form.formState.errors.reason?.message} {...form.register('reason')} />
            {failure && <FormAlert message={failure} />}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <RadixDialog.Close asChild>
                <Button variant="secondary">{dismissLabel}</Button>
              </RadixDialog.Close>
              <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={working}>
                {working ? 'Please wait...' : confirmLabel}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
