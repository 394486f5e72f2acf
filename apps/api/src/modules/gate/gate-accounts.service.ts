/**
 * Gate accounts (docs/decisions/034-gate-pass.md): a host makes a login for the guard at their entrance, with
 * a name, an e-mail and a password the host hands over. It can open /gate and check the host's passes in and
 * out, nothing else (plugins/auth.ts refuses it every route not marked `gate`); the host removes it at will.
 */
import type { GateAccount } from '@parkly/shared/gate-pass';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { COMMON_PASSWORD } from '../accounts/accounts.service';
import { sessionsEnded } from '../accounts/sessions';
import { assertHost } from '../host-bookings/host-bookings.service';
import { insertGateAccount, listGateAccounts, removeGateAccount } from './gate.repository';

/** At most this many gate accounts per host: enough for every entrance, few enough to keep track of. */
export const GATE_ACCOUNTS_MAX = 20;

const toAccount = (r: { id: string; name: string; email: string; created_at: Date }): GateAccount => ({
  id: r.id,
  name: r.name,
  email: r.email,
  created_at: new Date(r.created_at).toISOString(),
});

export async function gateAccounts(db: Database, user: AuthUser) {
  await assertHost(db, user);
  return (await listGateAccounts(db, user.id)).map(toAccount);
}

export async function addGateAccount(db: Database, user: AuthUser, input: { name: string; email: string; password: string }): Promise<GateAccount> {
  await assertHost(db, user);
  if (isCommonPassword(input.password)) throw new AppError('VALIDATION', COMMON_PASSWORD, { errors: { password: COMMON_PASSWORD } });
  // hashed before the transaction: on PGlite a transaction holds the only connection while it runs
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if ((await listGateAccounts(tx, user.id)).length >= GATE_ACCOUNTS_MAX) {
      throw new AppError('CONFLICT', `You have ${GATE_ACCOUNTS_MAX} gate accounts already. Remove one you no longer use first.`);
    }
    const row = await insertGateAccount(tx, user.id, { name: input.name, email: input.email, passwordHash });
    if (!row) {
      const message = 'An account with this e-mail already exists. Use another address for the gate.';
      throw new AppError('EMAIL_TAKEN', message, { errors: { email: message } });
    }
    return toAccount(row);
  });
}

export async function deleteGateAccount(db: Database, user: AuthUser, id: string) {
  await assertHost(db, user);
  await db.transaction(async (tx) => {
    const ended = isUuid(id) ? await removeGateAccount(tx, user.id, id) : null;
    if (!ended) throw new AppError('NOT_FOUND', 'Gate account not found');
    // its open gate screens are signed out at once
    await sessionsEnded(tx, id, ended, 'account_deleted');
  });
  return { id, deleted: true as const };
}
