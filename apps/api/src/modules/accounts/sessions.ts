import type { Queryable } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';
import { SESSION_ABSOLUTE_MS } from '../../plugins/auth';
import { insertSession } from './sessions.repository';

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
