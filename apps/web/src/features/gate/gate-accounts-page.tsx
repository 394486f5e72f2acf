/**
 * /gate/accounts (decision 034): a host makes a login for each guard at their entrance (a name, an e-mail and a
 * password the host hands over) and removes it when it is no longer needed. A gate account opens /gate only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { gateAccountInputSchema, type GateAccount, type GateAccountInput } from '@parkly/shared/gate-pass';
import { formatShortDate } from '@parkly/shared/time';
import { DoorOpen, Plus, ScanLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, Navigate, useOutletContext } from 'react-router';
import type { GateContext } from './gate-page';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormAlert, TextField } from '../../components/ui/form-field';
import { ListNotice } from '../../components/ui/list-notice';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { applyServerErrors } from '../../lib/form-errors';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { useListActions } from '../../lib/use-list-actions';
import { useAddGateAccount } from './api/add-gate-account';
import { useGateAccounts } from './api/list-gate-accounts';
import { useRemoveGateAccount } from './api/remove-gate-account';

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const FIELDS = ['name', 'email', 'password'] as const;

function NewGateAccount({ onDone, onCancel }: { onDone: (a: GateAccount) => void; onCancel: () => void }) {
  const add = useAddGateAccount();
  const form = useForm<GateAccountInput, unknown, z.output<typeof gateAccountInputSchema>>({
    resolver: zodResolver(gateAccountInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await add.mutateAsync(values));
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <section aria-labelledby="new-gate-heading" className={panel}>
      <h2 id="new-gate-heading" className="mb-1 text-lg font-semibold text-slate-900">
        New gate account
      </h2>
      <p className="mb-4 text-sm text-slate-600">Give the guard this e-mail and password. They log in as usual and land on the gate screen.</p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Name" placeholder="North gate" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField label="E-mail" type="email" autoComplete="off" hint="An address of its own: it is the gate's login" error={errors.email?.message} {...form.register('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters" error={errors.password?.message} {...form.register('password')} />
        <FormAlert message={formError} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Please wait...' : 'Create gate account'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

export default function GateAccountsPage() {
  // a gate account cannot make others
  if (useOutletContext<GateContext>().gateAccount) return <Navigate to="/gate" replace />;
  return <GateAccounts />;
}

function GateAccounts() {
  const accounts = useGateAccounts();
  const remove = useRemoveGateAccount();
  const zone = useDefaultTimeZone();
  const [adding, setAdding] = useState(false);
  const { toDelete, setToDelete, askDelete, note, noteRef, actionError, announce, run } = useListActions<GateAccount>();
  const list = accounts.data ?? [];

  const confirmRemove = async () => {
    if (!toDelete) return;
    await run(async () => {
      await remove.mutateAsync(toDelete.id);
      return `${toDelete.name} was removed and signed out.`;
    });
    setToDelete(null);
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <div>
        <DocumentTitle title="Gate accounts" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Gate accounts</h1>
            <p className="mt-1 text-slate-600">Logins for the guards at your entrances. A gate account can only check your drivers’ passes in and out; it sees nothing else.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/gate" className={buttonClass('secondary')}>
              <ScanLine aria-hidden="true" className="size-4" /> Back to the gate screen
            </Link>
            {!adding && (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" className="size-4" /> Add a gate account
              </Button>
            )}
          </div>
        </div>
        <ListNotice note={note} noteRef={noteRef} error={actionError} />
        <div className="mt-6 space-y-4">
          {adding && (
            <NewGateAccount
              onCancel={() => setAdding(false)}
              onDone={(a) => {
                setAdding(false);
                announce(`${a.name} can now log in with ${a.email}.`);
              }}
            />
          )}
          {accounts.isPending ? (
            <Spinner label="Loading your gate accounts" />
          ) : accounts.isError ? (
            <p role="alert" className="text-red-700">
              {accounts.error.message}
            </p>
          ) : list.length === 0 ? (
            !adding && (
              <div className={`${panel} text-center`}>
                <DoorOpen aria-hidden="true" className="mx-auto size-10 text-slate-500" />
                <p className="mt-3 font-medium text-slate-900">No gate accounts yet</p>
                <p className="mt-1 text-sm text-slate-600">You can check passes yourself on the gate screen, or add an account for each guard.</p>
              </div>
            )
          ) : (
            <ul className="space-y-3">
              {list.map((a) => (
                <li key={a.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">{a.name}</p>
                    <p className="truncate text-sm text-slate-700">{a.email}</p>
                    <p className="text-xs text-slate-600">Added {formatShortDate(a.created_at, zone)}</p>
                  </div>
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={(e) => askDelete(a, e.currentTarget)} aria-label={`Remove ${a.name}`}>
                    <Trash2 aria-hidden="true" className="size-4" /> Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title="Remove gate account"
          description={`Remove ${toDelete?.name ?? 'this gate account'}? It is signed out at once and can no longer log in.`}
          confirmLabel="Remove"
          busyLabel="Please wait..."
          busy={remove.isPending}
          danger
          onConfirm={() => void confirmRemove()}
        />
      </div>
    </div>
  );
}
