import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import type { Vehicle } from '@parkly/shared/vehicles';
import { Plus } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { CatalogIcon } from '../../../lib/catalog-icons';
import { useVehicles } from '../../vehicles/api/get-vehicles';
import { AddVehicleForm } from './add-vehicle-form';

export const vehicleText = (v: Pick<Vehicle, 'make' | 'model' | 'color' | 'vehicle_type'>) =>
  [v.color, v.make, v.model].filter(Boolean).join(' ') || VEHICLE_TYPES[v.vehicle_type].label;

interface Props {
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
  /** the first radio, focused when the driver tries to go on without a vehicle */
  firstRef?: Ref<HTMLInputElement>;
}

/** One of the driver's saved vehicles, or a new one added on the spot (saved for next time too). */
export function VehiclePicker({ value, onChange, error, firstRef }: Props) {
  const id = useId();
  const vehicles = useVehicles();
  const [adding, setAdding] = useState(false);

  if (vehicles.isPending) return <Spinner label="Loading your vehicles" />;
  if (vehicles.isError)
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p>Your vehicles could not be loaded.</p>
        <Button variant="secondary" onClick={() => void vehicles.refetch()}>
          Try again
        </Button>
      </div>
    );

  const list = vehicles.data;
  const added = (v: Vehicle) => {
    onChange(v.id);
    setAdding(false);
  };
  return (
    <div>
      {list.length > 0 && (
        <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
          <legend className="sr-only">Vehicle for this booking</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {list.map((v, i) => {
              const type = VEHICLE_TYPES[v.vehicle_type];
              return (
                <label
                  key={v.id}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
                >
                  <input
                    ref={i === 0 ? firstRef : undefined}
                    type="radio"
                    name={`${id}-vehicle`}
                    value={v.id}
                    checked={value === v.id}
                    onChange={() => onChange(v.id)}
                    className="size-4 accent-brand-700"
                  />
                  <CatalogIcon name={type.icon} className="size-5 shrink-0 text-slate-600" />
                  <span className="min-w-0">
                    <span className="block font-mono font-semibold tracking-wide text-slate-900">{v.plate}</span>
                    <span className="block truncate text-sm text-slate-600">
                      {vehicleText(v)}
                      {v.is_default && ' · Default'}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className={list.length > 0 ? 'mt-3' : ''}>
        {list.length === 0 || adding ? (
          <>
            {list.length === 0 && <p className="mb-3 text-sm text-slate-700">Add the vehicle you will park, so the host knows what to expect.</p>}
            <AddVehicleForm first={list.length === 0} onAdded={added} onCancel={list.length > 0 ? () => setAdding(false) : undefined} />
          </>
        ) : (
          <Button variant="ghost" onClick={() => setAdding(true)} className="px-2 text-brand-700">
            <Plus aria-hidden="true" className="size-4" /> Add another vehicle
          </Button>
        )}
      </div>
    </div>
  );
}
