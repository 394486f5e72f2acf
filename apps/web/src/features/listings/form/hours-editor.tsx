import { LISTING_LIMITS, WEEKDAYS, type Weekday } from '@parkly/shared/listing-options';
import { Copy, Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { GroupError } from './field-parts';
import { DEFAULT_WINDOW, type ListingFormValues } from './listing-form-values';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const timeClass = (error?: string) =>
  `block w-full min-w-0 rounded-lg border bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error ? 'border-red-600' : 'border-slate-300'}`;

function DayRow({ day }: { day: Weekday }) {
  const { control, register, formState } = useFormContext<ListingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `opening_hours.${day}` });
  const name = DAY_NAMES[day];
  const dayErrors = formState.errors.opening_hours?.[day];
  return (
    <li className="py-3">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <p className="font-medium text-slate-900">
          {name}
          {fields.length === 0 && <span className="ml-2 text-sm font-normal text-slate-500">Closed</span>}
        </p>
        {fields.length < LISTING_LIMITS.windowsPerDayMax && (
          <button
            type="button"
            onClick={() => append(fields.length === 0 ? DEFAULT_WINDOW : { open: '', close: '' })}
            aria-label={fields.length === 0 ? `Open on ${name}` : `Add hours on ${name}`}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <Plus aria-hidden="true" className="size-4" />
            {fields.length === 0 ? 'Open' : 'Add hours'}
          </button>
        )}
      </div>
      {fields.length > 0 && (
        <div className="mt-1 space-y-2">
          {fields.map((f, i) => {
            const err = dayErrors?.[i];
            const label = fields.length > 1 ? `${name}, hours ${i + 1}` : name;
            return (
              <div key={f.id} role="group" aria-label={label}>
                <div className="flex items-center gap-1.5 sm:gap-2">
                  <label className="sr-only" htmlFor={`${f.id}-open`}>
                    {label}: opens at
                  </label>
                  <input id={`${f.id}-open`} type="time" className={timeClass(err?.open?.message)} aria-invalid={err?.open ? true : undefined} {...register(`opening_hours.${day}.${i}.open`)} />
                  <span aria-hidden="true" className="text-slate-500">
                    –
                  </span>
                  <label className="sr-only" htmlFor={`${f.id}-close`}>
                    {label}: closes at
                  </label>
                  <input id={`${f.id}-close`} type="time" className={timeClass(err?.close?.message)} aria-invalid={err?.close ? true : undefined} {...register(`opening_hours.${day}.${i}.close`)} />
                  <button
                    type="button"
                    onClick={() => remove(i)}
                    aria-label={`Remove ${label}`}
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <GroupError message={err?.open?.message ?? err?.close?.message} />
              </div>
            );
          })}
        </div>
      )}
    </li>
  );
}

/** Opening windows per weekday: add and remove windows, copy Monday to every day. Closing at 00:00 means midnight. */
export function HoursEditor() {
  const { getValues, setValue, formState } = useFormContext<ListingFormValues>();
  const copyMonday = () => {
    const monday = getValues('opening_hours.mon');
    for (const d of WEEKDAYS) {
      if (d !== 'mon') setValue(`opening_hours.${d}`, monday.map((w) => ({ ...w })), { shouldDirty: true });
    }
  };
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">A closing time of 00:00 means midnight.</p>
        <Button variant="secondary" className="min-h-11" onClick={copyMonday}>
          <Copy aria-hidden="true" className="size-4" /> Copy Monday to all days
        </Button>
      </div>
      <ul className="mt-2 max-w-xl divide-y divide-slate-200">
        {WEEKDAYS.map((d) => (
          <DayRow key={d} day={d} />
        ))}
      </ul>
      <GroupError message={formState.errors.root?.opening_hours?.message} />
    </div>
  );
}
