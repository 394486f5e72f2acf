import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ListingFormValues } from './listing-form-values';

const UNITS = [
  { value: 'minutes', label: 'minutes' },
  { value: 'hours', label: 'hours' },
  { value: 'days', label: 'days' },
];

/** A stay length as a number and a unit; the form turns it into minutes when it saves. */
export function StayField({ name, label }: { name: 'min_stay' | 'max_stay'; label: string }) {
  const { register, formState } = useFormContext<ListingFormValues>();
  const id = useId();
  const error = formState.errors[name]?.amount?.message;
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className={`flex rounded-lg border bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${error ? 'border-red-600' : 'border-slate-300'}`}>
        <label htmlFor={`${id}-amount`} className="sr-only">
          {label}: number
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          placeholder="Any"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 rounded-l-lg border-0 bg-transparent px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
          {...register(`${name}.amount`)}
        />
        <label htmlFor={`${id}-unit`} className="sr-only">
          {label}: unit
        </label>
        <select id={`${id}-unit`} className="rounded-r-lg border-0 border-l border-slate-300 bg-slate-50 px-3 text-base text-slate-800 focus:outline-none" {...register(`${name}.unit`)}>
          {UNITS.map((u) => (
            <option key={u.value} value={u.value}>
              {u.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
