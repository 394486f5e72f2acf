import type { Queryable } from '../../db/database';

export interface NewSession {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(db: Queryable, s: NewSession) {
  await db.query(`INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5)`, [
    s.userId,
    s.tokenHash,
    s.expiresAt.toISOString(),
    s.userAgent,
    s.ip,
  ]);
}

/**
 * What keeps a session (alias `s`) of a user (alias `u`) live, apart from idle time: not revoked, not
 * expired, the account neither deleted nor suspended. The realtime tickets and sockets check it too.
 */
export const LIVE_SESSION = `s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL AND u.suspended_at IS NULL`;

/** Ends one session; true when it was live until now (false when something else ended it first). */
export async function revokeSession(db: Queryable, sessionId: string): Promise<boolean> {
  const rows = await db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [sessionId]);
  return rows.length > 0;
}

/** Ends every live session of the user except `keepSessionId` (the one making the request), or all of them: the ids it ended. */
export async function revokeUserSessions(db: Queryable, userId: string, keepSessionId: string | null = null): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
      RETURNING id`,
    [userId, keepSessionId],
  );
  return rows.map((r) => r.id);
}

export function findLiveSession(db: Queryable, tokenHash: string, idleMs: number) {
  return db
    .query<{ session_id: string; user_id: string; role: 'user' | 'admin'; gate_host_id: string | null; last_seen_at: Date }>(
      `SELECT s.id AS session_id, u.id AS user_id, u.role, u.gate_host_id, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND ${LIVE_SESSION} AND s.last_seen_at > now() - ($2::bigint * interval '1 millisecond')`,
      [tokenHash, idleMs],
    )
    .then((rows) => rows[0]);
}

export async function touchSession(db: Queryable, sessionId: string) {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [sessionId]);
}
