import type { PaymentProviderName } from '@parkly/shared/settings';
import { one, type Queryable } from '../../db/database';

export interface PaymentMethodRow {
  id: string;
  provider: PaymentProviderName;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date;
}

const COLUMNS = 'id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at';

export function findPaymentMethods(db: Queryable, userId: string) {
  return db.query<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at DESC`,
    [userId],
  );
}

export function findPaymentMethod(db: Queryable, userId: string, id: string) {
  return one<PaymentMethodRow>(db, `SELECT ${COLUMNS} FROM payment_methods WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, [id, userId]);
}

export async function countPaymentMethods(db: Queryable, userId: string) {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM payment_methods WHERE user_id = $1 AND deleted_at IS NULL`, [userId]))?.n ?? 0;
}

export async function insertPaymentMethod(
  db: Queryable,
  userId: string,
  m: { provider: string; ref: string; brand: string; last4: string; exp_month: number; exp_year: number; isDefault: boolean },
) {
  if (m.isDefault) await clearDefault(db, userId);
  const rows = await db.query<PaymentMethodRow>(
    `INSERT INTO payment_methods (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [userId, m.provider, m.ref, m.brand, m.last4, m.exp_month, m.exp_year, m.isDefault],
  );
  return rows[0]!;
}

async function clearDefault(db: Queryable, userId: string) {
  await db.query(`UPDATE payment_methods SET is_default = false WHERE user_id = $1 AND is_default AND deleted_at IS NULL`, [userId]);
}

export async function makeDefault(db: Queryable, userId: string, id: string) {
  await clearDefault(db, userId);
  await db.query(`UPDATE payment_methods SET is_default = true WHERE id = $1 AND user_id = $2`, [id, userId]);
}

/** Soft delete (bookings keep naming the card); when it was the default, the newest other card becomes the default. */
export async function softDelete(db: Queryable, userId: string, method: Pick<PaymentMethodRow, 'id' | 'is_default'>) {
  await db.query(`UPDATE payment_methods SET deleted_at = now(), is_default = false WHERE id = $1 AND user_id = $2`, [method.id, userId]);
  if (!method.is_default) return;
  await db.query(
    `UPDATE payment_methods SET is_default = true
      WHERE id = (SELECT id FROM payment_methods WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
    [userId],
  );
}

/** The user's saved card with a provider reference (the card a payment was made with), if they kept it. */
export function findPaymentMethodByRef(db: Queryable, userId: string, ref: string) {
  return one<PaymentMethodRow>(
    db,
    `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 AND provider_ref = $2 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [userId, ref],
  );
}
