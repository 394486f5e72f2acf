import { AMENITIES, AMENITY_KEYS } from '@parkly/shared/catalog';
import { EV_CONNECTOR_KEYS, EV_CONNECTORS, LISTING_LIMITS } from '@parkly/shared/listing-options';
import { Minus, Plus, PlugZap } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { CATALOG_ICONS } from '../../../lib/catalog-icons';
import { ChipGroup } from './choice-chips';
import { AffixField, selectClass } from './field-parts';
import type { ListingFormValues } from './listing-form-values';

const AMENITY_OPTIONS = AMENITY_KEYS.map((key) => ({ key, label: AMENITIES[key].label, icon: CATALOG_ICONS[AMENITIES[key].icon] }));

function EvDetails() {
  const { register, formState } = useFormContext<ListingFormValues>();
  const id = useId();
  const error = formState.errors.ev_connector?.message;
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <PlugZap aria-hidden="true" className="size-5 text-brand-700" /> About the charger
      </p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Connector type
          </label>
          <select id={id} className={selectClass(error)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register('ev_connector')}>
            <option value="">Choose…</option>
            {EV_CONNECTOR_KEYS.map((key) => (
              <option key={key} value={key}>
                {EV_CONNECTORS[key].label}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${id}-error`} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <AffixField label="Power (optional)" suffix="kW" inputMode="decimal" placeholder="7.4" error={formState.errors.ev_power_kw?.message} {...register('ev_power_kw')} />
      </div>
    </div>
  );
}

function CapacityField() {
  const { register, setValue, getValues, formState } = useFormContext<ListingFormValues>();
  const step = (by: number) => {
    const n = Number.parseInt(getValues('capacity'), 10);
    const next = Math.min(LISTING_LIMITS.capacityMax, Math.max(1, (Number.isFinite(n) ? n : 1) + by));
    setValue('capacity', String(next), { shouldDirty: true });
  };
  const stepper = 'flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';
  return (
    <div className="flex items-end gap-2">
      <button type="button" className={stepper} aria-label="One space fewer" onClick={() => step(-1)}>
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <div className="w-28">
        <TextField label="Spaces" inputMode="numeric" error={formState.errors.capacity?.message} {...register('capacity')} />
      </div>
      <button type="button" className={stepper} aria-label="One space more" onClick={() => step(1)}>
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

/** Step 3: title, description, amenities (with the charger's details), capacity and size limits. */
export function DetailsSection() {
  const { register, control, formState } = useFormContext<ListingFormValues>();
  const errors = formState.errors;
  const amenities = useWatch({ control, name: 'amenities' });
  return (
    <div className="space-y-8">
      <div className="space-y-4">
        <TextField
          label="Title"
          placeholder="e.g. Covered garage near Forum Mall"
          maxLength={LISTING_LIMITS.titleMax}
          hint="Say what it is and a landmark drivers know."
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          label="Description (optional)"
          placeholder="How wide is the gate? Is it well lit at night? Anything drivers should know?"
          maxLength={LISTING_LIMITS.descriptionMax}
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>

      <div className="space-y-4">
        <ChipGroup legend="Amenities" hint="Tap everything your space offers." options={AMENITY_OPTIONS} field={register('amenities')} error={errors.amenities?.message} />
        {amenities.includes('ev_charging') && <EvDetails />}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How many vehicles can park at once?</legend>
        <p className="mt-1 mb-3 text-sm text-slate-600">Each space can be booked on its own. You can name them later in Manage parking.</p>
        <CapacityField />
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Size limits (optional)</legend>
        <p className="mt-1 mb-3 text-sm text-slate-600">The largest vehicle that fits, in metres. Leave blank when there is no limit.</p>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <AffixField label="Length" suffix="m" inputMode="decimal" placeholder="Any" error={errors.max_length_m?.message} {...register('max_length_m')} />
          <AffixField label="Width" suffix="m" inputMode="decimal" placeholder="Any" error={errors.max_width_m?.message} {...register('max_width_m')} />
          <AffixField label="Height" suffix="m" inputMode="decimal" placeholder="Any" error={errors.max_height_m?.message} {...register('max_height_m')} />
        </div>
      </fieldset>
    </div>
  );
}
