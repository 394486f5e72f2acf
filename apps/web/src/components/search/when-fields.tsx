import { useId } from 'react';
import { TextField } from '../ui/form-field';
import { addLocalDays, todayIn, zoneLongName } from '@parkly/shared/time';
import { windowFor, windowParts, type WhenMode } from '../../lib/search-state';

export interface WhenValue {
  mode: WhenMode;
  date: string;
  startTime: string;
  endTime: string;
  endDate: string;
}

const MODES: { mode: WhenMode; label: string }[] = [
  { mode: 'hourly', label: 'Hourly' },
  { mode: 'daily', label: 'Daily' },
  { mode: 'monthly', label: 'Monthly' },
];

/** Tomorrow 09:00 to 18:00 on the zone's clock: the stay most searches start from. */
export function defaultWhen(timeZone: string, now: Date = new Date()): WhenValue {
  const tomorrow = addLocalDays(todayIn(timeZone, now), 1);
  return { mode: 'hourly', date: tomorrow, startTime: '09:00', endTime: '18:00', endDate: addLocalDays(tomorrow, 1) };
}

/** The fields back from a search's window, read on the zone's clock (or the default when there is none). */
export function whenFromWindow(mode: WhenMode | undefined, start: string | undefined, end: string | undefined, timeZone: string): WhenValue {
  if (!start || !end) return defaultWhen(timeZone);
  return { mode: mode ?? 'hourly', ...windowParts(start, end, timeZone) };
}

/** The window the fields describe on the zone's clock, or an error to show next to them. */
export function whenToWindow(v: WhenValue, timeZone: string, now: Date = new Date()): { start: string; end: string } | { error: string } {
  const today = todayIn(timeZone, now);
  if (!v.date) return { error: 'Choose a date' };
  if (v.date < today) return { error: 'Choose today or a later date' };
  if (v.mode === 'daily' && v.endDate && v.endDate < v.date) return { error: 'The last day must not be before the first' };
  const w = windowFor(v.mode, v, timeZone);
  if (Date.parse(w.end) <= now.getTime()) return { error: 'Choose a time that has not passed yet' };
  return w;
}

/**
 * Hourly (a date, from and until), daily (first and last day) or monthly (a start date), on the
 * clock of `timeZone` (the one the window is then built in).
 */
export function WhenFields({ value, onChange, error, timeZone }: { value: WhenValue; onChange: (v: WhenValue) => void; error?: string; timeZone: string }) {
  const id = useId();
  const set = (patch: Partial<WhenValue>) => onChange({ ...value, ...patch });
  const today = todayIn(timeZone);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">When</legend>
      <div role="radiogroup" aria-label="How long" className="mb-3 inline-flex rounded-lg bg-slate-100 p-1">
        {MODES.map(({ mode, label }) => (
          <label
            key={mode}
            className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input type="radio" name={`${id}-mode`} value={mode} checked={value.mode === mode} onChange={() => set({ mode })} className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0" />
            {label}
          </label>
        ))}
      </div>
      <div className={`grid gap-3 ${value.mode === 'hourly' ? 'grid-cols-2 sm:grid-cols-3' : value.mode === 'daily' ? 'grid-cols-2' : 'grid-cols-1'}`}>
        <div className={value.mode === 'hourly' ? 'col-span-2 sm:col-span-1' : ''}>
          <TextField
            label={value.mode === 'hourly' ? 'Date' : value.mode === 'daily' ? 'First day' : 'Start date'}
            type="date"
            min={today}
            value={value.date}
            required
            onChange={(e) => set({ date: e.target.value, ...(value.endDate < e.target.value && { endDate: e.target.value }) })}
          />
        </div>
        {value.mode === 'hourly' && (
          <>
            <TextField label="From" type="time" step={900} value={value.startTime} required onChange={(e) => set({ startTime: e.target.value })} />
            <TextField label="Until" type="time" step={900} value={value.endTime} required onChange={(e) => set({ endTime: e.target.value })} />
          </>
        )}
        {value.mode === 'daily' && (
          <TextField label="Last day" type="date" min={value.date || today} value={value.endDate} required onChange={(e) => set({ endDate: e.target.value })} />
        )}
      </div>
      {value.mode === 'monthly' && <p className="mt-2 text-sm text-slate-600">30 days from the start date.</p>}
      <p className="mt-2 text-xs text-slate-600">Times are {zoneLongName(timeZone)}.</p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
