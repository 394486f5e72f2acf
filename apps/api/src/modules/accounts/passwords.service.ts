import { RESET_LINK_INVALID } from '@parkly/shared/accounts';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.service';
import { bumpCounter, clearCounter } from '../rate-limits/counters.service';
import { RESET_MAILS, RESET_TOKEN_TTL_MS } from './accounts.limits';
import * as users from './accounts.repository';
import { confirmCurrentPassword } from './current-password';
import { COMMON_PASSWORD } from './accounts.service';
import * as resets from './password-resets.repository';
import { removeUserDevices } from '../push/push.service';
import { sessionsEnded } from './sessions';
import { revokeUserSessions } from './sessions.repository';

export const RESET_REQUESTED = 'If an account exists for that e-mail, we have sent a link to reset the password.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with the new password.';
export const PASSWORD_CHANGED = 'Your password has been changed.';

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { errors: { [field]: message } });

/**
 * Changes the password and signs out every other device (their sockets close, their pushes stop); the
 * session making the change stays, with its socket and pushes.
 */
export async function changePassword(
  db: Database,
  user: { id: string; sessionId: string },
  input: { current_password: string; new_password: string },
  ip: string | null,
  opts: { lockAccounts: boolean },
) {
  // a wrong current password counts as a failed login of the account: a stolen token guesses no faster than the login form
  await confirmCurrentPassword(db, user.id, input.current_password, opts);
  if (input.new_password === input.current_password) throw invalid('new_password', 'Choose a password different from the current one.');
  if (isCommonPassword(input.new_password)) throw invalid('new_password', COMMON_PASSWORD);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await users.updatePasswordHash(tx, user.id, passwordHash);
    await sessionsEnded(tx, user.id, await revokeUserSessions(tx, user.id, user.sessionId), 'password_changed');
    await resets.spendUserResets(tx, user.id);
    await users.insertAuditEntry(tx, { actorId: user.id, action: 'account.password_changed', subjectType: 'user', subjectId: user.id, ip });
  });
  return PASSWORD_CHANGED;
}

/**
 * Answers the same whether or not the account exists. When it does, a single-use link valid for an
 * hour goes out through the outbox (only its hash is kept). A few mails per address per hour at most.
 */
export async function requestPasswordReset(db: Database, email: string, opts: { publicUrl: string; throttle: boolean }) {
  const account = await users.findIdByEmail(db, email);
  if (!account) return RESET_REQUESTED;
  if (opts.throttle) {
    const sent = await bumpCounter(db, `reset-mail:${email}`, RESET_MAILS.windowMs);
    if (sent.count > RESET_MAILS.max) return RESET_REQUESTED;
  }
  const token = newToken();
  const link = `${opts.publicUrl.replace(/\/$/, '')}/reset_password?token=${token}`;
  await db.transaction(async (tx) => {
    await resets.insertPasswordReset(tx, { userId: account.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
    await enqueueMail(tx, {
      to: email,
      subject: 'Reset your Parkly password',
      text: [
        'Someone (hopefully you) asked to reset the password of your Parkly account.',
        '',
        `Choose a new password here: ${link}`,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
  });
  return RESET_REQUESTED;
}

/**
 * Sets a new password from a reset link, spends the link (and any other), and signs out everywhere:
 * every socket closes and no device of the account gets pushes until it signs in again.
 */
export async function resetPassword(db: Database, input: { token: string; password: string }, ip: string | null) {
  const tokenHash = hashToken(input.token);
  // checked before the password so a weak password does not cost the user their link
  if (!(await resets.findUsableReset(db, tokenHash))) throw invalid('token', RESET_LINK_INVALID);
  if (isCommonPassword(input.password)) throw invalid('password', COMMON_PASSWORD);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const reset = await resets.consumeReset(tx, tokenHash);
    if (!reset) throw invalid('token', RESET_LINK_INVALID);
    await users.updatePasswordHash(tx, reset.user_id, passwordHash);
    await resets.spendUserResets(tx, reset.user_id);
    await sessionsEnded(tx, reset.user_id, await revokeUserSessions(tx, reset.user_id), 'password_reset');
    // every session ended, so every subscription goes, those saved before subscriptions named a session too
    await removeUserDevices(tx, reset.user_id);
    // whoever can read the mailbox owns the account: let them in even if a guesser had locked it
    await clearCounter(tx, `login-fail:${reset.email.toLowerCase()}`);
    await users.insertAuditEntry(tx, { actorId: reset.user_id, action: 'account.password_reset', subjectType: 'user', subjectId: reset.user_id, ip });
  });
  return PASSWORD_RESET_DONE;
}
