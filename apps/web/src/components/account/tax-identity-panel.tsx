import { zodResolver } from '@hookform/resolvers/zod';
import { GST_STATES, normalizeGstin, type GstStateCode } from '@parkly/shared/gst';
import { taxIdentityInputSchema, type TaxIdentity, type TaxIdentityFields, type TaxIdentityInput } from '@parkly/shared/tax-identity';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { FormActions } from '../ui/form-actions';
import { FormAlert, TextField } from '../ui/form-field';
import { ListNotice } from '../ui/list-notice';
import { applyServerErrors } from '../../lib/form-errors';
import { useTaxIdentity, useTaxIdentityMutations, type TaxIdentityPath } from '../../lib/tax-identity-api';

const FIELDS = ['gstin', 'legal_name'] as const;

/** The state a GSTIN being typed is registered in, from its first two digits, once they name one. */
function stateHint(raw: string) {
  const code = normalizeGstin(raw).slice(0, 2) as GstStateCode;
  const state = GST_STATES[code];
  return state ? `Registered in ${state} (${code})` : '15 characters, such as 29AAGCP4242M1Z0';
}

function TaxIdentityForm({ path, identity, onDone, onCancel }: { path: TaxIdentityPath; identity: TaxIdentity | null; onDone: (saved: TaxIdentity) => void; onCancel?: () => void }) {
  const { save } = useTaxIdentityMutations(path);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TaxIdentityInput, unknown, TaxIdentityFields>({
    resolver: zodResolver(taxIdentityInputSchema),
    defaultValues: { gstin: identity?.gstin ?? '', legal_name: identity?.legal_name ?? '' },
    // checked on Save, not on leaving a field: an error appearing as the field loses focus moved the
    // Save button from under a phone's tap
  });
  const { errors, isSubmitting } = form.formState;
  const gstin = form.watch('gstin');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await save.mutateAsync(values));
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="GSTIN"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        hint={stateHint(gstin)}
        error={errors.gstin?.message}
        {...form.register('gstin')}
      />
      <TextField label="Legal or business name" autoComplete="organization" hint="As registered with GST" error={errors.legal_name?.message} {...form.register('legal_name')} />
      <FormAlert message={formError} />
      <FormActions submitLabel="Save GSTIN" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/**
 * A GSTIN and the name it is registered to, optional: shown back with its state, changed or removed.
 * The host's (on /earning) and the driver's (on /profile) differ only in their path and words.
 */
export function TaxIdentityPanel({ path, intro }: { path: TaxIdentityPath; intro: string }) {
  const query = useTaxIdentity(path);
  const { remove } = useTaxIdentityMutations(path);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string) => {
    setNote(text);
    setError(null);
    requestAnimationFrame(() => noteRef.current?.focus());
  };

  if (query.isPending) return <div aria-busy="true" aria-label="Loading your GST details" className="h-24 animate-pulse rounded-xl bg-slate-100" />;
  if (query.isError) {
    return (
      <div>
        <FormAlert message="Your GST details could not be loaded just now." />
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const identity = query.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{intro}</p>
      {identity && !editing ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">GSTIN</dt>
            <dd className="font-mono font-semibold break-all text-slate-900">{identity.gstin}</dd>
            <dt className="text-slate-600">Name</dt>
            <dd className="text-slate-900">{identity.legal_name}</dd>
            <dt className="text-slate-600">State</dt>
            <dd className="text-slate-900">
              {identity.state_name} ({identity.state_code})
            </dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Change
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <TaxIdentityForm
          path={path}
          identity={identity}
          onDone={(saved) => {
            setEditing(false);
            say(`GSTIN ${saved.gstin} saved (${saved.state_name}).`);
          }}
          onCancel={identity ? () => setEditing(false) : undefined}
        />
      )}
      <ListNotice note={note} noteRef={noteRef} error={error} inPanel />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove GSTIN"
        description="Documents issued from now on will not show it. Those already issued keep it."
        confirmLabel="Remove"
        busyLabel="Please wait..."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              say('GSTIN removed.');
            },
            onError: () => {
              setConfirming(false);
              setNote(null);
              setError('The GSTIN could not be removed. Please try again.');
            },
          })
        }
      />
    </div>
  );
}
