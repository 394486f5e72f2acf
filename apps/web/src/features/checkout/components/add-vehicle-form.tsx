import { zodResolver } from '@hookform/resolvers/zod';
import { VEHICLE_TYPES, VEHICLE_TYPE_KEYS } from '@parkly/shared/catalog';
import { vehicleInputSchema, type Vehicle } from '@parkly/shared/vehicles';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddVehicle } from '../../vehicles/api/add-vehicle';
import { SelectField } from './select-field';

const FIELDS = ['vehicle_type', 'plate', 'make', 'model', 'color'] as const;

/** A vehicle added from the checkout, saved to the driver's vehicles and picked for this booking. */
export function AddVehicleForm({ first, onAdded, onCancel }: { first: boolean; onAdded: (v: Vehicle) => void; onCancel?: () => void }) {
  const add = useAddVehicle();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(vehicleInputSchema),
    defaultValues: { vehicle_type: 'sedan', plate: '', make: '', model: '', color: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // the first vehicle becomes the default, so the next booking has it picked already
      onAdded(await add.mutateAsync({ ...values, is_default: first || undefined }));
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add a vehicle" className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Kind of vehicle" error={errors.vehicle_type?.message} {...form.register('vehicle_type')}>
          {VEHICLE_TYPE_KEYS.map((k) => (
            <option key={k} value={k}>
              {VEHICLE_TYPES[k].label}
            </option>
          ))}
        </SelectField>
        <TextField label="Number plate" autoCapitalize="characters" autoComplete="off" placeholder="KA 01 AB 1234" error={errors.plate?.message} {...form.register('plate')} />
        <TextField label="Make (optional)" placeholder="Maruti" error={errors.make?.message} {...form.register('make')} />
        <TextField label="Model (optional)" placeholder="Swift" error={errors.model?.message} {...form.register('model')} />
        <TextField label="Colour (optional)" error={errors.color?.message} {...form.register('color')} />
      </div>
      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save vehicle'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
