import { VEHICLES_MAX, type Vehicle } from '@parkly/shared/vehicles';
import type { z } from 'zod';
import type { vehicleInputSchema, vehicleUpdateSchema } from '@parkly/shared/vehicles';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import * as repo from './vehicles.repository';

type NewVehicle = z.output<typeof vehicleInputSchema>;
type VehicleChanges = z.output<typeof vehicleUpdateSchema>;

const vehicleNotFound = () => new AppError('NOT_FOUND', 'Vehicle not found');
const PLATE_TAKEN = 'You have already saved a vehicle with this number plate';

export function toVehicle(row: repo.VehicleRow): Vehicle {
  return {
    id: row.id,
    vehicle_type: row.vehicle_type as Vehicle['vehicle_type'],
    make: row.make,
    model: row.model,
    color: row.color,
    plate: row.plate,
    is_default: row.is_default,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listVehicles(db: Queryable, userId: string) {
  return (await repo.findVehicles(db, userId)).map(toVehicle);
}

/** One of the user's vehicles; someone else's id answers like an unknown one. */
export async function ownVehicle(db: Queryable, userId: string, id: string) {
  const row = isUuid(id) ? await repo.findVehicle(db, userId, id) : undefined;
  if (!row) throw vehicleNotFound();
  return row;
}

export async function addVehicle(db: Database, userId: string, input: NewVehicle) {
  return db.transaction(async (tx) => {
    const count = await repo.countVehicles(tx, userId);
    if (count >= VEHICLES_MAX) throw new AppError('CONFLICT', `You can keep at most ${VEHICLES_MAX} vehicles. Remove one first.`);
    if (await repo.plateTaken(tx, userId, input.plate)) throw new AppError('CONFLICT', PLATE_TAKEN, { errors: { plate: PLATE_TAKEN } });
    const isDefault = input.is_default === true || count === 0;
    if (isDefault) await repo.clearDefault(tx, userId);
    return toVehicle(await repo.insertVehicle(tx, userId, input, isDefault));
  });
}

export async function changeVehicle(db: Database, userId: string, id: string, changes: VehicleChanges) {
  return db.transaction(async (tx) => {
    const current = await ownVehicle(tx, userId, id);
    if (changes.plate && changes.plate !== current.plate && (await repo.plateTaken(tx, userId, changes.plate, id))) {
      throw new AppError('CONFLICT', PLATE_TAKEN, { errors: { plate: PLATE_TAKEN } });
    }
    // a default is changed by choosing another one, never by unsetting it
    const makeDefault = changes.is_default === true && !current.is_default;
    if (makeDefault) await repo.clearDefault(tx, userId);
    await repo.updateVehicle(tx, id, changes, makeDefault ? true : undefined);
    return toVehicle((await repo.findVehicle(tx, userId, id))!);
  });
}

export async function removeVehicle(db: Database, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await repo.softDeleteVehicle(tx, userId, await ownVehicle(tx, userId, id));
    return { id, deleted: true as const };
  });
}
