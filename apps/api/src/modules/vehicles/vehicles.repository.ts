import { one, type Queryable } from '../../db/database';

export interface VehicleRow {
  id: string;
  vehicle_type: string;
  make: string | null;
  model: string | null;
  color: string | null;
  plate: string;
  is_default: boolean;
  created_at: Date;
}

const COLUMNS = 'id, vehicle_type, make, model, color, plate, is_default, created_at';
const WRITABLE = ['vehicle_type', 'make', 'model', 'color', 'plate'] as const;
export type VehicleFields = Partial<Record<(typeof WRITABLE)[number], string | null>>;

export function findVehicles(db: Queryable, userId: string) {
  return db.query<VehicleRow>(`SELECT ${COLUMNS} FROM vehicles WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at`, [userId]);
}

export function findVehicle(db: Queryable, userId: string, id: string) {
  return one<VehicleRow>(db, `SELECT ${COLUMNS} FROM vehicles WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, [id, userId]);
}

export async function countVehicles(db: Queryable, userId: string) {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM vehicles WHERE user_id = $1 AND deleted_at IS NULL`, [userId]))?.n ?? 0;
}

export async function plateTaken(db: Queryable, userId: string, plate: string, exceptId?: string) {
  const rows = await db.query(`SELECT 1 FROM vehicles WHERE user_id = $1 AND plate = $2 AND deleted_at IS NULL AND id IS DISTINCT FROM $3::uuid`, [
    userId,
    plate,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

export async function clearDefault(db: Queryable, userId: string) {
  await db.query(`UPDATE vehicles SET is_default = false WHERE user_id = $1 AND is_default AND deleted_at IS NULL`, [userId]);
}

export async function insertVehicle(db: Queryable, userId: string, fields: VehicleFields, isDefault: boolean) {
  const rows = await db.query<VehicleRow>(
    `INSERT INTO vehicles (user_id, vehicle_type, make, model, color, plate, is_default) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [userId, fields.vehicle_type, fields.make ?? null, fields.model ?? null, fields.color ?? null, fields.plate, isDefault],
  );
  return rows[0]!;
}

export async function updateVehicle(db: Queryable, id: string, fields: VehicleFields, isDefault?: boolean) {
  const entries = Object.entries(fields).filter(([k, v]) => (WRITABLE as readonly string[]).includes(k) && v !== undefined);
  if (isDefault !== undefined) entries.push(['is_default', isDefault as unknown as string]);
  if (!entries.length) return;
  await db.query(`UPDATE vehicles SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
}

export async function softDeleteVehicle(db: Queryable, userId: string, v: Pick<VehicleRow, 'id' | 'is_default'>) {
  await db.query(`UPDATE vehicles SET deleted_at = now(), is_default = false WHERE id = $1 AND user_id = $2`, [v.id, userId]);
  if (!v.is_default) return;
  await db.query(
    `UPDATE vehicles SET is_default = true WHERE id = (SELECT id FROM vehicles WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
    [userId],
  );
}
