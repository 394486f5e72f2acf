import type { LocationInput, Profile } from '@parkly/shared/accounts';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { tooManyRequests } from '../../lib/app-error';
import { bumpCounter, clearCounter, peekCounter } from '../rate-limits/counters.service';
import { notify } from '../notifications/notify';
import { LOGIN_FAILURES, loginFailureKey } from './accounts.limits';
import * as users from './accounts.repository';
import { toProfile } from './profile';
import { openSession, type ClientInfo } from './sessions';

export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';
export const INVALID_CREDENTIALS = 'Incorrect e-mail or password.';
export const ACCOUNT_SUSPENDED = 'This account is suspended. Contact support.';

export interface AuthResult {
  token: string;
  result: Profile;
}

export async function loadProfile(db: Queryable, userId: string): Promise<Profile> {
  const row = await users.findProfile(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'This account no longer exists');
  return toProfile(row);
}

export async function signUp(
  db: Database,
  input: { name: string; email: string; password: string; phone?: string },
  client: ClientInfo,
): Promise<AuthResult> {
  if (isCommonPassword(input.password)) throw new AppError('VALIDATION', COMMON_PASSWORD, { errors: { password: COMMON_PASSWORD } });
  // hashed before the transaction: on PGlite a transaction holds the only connection while it runs
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const row = await users.insertUser(tx, { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash });
    if (!row) {
      const message = 'An account with this e-mail already exists. Log in instead.';
      throw new AppError('EMAIL_TAKEN', message, { errors: { email: message } });
    }
    await notify(tx, {
      userId: row.id,
      title: 'Welcome to Parkly!',
      description:
        'Find and book parking or vehicle storage near you in a few taps, or switch to host mode to list your own space and start earning.',
    });
    const token = await openSession(tx, row.id, client);
    return { token, result: toProfile(row) };
  });
}

/**
 * Checks e-mail and password. Failures are counted per e-mail address (known or not, so the lock
 * does not reveal which accounts exist); after LOGIN_FAILURES.max the account is locked for the
 * rest of the window whatever address the attempts come from.
 */
export async function logIn(
  db: Database,
  input: { email: string; password: string },
  client: ClientInfo,
  opts: { lockAccounts: boolean },
): Promise<AuthResult> {
  const failKey = loginFailureKey(input.email);
  if (opts.lockAccounts) {
    const failures = await peekCounter(db, failKey);
    if (failures.count >= LOGIN_FAILURES.max) {
      throw tooManyRequests(failures.ttlMs, 'Too many failed attempts for this account. Please wait a little and try again, or reset your password.');
    }
  }
  const account = await users.findCredentialsByEmail(db, input.email);
  const ok = await verifyPassword(account?.password_hash ?? null, input.password);
  if (!ok || !account) {
    if (opts.lockAccounts) await bumpCounter(db, failKey, LOGIN_FAILURES.windowMs);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (opts.lockAccounts) await clearCounter(db, failKey);
  // said only to someone who knows the password, so it does not reveal which accounts are suspended
  if (account.suspended) throw new AppError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED);
  const token = await openSession(db, account.id, client);
  return { token, result: await loadProfile(db, account.id) };
}

export async function updateProfile(db: Queryable, userId: string, input: { name?: string; phone?: string | null }) {
  if (input.name !== undefined || input.phone !== undefined) await users.updateNameAndPhone(db, userId, input);
  return loadProfile(db, userId);
}

export async function updateLocation(db: Queryable, userId: string, input: LocationInput) {
  await users.updateLocation(db, userId, { lat: input.lat, lng: input.lng, label: input.label?.trim() || null });
  return loadProfile(db, userId);
}

/** Idempotent: only the first call (guest to host) sends the notification. */
export async function becomeHost(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    if (await users.markHost(tx, userId)) {
      await notify(tx, {
        userId,
        title: 'You are now a host',
        description: 'Switch to host mode and add your first space from My Listing. Guests can book it as soon as you publish it.',
      });
    }
    return loadProfile(tx, userId);
  });
}
