import { todayIn, zoneAbbreviation } from '@parkly/shared/time';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/form-field';
import { MAX_DAYS, MAX_MONTHS, MONTH_DAYS, STAY_MODES, switchMode, type FieldName, type StayFields, type StayMode } from '../lib/stay-window';
import { SelectField } from './select-field';

const TAB_LABELS: Record<StayMode, string> = { hourly: 'Hourly', daily: 'Daily', monthly: 'Monthly' };

export type FieldErrors = Partial<Record<FieldName, string>>;

interface Props {
  fields: StayFields;
  onChange: (next: StayFields) => void;
  timeZone: string;
  errors: FieldErrors;
}

/** Whole numbers from a number box; an empty box is NaN, which the window check reports. */
const asWhole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * Hourly, daily and monthly tabs over date and time fields on the listing's clock (the times a
 * driver in another country picks are the space's times, and the note says which clock).
 */
export function StayPicker({ fields, onChange, timeZone, errors }: Props) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const set = (patch: Partial<StayFields>) => onChange({ ...fields, ...patch });
  const today = todayIn(timeZone);
  const choose = (mode: StayMode) => onChange(switchMode(fields, mode, timeZone));

  // arrow keys move between tabs, as in every tab list (WAI-ARIA tabs pattern, automatic activation)
  const onKeyDown = (e: KeyboardEvent) => {
    const at = STAY_MODES.indexOf(fields.mode);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: STAY_MODES.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = (next + STAY_MODES.length) % STAY_MODES.length;
    choose(STAY_MODES[i]!);
    tabs.current[i]?.focus();
  };

  const startFields: ReactNode = (
    <>
      <TextField
        label="Start date"
        type="date"
        min={today}
        required
        value={fields.startDate}
        error={errors.startDate}
        onChange={(e) => {
          const startDate = e.target.value;
          // an hourly end keeps its distance from the start when the start day moves
          set({ startDate, ...(fields.mode === 'hourly' && fields.endDate < startDate && { endDate: startDate }) });
        }}
      />
      <TextField label="Start time" type="time" step={900} required value={fields.startTime} error={errors.startTime} onChange={(e) => set({ startTime: e.target.value })} />
    </>
  );

  return (
    <div>
      <div role="tablist" aria-label="How long" className="inline-flex rounded-xl bg-slate-100 p-1" onKeyDown={onKeyDown}>
        {STAY_MODES.map((mode, i) => {
          const selected = fields.mode === mode;
          return (
            <button
              key={mode}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${mode}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(mode)}
              className={`min-h-10 rounded-lg px-4 text-sm font-semibold transition-colors sm:px-6 ${selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
            >
              {TAB_LABELS[mode]}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${fields.mode}`} className="mt-4 grid grid-cols-2 gap-3 sm:gap-4">
        {startFields}
        {fields.mode === 'hourly' && (
          <>
            <TextField label="End date" type="date" min={fields.startDate || today} required value={fields.endDate} error={errors.endDate} onChange={(e) => set({ endDate: e.target.value })} />
            <TextField label="End time" type="time" step={900} required value={fields.endTime} error={errors.endTime} onChange={(e) => set({ endTime: e.target.value })} />
          </>
        )}
        {fields.mode === 'daily' && (
          <div className="col-span-2 sm:col-span-1">
            <TextField
              label="Number of days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DAYS}
              required
              value={Number.isFinite(fields.days) ? fields.days : ''}
              error={errors.days}
              onChange={(e) => set({ days: asWhole(e.target.value) })}
            />
          </div>
        )}
        {fields.mode === 'monthly' && (
          <div className="col-span-2 sm:col-span-1">
            <SelectField label="Months" value={String(fields.months)} error={errors.months} onChange={(e) => set({ months: Number(e.target.value) })}>
              {Array.from({ length: MAX_MONTHS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'month' : 'months'} ({n * MONTH_DAYS} days)
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Times are the space&rsquo;s local time: {zoneAbbreviation(timeZone)} ({timeZone}).
      </p>
    </div>
  );
}
