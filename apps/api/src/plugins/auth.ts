import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@parkly/shared/constants';
import { AppError } from '../lib/app-error';
import { resolveSession, type SessionUser } from '../modules/accounts/sessions';

/** The signed-in user of a request: who holds its session. */
export type AuthUser = SessionUser;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a gate account may call this route (docs/decisions/034-gate-pass.md); every other route refuses it */
    gate?: boolean;
  }
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

export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
const gateOnly = () => new AppError('FORBIDDEN', 'A gate account can only check passes in and out at the gate');

/** Whether this route lets a gate account in: only those marked `config: { gate: true }`. */
const gateAllowed = (request: FastifyRequest) => request.routeOptions.config?.gate === true;

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
    return token ? resolveSession(app.db, token) : null;
  }

  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const user = await resolve(request);
    // on a public route a gate account is a visitor like any other
    request.user = user?.gateFor && !gateAllowed(request) ? null : user;
  });
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthenticated();
    if (request.user.gateFor && !gateAllowed(request)) throw gateOnly();
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
