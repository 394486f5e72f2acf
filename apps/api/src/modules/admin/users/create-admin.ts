/**
 * `npm run create-admin`: the first real administrator, made on the server's own database by
 * someone who can run commands there (no admin exists yet to do it in the console). The password
 * follows sign-up's rules, and the public demo password is refused. An existing account is promoted
 * and given the new password; its sessions end, since whoever held them may not be the person now
 * taking the account over. Written to the audit log with no actor, like other actions nobody in the
 * console took.
 */
import { emailSchema, nameSchema, passwordSchema } from '@parkly/shared/accounts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { hashPassword, isCommonPassword } from '../../../lib/passwords';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { findCredentialsByEmail, insertAuditEntry, insertUser, updatePasswordHash } from '../../accounts/accounts.repository';
import { COMMON_PASSWORD } from '../../accounts/accounts.service';
import { revokeUserSessions } from '../../accounts/sessions.repository';
import { findUser, setRole } from './admin-users.repository';

export interface CreateAdminInput {
  email?: string;
  password?: string;
  name?: string;
}

/** created: a new account; promoted: an existing user made an admin; updated: an admin given a new password. */
export interface CreateAdminResult {
  outcome: 'created' | 'promoted' | 'updated';
  id: string;
  email: string;
}

const field = (name: string, message: string) => new AppError('VALIDATION', message, { errors: { [name]: message } });

/** The input as createAdmin takes it, or a VALIDATION AppError naming the field (the command checks before it opens the database). */
export function checkAdminInput(input: CreateAdminInput) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw field('email', email.error.issues[0]!.message);
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) throw field('password', password.error.issues[0]!.message);
  if (isCommonPassword(password.data) || password.data.toLowerCase() === DEMO_PASSWORD) throw field('password', COMMON_PASSWORD);
  const name = nameSchema.safeParse(input.name ?? 'Administrator');
  if (!name.success) throw field('name', name.error.issues[0]!.message);
  return { email: email.data, password: password.data, name: name.data };
}

export async function createAdmin(db: Database, input: CreateAdminInput): Promise<CreateAdminResult> {
  const { email, password, name } = checkAdminInput(input);
  // hashed before the transaction: on PGlite a transaction holds the only connection while it runs
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const existing = await findCredentialsByEmail(tx, email);
    if (existing?.suspended) {
      throw new AppError('CONFLICT', `${email} is suspended. Reinstate it in the admin console (/admin/users) first, or choose another e-mail address.`);
    }
    let result: CreateAdminResult;
    let before: { role: string } | null = null;
    if (existing) {
      const row = (await findUser(tx, existing.id, { lock: true }))!;
      before = { role: row.role };
      await updatePasswordHash(tx, existing.id, passwordHash);
      await setRole(tx, existing.id, 'admin');
      await revokeUserSessions(tx, existing.id);
      result = { outcome: row.role === 'admin' ? 'updated' : 'promoted', id: existing.id, email };
    } else {
      const row = await insertUser(tx, { name, email, phone: null, passwordHash });
      // taken between the look-up and the insert: the address belongs to someone who just signed up
      if (!row) throw new AppError('EMAIL_TAKEN', `${email} was just taken by a new sign-up: run the command again to promote it.`);
      await setRole(tx, row.id, 'admin');
      result = { outcome: 'created', id: row.id, email };
    }
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'user.role',
      subjectType: 'user',
      subjectId: result.id,
      details: { before, after: { role: 'admin' }, via: 'npm run create-admin', password_replaced: existing !== undefined },
    });
    return result;
  });
}
