import { zodResolver } from '@hookform/resolvers/zod';
import { blackoutInputSchema, type BlackoutInput, type ListingBlackout } from '@parkly/shared/listings';
import { formatPeriod, fromDateTimeLocal, toDateTimeLocal, zoneLongName } from '@parkly/shared/time';
import { CalendarOff, CalendarPlus, CircleAlert, Trash2 } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddListingBlackout } from '../api/add-listing-blackout';
import { useListingBlackouts } from '../api/get-listing-blackouts';
import { useRemoveListingBlackout } from '../api/remove-listing-blackout';

const fieldsSchema = z.object({
  start: z.string().min(1, 'Choose when the blocked period starts'),
  end: z.string().min(1, 'Choose when the blocked period ends'),
  reason: z.string(),
});

/** The inputs hold datetime-local text on the listing's clock; the shared schema then checks what is sent. */
const formSchemaIn = (timeZone: string) =>
  fieldsSchema
    .transform((v): BlackoutInput => ({
      start: fromDateTimeLocal(v.start, timeZone),
      end: fromDateTimeLocal(v.end, timeZone),
      ...(v.reason.trim() && { reason: v.reason.trim() }),
    }))
    .pipe(blackoutInputSchema);
type FormSchema = ReturnType<typeof formSchemaIn>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;
const FIELDS = ['start', 'end', 'reason'] as const;
const EMPTY: FormInput = { start: '', end: '', reason: '' };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** Submits on Enter without a <form>: the wizard may render this inside its own form, and forms cannot nest. */
const onEnter = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    submit();
  }
};

function BlackoutRow({ blackout, listingId, timeZone, onRemoved }: { blackout: ListingBlackout; listingId: string; timeZone: string; onRemoved: (period: string) => void }) {
  const remove = useRemoveListingBlackout();
  const period = formatPeriod(blackout.start, blackout.end, timeZone);
  const now = Date.now();
  const current = Date.parse(blackout.start) <= now && now < Date.parse(blackout.end);
  return (
    <li className="px-3 py-3 sm:px-4">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-800">
          <CalendarOff className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">{period}</p>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {current && <span className="mr-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Blocked now</span>}
            {blackout.reason ?? 'No reason given'}
          </p>
        </div>
        <Button
          variant="ghost"
          className="shrink-0 text-red-700 hover:bg-red-50"
          aria-label={`Remove blocked period ${period}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ listingId, blackoutId: blackout.id }, { onSuccess: () => onRemoved(period) })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{remove.isPending ? 'Removing…' : 'Remove'}</span>
        </Button>
      </div>
      {remove.error && (
        <p role="alert" className="mt-2 flex gap-1.5 text-sm text-red-700 sm:ml-12">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {messageOf(remove.error)}
        </p>
      )}
    </li>
  );
}

/**
 * Periods when the space cannot be booked (the host's own use, repairs, a festival), entered and
 * shown on the clock of the listing's time zone (wherever the host's device is). Only current and
 * future periods are listed; past ones drop off by themselves.
 */
export function BlackoutsManager({ listingId, timeZone }: { listingId: string; timeZone: string }) {
  const blackouts = useListingBlackouts(listingId);
  const add = useAddListingBlackout();
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const resolver = useMemo(() => zodResolver(formSchemaIn(timeZone)), [timeZone]);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const min = toDateTimeLocal(new Date(), timeZone);

  const submit = form.handleSubmit(async (blackout) => {
    setFormError(null);
    try {
      const added = await add.mutateAsync({ listingId, blackout });
      form.reset(EMPTY);
      setAnnouncement(`Blocked ${formatPeriod(added.start, added.end, timeZone)}`);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  const enter = onEnter(() => void submit());

  if (blackouts.isPending) return <Spinner label="Loading blocked dates" />;
  if (blackouts.isError) return <FormAlert message={`We could not load the blocked dates: ${messageOf(blackouts.error)}`} />;

  return (
    <div className="space-y-4">
      {blackouts.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-5 text-center text-sm text-slate-600">
          No blocked dates. Drivers can book whenever your space is open.
        </p>
      ) : (
        <ul aria-label="Blocked periods" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {blackouts.data.map((b) => (
            <BlackoutRow key={b.id} blackout={b} listingId={listingId} timeZone={timeZone} onRemoved={(period) => setAnnouncement(`Removed the blocked period ${period}`)} />
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Block dates</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="From" type="datetime-local" min={min} error={errors.start?.message} onKeyDown={enter} {...form.register('start')} />
          <TextField label="Until" type="datetime-local" min={min} error={errors.end?.message} onKeyDown={enter} {...form.register('end')} />
        </div>
        <TextField label="Reason (optional, only you see it)" maxLength={200} placeholder="For example: family visiting" error={errors.reason?.message} onKeyDown={enter} {...form.register('reason')} />
        <p className="text-xs text-slate-600">
          Times are the space&apos;s local time ({zoneLongName(timeZone)}). Bookings already made for these dates stay as they are.
        </p>
        <FormAlert message={formError} />
        <Button variant="secondary" disabled={isSubmitting} onClick={() => void submit()} className="w-full sm:w-auto">
          <CalendarPlus aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Blocking…' : 'Block these dates'}
        </Button>
      </fieldset>
    </div>
  );
}
