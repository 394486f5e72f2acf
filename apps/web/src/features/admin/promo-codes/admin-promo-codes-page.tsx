import { describePromo, type CreatePromoCodeInput, type PromoCode } from '@parkly/shared/promo-codes';
import { formatShortDateTime, fromDateTimeLocal } from '@parkly/shared/time';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { ListNotice } from '../../../components/ui/list-notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { toMinor } from '../../../lib/money';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage, AdminPanel } from '../components/admin-page';
import { FilterSelect } from '../components/filter-select';
import { useCreatePromoCode, useDeactivatePromoCode, usePromoCodes } from './api/promo-codes';

type Field = 'code' | 'kind' | 'value' | 'max_uses' | 'max_per_person' | 'starts_at' | 'ends_at';
const FIELDS: Field[] = ['code', 'kind', 'value', 'max_uses', 'max_per_person', 'starts_at', 'ends_at'];
const EMPTY = { code: '', kind: 'percent', value: '', max_uses: '', max_per_person: '', starts_at: '', ends_at: '' } as Record<Field, string>;

/**
 * /admin/promo-codes: the promotion codes drivers can apply at checkout (decision 036). A new code: percent or
 * rupees off, limits in total and per person, the dates it runs; a code is deactivated, never deleted.
 */
export default function AdminPromoCodesPage() {
  const codes = usePromoCodes();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<PromoCode | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const deactivate = useDeactivatePromoCode();
  const done = (text: string) => {
    setError(null);
    setNote(text);
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  return (
    <AdminPage title="Promo codes" intro="Codes drivers enter at checkout. The discount comes out of Parkly's service fee first, then its commission: hosts always earn their full share.">
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <AdminPanel title="New code">
          <NewCodeForm onDone={(c) => done(`Created ${c.code}: ${describePromo(c)}.`)} />
        </AdminPanel>
        <div className="min-w-0 space-y-3">
          <ListNotice note={note} noteRef={noteRef} error={error} />
          <AdminPanel title="Codes">
            {codes.isPending ? (
              <Spinner label="Loading promo codes" />
            ) : codes.isError ? (
              <FormAlert message={codes.error instanceof ApiError ? codes.error.message : 'The codes could not be loaded. Please try again.'} />
            ) : codes.data.length === 0 ? (
              <p className="text-sm text-slate-600">No promo code yet. Create the first one with the form.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {codes.data.map((c) => (
                  <CodeRow key={c.id} c={c} onDeactivate={() => setEnding(c)} />
                ))}
              </ul>
            )}
          </AdminPanel>
        </div>
      </div>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        title="Deactivate this code?"
        description={ending ? `Drivers can no longer use ${ending.code}. Bookings that already used it keep their discount.` : ''}
        confirmLabel="Deactivate"
        busyLabel="Deactivating…"
        busy={deactivate.isPending}
        danger
        onConfirm={async () => {
          const c = ending!;
          try {
            await deactivate.mutateAsync(c.id);
            setEnding(null);
            done(`Deactivated ${c.code}.`);
          } catch (err) {
            setEnding(null);
            setNote(null);
            setError(err instanceof ApiError ? err.message : 'The code could not be deactivated. Please try again.');
          }
        }}
      />
    </AdminPage>
  );
}

function limits(c: PromoCode) {
  const total = c.max_uses === null ? `${c.uses} used` : `${c.uses} of ${c.max_uses} used`;
  return c.max_per_person === null ? total : `${total} · ${c.max_per_person} per person`;
}

function CodeRow({ c, onDeactivate }: { c: PromoCode; onDeactivate: () => void }) {
  const zone = useDefaultTimeZone();
  const dates = [c.starts_at && `from ${formatShortDateTime(c.starts_at, zone)}`, c.ends_at && `until ${formatShortDateTime(c.ends_at, zone)}`].filter(Boolean).join(' ');
  const ended = c.ends_at !== null && Date.parse(c.ends_at) <= Date.now();
  const status = !c.active ? 'Deactivated' : ended ? 'Expired' : c.max_uses !== null && c.uses >= c.max_uses ? 'Used up' : 'Active';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-[1_1_14rem] space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-semibold break-all text-slate-900">{c.code}</span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">{status}</span>
        </p>
        <p className="text-slate-800">{describePromo(c)}</p>
        <p className="text-slate-600">{limits(c)}</p>
        {dates && <p className="text-slate-600">{dates}</p>}
      </div>
      {c.active && (
        <Button variant="secondary" onClick={onDeactivate} aria-label={`Deactivate ${c.code}`}>
          Deactivate
        </Button>
      )}
    </li>
  );
}

const count = (s: string) => (s.trim() === '' ? null : Number(s));

function NewCodeForm({ onDone }: { onDone: (c: PromoCode) => void }) {
  const zone = useDefaultTimeZone();
  const create = useCreatePromoCode();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setErrors((x) => ({ ...x, [f]: undefined }));
  };
  const percent = values.kind === 'percent';
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const value = percent ? count(values.value) : toMinor(values.value);
    if (value === null || !Number.isFinite(value)) {
      setErrors({ value: percent ? 'Enter the percentage off, 1 to 100' : 'Enter the amount off in rupees' });
      return;
    }
    const body: CreatePromoCodeInput = {
      code: values.code.trim(),
      kind: values.kind as CreatePromoCodeInput['kind'],
      value,
      max_uses: count(values.max_uses),
      max_per_person: count(values.max_per_person),
      starts_at: values.starts_at ? fromDateTimeLocal(values.starts_at, zone) : null,
      ends_at: values.ends_at ? fromDateTimeLocal(values.ends_at, zone) : null,
    };
    try {
      const c = await create.mutateAsync(body);
      setValues(EMPTY);
      setErrors({});
      onDone(c);
    } catch (err) {
      const next: Partial<Record<Field, string>> = {};
      setFormError(applyServerErrors<Field>(err, (f, { message }) => (next[f] = message), FIELDS));
      setErrors(next);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <TextField label="Code" autoComplete="off" spellCheck={false} maxLength={32} placeholder="MONSOON20" hint="Letters, digits and dashes; drivers can type it in any case." value={values.code} onChange={set('code')} error={errors.code} />
      <FilterSelect
        label="Discount"
        value={values.kind}
        options={[
          { value: 'percent', label: 'Percent off' },
          { value: 'amount', label: 'Rupees off' },
        ]}
        onChange={(value) => set('kind')({ target: { value } })}
      />
      <TextField label={percent ? 'Percent off' : 'Rupees off'} inputMode="decimal" autoComplete="off" value={values.value} onChange={set('value')} error={errors.value} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Uses in total" inputMode="numeric" autoComplete="off" hint="Empty: no limit" value={values.max_uses} onChange={set('max_uses')} error={errors.max_uses} />
        <TextField label="Uses per person" inputMode="numeric" autoComplete="off" hint="Empty: no limit" value={values.max_per_person} onChange={set('max_per_person')} error={errors.max_per_person} />
      </div>
      <TextField label="Starts" type="datetime-local" hint="Empty: at once" value={values.starts_at} onChange={set('starts_at')} error={errors.starts_at} />
      <TextField label="Ends" type="datetime-local" hint="Empty: never" value={values.ends_at} onChange={set('ends_at')} error={errors.ends_at} />
      {formError && <FormAlert message={formError} />}
      <Button type="submit" disabled={create.isPending} className="w-full">
        {create.isPending ? 'Creating…' : 'Create code'}
      </Button>
    </form>
  );
}
