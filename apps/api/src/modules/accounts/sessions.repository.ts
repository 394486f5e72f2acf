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

export async function revokeSession(db: Queryable, sessionId: string) {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
}

/** Ends every live session of the user except `keepSessionId` (the one making the request), or all of them. */
export async function revokeUserSessions(db: Queryable, userId: string, keepSessionId: string | null = null) {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, keepSessionId],
  );
}

export function findLiveSession(db: Queryable, tokenHash: string, idleMs: number) {
  return db
    .query<{ session_id: string; user_id: string; role: 'user' | 'admin'; last_seen_at: Date }>(
      `SELECT s.id AS session_id, u.id AS user_id, u.role, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND u.deleted_at IS NULL AND u.suspended_at IS NULL
          AND s.expires_at > now() AND s.last_seen_at > now() - ($2::bigint * interval '1 millisecond')`,
      [tokenHash, idleMs],
    )
    .then((rows) => rows[0]);
}

export async function touchSession(db: Queryable, sessionId: string) {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [sessionId]);
}
