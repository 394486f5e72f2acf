import { PARKING_TYPE_KEYS, PARKING_TYPES, VEHICLE_TYPE_KEYS, VEHICLE_TYPES } from '@parkly/shared/catalog';
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CATALOG_ICONS } from '../../../lib/catalog-icons';
import { ChipGroup } from './choice-chips';
import { GroupError } from './field-parts';
import type { ListingFormValues } from './listing-form-values';

const VEHICLE_OPTIONS = VEHICLE_TYPE_KEYS.map((key) => ({ key, label: VEHICLE_TYPES[key].label, icon: CATALOG_ICONS[VEHICLE_TYPES[key].icon] }));

/** Step 1: the kind of space (large cards) and the vehicles that fit (chips). */
export function TypeSection() {
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const chosen = useWatch({ control, name: 'parking_type' });
  const id = useId();
  const error = formState.errors.parking_type?.message;
  return (
    <div className="space-y-8">
      <fieldset aria-describedby={`${id}-chosen ${error ? `${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
        <legend className="text-sm font-medium text-slate-800">Type of space</legend>
        <div className="mt-3 grid grid-cols-2 gap-2.5 sm:gap-3 lg:grid-cols-4">
          {PARKING_TYPE_KEYS.map((key) => {
            const { label, description, icon } = PARKING_TYPES[key];
            const Icon = CATALOG_ICONS[icon];
            return (
              <label
                key={key}
                className="group relative flex min-h-24 cursor-pointer flex-col gap-2 rounded-2xl border-2 border-slate-200 bg-white p-3.5 transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 sm:p-4"
              >
                <input type="radio" value={key} className="sr-only" {...register('parking_type')} />
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-xl bg-slate-100 text-slate-700 group-has-checked:bg-brand-700 group-has-checked:text-white"
                >
                  <Icon className="size-5" />
                </span>
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="hidden text-sm text-slate-600 sm:block">{description}</span>
                <CircleCheck aria-hidden="true" className="absolute top-3 right-3 hidden size-5 text-brand-700 group-has-checked:block" />
              </label>
            );
          })}
        </div>
        <p id={`${id}-chosen`} className="mt-3 min-h-5 text-sm text-slate-600 sm:sr-only" aria-live="polite">
          {chosen ? `${PARKING_TYPES[chosen].label}: ${PARKING_TYPES[chosen].description}` : ''}
        </p>
        <GroupError id={`${id}-error`} message={error} />
      </fieldset>

      <ChipGroup
        legend="Vehicles that fit"
        hint="Choose every vehicle that can park here comfortably."
        options={VEHICLE_OPTIONS}
        field={register('vehicle_types')}
        error={formState.errors.vehicle_types?.message}
      />
    </div>
  );
}
