import type { Queryable } from '../../db/database';
import { AppError, tooManyRequests } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { bumpCounter, clearCounter, peekCounter } from '../rate-limits/counters.service';
import { LOGIN_FAILURES, loginFailureKey } from './accounts.limits';
import { findCredentialsById } from './accounts.repository';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * Asks a signed-in person for their password again before a change a stolen token must not make
 * (where payouts go). A wrong password counts as a failed login of the account, on the same counter,
 * so a token cannot guess faster than the login form lets anyone, and the two together lock the
 * account for the rest of the window (a password reset lifts it). Call it outside a transaction: on
 * PGlite a transaction holds the only connection, and the hash takes a while.
 */
export async function confirmCurrentPassword(db: Queryable, userId: string, password: string, opts: { lockAccounts: boolean }) {
  const account = await findCredentialsById(db, userId);
  const failKey = account ? loginFailureKey(account.email) : null;
  if (opts.lockAccounts && failKey) {
    const failures = await peekCounter(db, failKey);
    if (failures.count >= LOGIN_FAILURES.max) {
      throw tooManyRequests(failures.ttlMs, 'Too many wrong passwords for this account. Please wait a little and try again, or reset your password.');
    }
  }
  if (!(await verifyPassword(account?.password_hash ?? null, password))) {
    if (opts.lockAccounts && failKey) await bumpCounter(db, failKey, LOGIN_FAILURES.windowMs);
    throw new AppError('VALIDATION', WRONG_CURRENT_PASSWORD, { errors: { current_password: WRONG_CURRENT_PASSWORD } });
  }
  if (opts.lockAccounts && failKey) await clearCounter(db, failKey);
}
