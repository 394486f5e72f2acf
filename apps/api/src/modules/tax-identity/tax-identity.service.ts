/**
 * A host's or a driver's GSTIN and registered name. The route's schema (@parkly/shared/tax-identity)
 * has already checked the GSTIN's format, state code and check character; a host's is refused to an
 * account that is not a host, as the rest of host/*.
 */
import { gstStateName, type TaxIdentity, type TaxIdentityFields } from '@parkly/shared/tax-identity';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findHost } from '../earnings/payouts.repository';
import * as repo from './tax-identity.repository';

function toTaxIdentity(row: repo.TaxIdentityRow): TaxIdentity {
  const stateCode = row.gstin.slice(0, 2);
  return { gstin: row.gstin, legal_name: row.legal_name, state_code: stateCode, state_name: gstStateName(stateCode), updated_at: new Date(row.updated_at).toISOString() };
}

async function requireRole(db: Queryable, userId: string, role: repo.TaxRole) {
  if (role === 'host' && !(await findHost(db, userId))) throw new AppError('FORBIDDEN', 'Become a host to enter a GSTIN for your spaces');
}

export async function getTaxIdentity(db: Queryable, userId: string, role: repo.TaxRole): Promise<TaxIdentity | null> {
  await requireRole(db, userId, role);
  const row = await repo.findTaxIdentity(db, userId, role);
  return row ? toTaxIdentity(row) : null;
}

export async function saveTaxIdentity(db: Queryable, userId: string, role: repo.TaxRole, input: TaxIdentityFields): Promise<TaxIdentity> {
  await requireRole(db, userId, role);
  return toTaxIdentity(await repo.upsertTaxIdentity(db, userId, role, { gstin: input.gstin, legalName: input.legal_name }));
}

/** Documents issued from now on carry no GSTIN; those already issued keep theirs. */
export async function removeTaxIdentity(db: Queryable, userId: string, role: repo.TaxRole): Promise<null> {
  await requireRole(db, userId, role);
  await repo.deleteTaxIdentity(db, userId, role);
  return null;
}
