import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';

/**
 * A user with a live session, written straight to the tables, for tests of modules that only need
 * someone signed in (it does not depend on the sign-up call).
 */
export async function createTestUser(db: Queryable, over: { name?: string; email?: string; role?: 'user' | 'admin'; host?: boolean } = {}) {
  const email = over.email ?? `test-${randomBytes(5).toString('hex')}@example.com`;
  const [user] = await db.query<{ id: string }>(`INSERT INTO users (name, email, role, host_user) VALUES ($1, $2, $3, $4) RETURNING id`, [
    over.name ?? 'Test User',
    email,
    over.role ?? 'user',
    over.host ?? false,
  ]);
  const token = newToken();
  await db.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [user!.id, hashToken(token)]);
  return { id: user!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}
