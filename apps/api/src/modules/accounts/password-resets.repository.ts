import { one, type Queryable } from '../../db/database';

export async function insertPasswordReset(db: Queryable, r: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [
    r.userId,
    r.tokenHash,
    r.expiresAt.toISOString(),
  ]);
}

const USABLE = `r.used_at IS NULL AND r.expires_at > now() AND u.deleted_at IS NULL`;

export function findUsableReset(db: Queryable, tokenHash: string) {
  return one<{ user_id: string }>(
    db,
    `SELECT r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 AND ${USABLE}`,
    [tokenHash],
  );
}

/**
 * Marks the token used and returns its user in one statement, so two requests racing with the same
 * link cannot both succeed.
 */
export function consumeReset(db: Queryable, tokenHash: string) {
  return one<{ user_id: string; email: string }>(
    db,
    `UPDATE password_resets r SET used_at = now()
       FROM users u
      WHERE u.id = r.user_id AND r.token_hash = $1 AND ${USABLE}
      RETURNING r.user_id, u.email`,
    [tokenHash],
  );
}

/** Spends every other outstanding link of the user: once the password changed, old links must not work. */
export async function spendUserResets(db: Queryable, userId: string) {
  await db.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}
