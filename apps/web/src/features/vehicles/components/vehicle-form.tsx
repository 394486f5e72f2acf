import { zodResolver } from '@hookform/resolvers/zod';
import { VEHICLE_TYPE_KEYS, VEHICLE_TYPES } from '@parkly/shared/catalog';
import { vehicleInputSchema, type Vehicle } from '@parkly/shared/vehicles';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { CatalogIcon } from '../../../lib/catalog-icons';
import { applyServerErrors } from '../../../lib/form-errors';

type VehicleFormInput = z.input<typeof vehicleInputSchema>;
export type VehicleFormOutput = z.output<typeof vehicleInputSchema>;
const FIELDS = ['vehicle_type', 'make', 'model', 'color', 'plate', 'is_default'] as const;

const valuesOf = (v: Vehicle | null): VehicleFormInput =>
  v
    ? { vehicle_type: v.vehicle_type, plate: v.plate, make: v.make ?? '', model: v.model ?? '', color: v.color ?? '', is_default: v.is_default }
    : // react-hook-form needs a value for every field; the schema asks for a type to be chosen
      { vehicle_type: undefined as unknown as VehicleFormInput['vehicle_type'], plate: '', make: '', model: '', color: '', is_default: false };

interface VehicleFormProps {
  vehicle: Vehicle | null;
  /** sends the vehicle; a thrown ApiError's field errors go on the fields */
  onSave: (values: VehicleFormOutput) => Promise<unknown>;
  onCancel: () => void;
  /** the first vehicle becomes the default anyway: no need to ask */
  askDefault: boolean;
}

/** Add or edit a vehicle: its kind (with icons), plate, make, model and colour, checked with the shared schema. */
export function VehicleForm({ vehicle, onSave, onCancel, askDefault }: VehicleFormProps) {
  const form = useForm<VehicleFormInput, unknown, VehicleFormOutput>({ resolver: zodResolver(vehicleInputSchema), defaultValues: valuesOf(vehicle) });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const typeErrorId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset aria-describedby={errors.vehicle_type ? typeErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Kind of vehicle</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {VEHICLE_TYPE_KEYS.map((key) => (
            <label key={key} className="relative cursor-pointer">
              <input type="radio" value={key} className="peer absolute inset-0 size-full cursor-pointer opacity-0" {...form.register('vehicle_type')} />
              <span className="flex min-h-12 items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-900 peer-checked:ring-1 peer-checked:ring-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 hover:bg-slate-50">
                <CatalogIcon name={VEHICLE_TYPES[key].icon} className="size-5 shrink-0" />
                {VEHICLE_TYPES[key].label}
              </span>
            </label>
          ))}
        </div>
        {errors.vehicle_type && (
          <p id={typeErrorId} className="mt-1.5 text-sm text-red-700">
            {errors.vehicle_type.message}
          </p>
        )}
      </fieldset>
      <TextField
        label="Number plate"
        hint="As on the plate, such as KA 01 AB 1234. The host uses it to recognise your vehicle."
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        error={errors.plate?.message}
        {...form.register('plate')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField label="Make (optional)" placeholder="Maruti" error={errors.make?.message} {...form.register('make')} />
        <TextField label="Model (optional)" placeholder="Swift" error={errors.model?.message} {...form.register('model')} />
        <TextField label="Colour (optional)" placeholder="White" error={errors.color?.message} {...form.register('color')} />
      </div>
      {askDefault && (
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600" {...form.register('is_default')} />
          Use this vehicle by default when I book
        </label>
      )}
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : vehicle ? 'Save changes' : 'Add vehicle'}
        </Button>
      </div>
    </form>
  );
}
