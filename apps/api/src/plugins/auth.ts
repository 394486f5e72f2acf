import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@parkly/shared/constants';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export interface AuthUser {
  id: string;
  sessionId: string;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 'Unauthenticated User' without a live session. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: 403 unless the session belongs to an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: reads the session when there is one, never fails. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
}

/** A session ends after this long without use, and after ABSOLUTE whatever happens. */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{20,200})$/i.exec(header);
  return match?.[1] ?? null;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearer(request);
    if (!token) return null;
    const rows = await app.db.query<{ session_id: string; user_id: string; role: 'user' | 'admin'; last_seen_at: Date }>(
      `SELECT s.id AS session_id, u.id AS user_id, u.role, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND u.deleted_at IS NULL
          AND s.expires_at > now() AND s.last_seen_at > now() - ($2::bigint * interval '1 millisecond')`,
      [hashToken(token), SESSION_IDLE_MS],
    );
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
      await app.db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [row.session_id]);
    }
    return { id: row.user_id, sessionId: row.session_id, role: row.role };
  }

  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    request.user = await resolve(request);
  });
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthenticated();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthenticated();
    if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can do this');
  });
}

/** The authenticated user of a request behind requireAuth. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
