import { useId, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Switch } from '../../../components/ui/switch';
import { selectClass } from './field-parts';
import { HoursEditor } from './hours-editor';
import type { ListingFormValues } from './listing-form-values';

/** Zones a host in or near India is likely to need; a listing's own zone is added when it is another. */
const COMMON_ZONES = [
  ['Asia/Kolkata', 'India (IST, UTC+05:30)'],
  ['Asia/Kathmandu', 'Nepal (UTC+05:45)'],
  ['Asia/Colombo', 'Sri Lanka (UTC+05:30)'],
  ['Asia/Dhaka', 'Bangladesh (UTC+06:00)'],
  ['Asia/Thimphu', 'Bhutan (UTC+06:00)'],
  ['Indian/Maldives', 'Maldives (UTC+05:00)'],
  ['Asia/Karachi', 'Pakistan (UTC+05:00)'],
  ['Asia/Dubai', 'Dubai (UTC+04:00)'],
  ['Asia/Singapore', 'Singapore (UTC+08:00)'],
  ['Europe/London', 'London'],
  ['America/New_York', 'New York'],
  ['UTC', 'UTC'],
] as const;

/** Step 6: open 24/7, or windows per weekday; and the time zone those hours are in. */
export function AvailabilitySection() {
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const zoneError = formState.errors.time_zone?.message;
  const [allDay, zone] = useWatch({ control, name: ['open_24_7', 'time_zone'] });
  const id = useId();
  const zones = useMemo(() => (COMMON_ZONES.some(([z]) => z === zone) ? COMMON_ZONES : [[zone, zone] as const, ...COMMON_ZONES]), [zone]);
  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
        <Switch label="Open 24/7" description="Drivers can arrive and leave at any hour, every day." {...register('open_24_7')} />
      </div>
      {!allDay && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Opening hours</legend>
          <HoursEditor />
        </fieldset>
      )}
      <div className="max-w-sm space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Time zone
        </label>
        <select
          id={id}
          className={selectClass(zoneError)}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={zoneError ? `${id}-error` : `${id}-hint`}
          {...register('time_zone')}
        >
          {zones.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {zoneError ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {zoneError}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            Opening hours and booking days follow this zone.
          </p>
        )}
      </div>
    </div>
  );
}
