import type { SignedOutReason } from '@parkly/shared/realtime';
import type { Database, Queryable } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';
import { removeSessionDevices } from '../push/push.service';
import { publish } from '../realtime/publish';
import { findLiveSession, insertSession, revokeSession, touchSession } from './sessions.repository';

/** A session ends after this long without use, and after ABSOLUTE whatever happens. */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Who holds a live session: the user, the session and the role. */
export interface SessionUser {
  id: string;
  sessionId: string;
  role: 'user' | 'admin';
  /** a gate account's host (docs/decisions/034-gate-pass.md): such a session may use only the routes marked `gate` */
  gateFor?: string | null;
}

/** Where a session was opened from; recorded so a user (or support) can recognise it later. */
export interface ClientInfo {
  userAgent?: string | null;
  ip?: string | null;
}

/**
 * Opens a session and returns its token. Only the token's hash is stored, so a copy of the
 * sessions table cannot be used to sign in.
 */
export async function openSession(db: Queryable, userId: string, client: ClientInfo): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: client.userAgent?.slice(0, 400) ?? null,
    ip: client.ip?.slice(0, 64) ?? null,
  });
  return token;
}

/**
 * The live session of a bearer token (not revoked, not expired, used within the idle time, its user not
 * deleted nor suspended), noting its use at most every few minutes; null for anything else. Suspending
 * revokes the sessions too; checking the account here as well keeps a session out that a race let through.
 */
export async function resolveSession(db: Queryable, token: string): Promise<SessionUser | null> {
  const row = await findLiveSession(db, hashToken(token), SESSION_IDLE_MS);
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) await touchSession(db, row.session_id);
  return { id: row.user_id, sessionId: row.session_id, role: row.role, gateFor: row.gate_host_id };
}

/**
 * What else ends with sessions, in the transaction that ends them: the push subscriptions their
 * devices saved are removed, and a signed_out event naming them closes their realtime sockets on
 * whichever instance holds them once the transaction commits (modules/realtime). Other sessions of the
 * user, and sessions opened later, keep theirs.
 */
export async function sessionsEnded(tx: Queryable, userId: string, sessionIds: string[], reason: SignedOutReason) {
  if (sessionIds.length === 0) return;
  await removeSessionDevices(tx, sessionIds);
  await publish(tx, [userId], { type: 'signed_out', data: { reason, session_ids: sessionIds } });
}

/** GET logout: this session ends, with its sockets and this device's pushes. */
export async function logOut(db: Database, user: { id: string; sessionId: string }) {
  await db.transaction(async (tx) => {
    if (await revokeSession(tx, user.sessionId)) await sessionsEnded(tx, user.id, [user.sessionId], 'logged_out');
  });
}
