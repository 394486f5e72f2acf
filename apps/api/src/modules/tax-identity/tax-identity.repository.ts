/**
 * SQL of tax_identities (migrations/290_tax_identities.sql): the GSTIN and registered name a host or a
 * driver entered. The invoice code reads them with findHostTaxIdentity and findDriverTaxIdentity.
 */
import { one, type Queryable } from '../../db/database';

export type TaxRole = 'host' | 'driver';

export interface TaxIdentityRow {
  gstin: string;
  legal_name: string;
  updated_at: Date;
}

const COLUMNS = 'gstin, legal_name, updated_at';

export function findTaxIdentity(db: Queryable, userId: string, role: TaxRole) {
  return one<TaxIdentityRow>(db, `SELECT ${COLUMNS} FROM tax_identities WHERE user_id = $1 AND role = $2`, [userId, role]);
}

/** The host's GSTIN and registered name, for the tax invoice Parkly issues on their behalf (none: a bill of supply). */
export const findHostTaxIdentity = (db: Queryable, hostId: string) => findTaxIdentity(db, hostId, 'host');

/** The driver's GSTIN and business name, printed as the recipient on their invoices (none: their own name only). */
export const findDriverTaxIdentity = (db: Queryable, guestId: string) => findTaxIdentity(db, guestId, 'driver');

export async function upsertTaxIdentity(db: Queryable, userId: string, role: TaxRole, v: { gstin: string; legalName: string }) {
  const row = await one<TaxIdentityRow>(
    db,
    `INSERT INTO tax_identities (user_id, role, gstin, legal_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, role) DO UPDATE SET gstin = EXCLUDED.gstin, legal_name = EXCLUDED.legal_name, updated_at = now()
     RETURNING ${COLUMNS}`,
    [userId, role, v.gstin, v.legalName],
  );
  return row!;
}

export async function deleteTaxIdentity(db: Queryable, userId: string, role: TaxRole) {
  await db.query(`DELETE FROM tax_identities WHERE user_id = $1 AND role = $2`, [userId, role]);
}
