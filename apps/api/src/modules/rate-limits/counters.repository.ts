import type { Queryable } from '../../db/database';

/** Counts one hit of `key` in a fixed window kept in the database; every instance sees the same count. */
export async function bumpCounter(db: Queryable, key: string, windowMs: number) {
  const rows = await db.query<{ count: number; reset_at: Date }>(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
     RETURNING count, reset_at`,
    [key, windowMs],
  );
  const row = rows[0]!;
  return { count: row.count, ttlMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
}

export async function peekCounter(db: Queryable, key: string) {
  const rows = await db.query<{ count: number; reset_at: Date }>(`SELECT count, reset_at FROM rate_limits WHERE key = $1 AND reset_at > now()`, [key]);
  const row = rows[0];
  return row ? { count: row.count, ttlMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) } : { count: 0, ttlMs: 0 };
}

export async function clearCounter(db: Queryable, key: string) {
  await db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
}
