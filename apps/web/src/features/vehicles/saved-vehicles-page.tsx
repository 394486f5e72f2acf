import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import { VEHICLES_MAX, type Vehicle } from '@parkly/shared/vehicles';
import { CarFront, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-field';
import { ListNotice } from '../../components/ui/list-notice';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useListActions } from '../../lib/use-list-actions';
import { CatalogIcon } from '../../lib/catalog-icons';
import { useAddVehicle } from './api/add-vehicle';
import { useDeleteVehicle } from './api/delete-vehicle';
import { useVehicles } from './api/get-vehicles';
import { useUpdateVehicle } from './api/update-vehicle';
import { VehicleForm } from './components/vehicle-form';

const describedBy = (v: Vehicle) => [v.color, v.make, v.model].filter(Boolean).join(' ');
const vehicleName = (v: Vehicle) => describedBy(v) || VEHICLE_TYPES[v.vehicle_type].label;
const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

function VehicleRow({ vehicle: v, onEdit, onDelete, onMakeDefault, busy }: { vehicle: Vehicle; onEdit: () => void; onDelete: (button: HTMLButtonElement) => void; onMakeDefault: () => void; busy: boolean }) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <CatalogIcon name={VEHICLE_TYPES[v.vehicle_type].icon} className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-bold tracking-wide text-slate-900">{v.plate}</span>
            {v.is_default && (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200 ring-inset">
                <Star aria-hidden="true" className="size-3" /> Default
              </span>
            )}
          </p>
          {/* with no make, model or colour the name is the kind: say it once */}
          {describedBy(v) && <p className="truncate text-sm text-slate-700">{describedBy(v)}</p>}
          <p className="text-xs text-slate-600">{VEHICLE_TYPES[v.vehicle_type].label}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {!v.is_default && (
          <Button variant="secondary" disabled={busy} onClick={onMakeDefault} aria-label={`Make ${v.plate} the default`}>
            <Star aria-hidden="true" className="size-4" /> Make default
          </Button>
        )}
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${v.plate}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Button>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={(e) => onDelete(e.currentTarget)} aria-label={`Delete ${v.plate}`}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </li>
  );
}

/** /saved_vehicle: the driver's vehicles: add, edit, delete (after a confirmation) and choose the default. */
export default function SavedVehiclesPage() {
  const vehicles = useVehicles();
  const add = useAddVehicle();
  const update = useUpdateVehicle();
  const remove = useDeleteVehicle();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const { toDelete, setToDelete, askDelete, note, noteRef, actionError, announce, run } = useListActions<Vehicle>();
  const list = vehicles.data ?? [];

  const done = (text: string) => {
    setEditing(null);
    announce(text);
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    const ok = await run(async () => {
      await remove.mutateAsync(toDelete.id);
      return `${toDelete.plate} was deleted.`;
    });
    if (ok) setEditing(null);
    setToDelete(null);
  };
  const makeDefault = async (v: Vehicle) => {
    const ok = await run(async () => {
      await update.mutateAsync({ id: v.id, input: { is_default: true } });
      return `${v.plate} is now your default vehicle.`;
    });
    if (ok) setEditing(null);
  };

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Saved vehicles" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Saved vehicles</h1>
            <p className="mt-1 text-slate-600">Keep your vehicles here and pick one in a tap when you book. Hosts see the plate of the vehicle you book with.</p>
          </div>
          {list.length > 0 && editing !== 'new' && list.length < VEHICLES_MAX && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" /> Add a vehicle
            </Button>
          )}
        </div>
        <ListNotice note={note} noteRef={noteRef} error={actionError} />
        <div className="mt-6 space-y-4">
          {editing === 'new' && (
            <section aria-labelledby="add-vehicle-heading" className={panel}>
              <h2 id="add-vehicle-heading" className="mb-4 text-lg font-semibold text-slate-900">
                Add a vehicle
              </h2>
              <VehicleForm
                vehicle={null}
                askDefault={list.length > 0}
                onCancel={() => setEditing(null)}
                onSave={async (values) => {
                  const v = await add.mutateAsync(values);
                  done(`${v.plate} was added.`);
                }}
              />
            </section>
          )}
          {vehicles.isPending ? (
            <Spinner label="Loading your vehicles" />
          ) : vehicles.isError ? (
            <div className="space-y-3">
              <FormAlert message={`We could not load your vehicles. ${vehicles.error.message}`} />
              <Button variant="secondary" onClick={() => void vehicles.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.length === 0 && editing !== 'new' ? (
            <div className="rounded-2xl border border-dashed border-brand-200 bg-gradient-to-br from-brand-50 to-white px-6 py-12 text-center">
              <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
                <CarFront className="size-7" />
              </span>
              <h2 className="mt-4 text-xl font-semibold text-slate-900">No vehicles yet</h2>
              <p className="mx-auto mt-2 max-w-md text-slate-600">Add your car, bike, van or boat once, and booking a space takes a tap. The first one you add becomes your default.</p>
              <Button className="mt-6" onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" /> Add a vehicle
              </Button>
            </div>
          ) : (
            list.length > 0 && (
              <ul aria-label="Your vehicles" className="space-y-3">
                {list.map((v) =>
                  editing === v.id ? (
                    <li key={v.id} className={panel}>
                      <h2 className="mb-4 text-lg font-semibold text-slate-900">Edit {v.plate}</h2>
                      <VehicleForm
                        vehicle={v}
                        askDefault={!v.is_default}
                        onCancel={() => setEditing(null)}
                        onSave={async (values) => {
                          const saved = await update.mutateAsync({ id: v.id, input: values });
                          done(`${saved.plate} was saved.`);
                        }}
                      />
                    </li>
                  ) : (
                    <VehicleRow
                      key={v.id}
                      vehicle={v}
                      busy={update.isPending}
                      onEdit={() => setEditing(v.id)}
                      onMakeDefault={() => void makeDefault(v)}
                      onDelete={(button) => {
                        askDelete(v, button);
                      }}
                    />
                  ),
                )}
              </ul>
            )
          )}
          {list.length >= VEHICLES_MAX && <p className="text-sm text-slate-600">You can keep up to {VEHICLES_MAX} vehicles. Delete one to add another.</p>}
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this vehicle?"
        description={toDelete ? `${toDelete.plate} (${vehicleName(toDelete)}) will be removed from your saved vehicles. Bookings already made with it are not changed.` : undefined}
        confirmLabel="Delete"
        busyLabel="Please wait..."
        busy={remove.isPending}
        danger
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
