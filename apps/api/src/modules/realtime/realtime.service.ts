/**
 * Who may open the realtime socket. Browsers cannot put a bearer token on a WebSocket, so the app
 * first asks for a ticket with its token: random, single use, good for 30 seconds, bound to the user and
 * the session it was taken with, stored hashed (a copy of the table opens nothing). The socket belongs
 * to that session: it is refused if the session ended before it opened, and closed when it ends.
 *
 * Origin: a browser always sends one on a WebSocket, so it must be PUBLIC_URL's origin, one of
 * REALTIME_ORIGINS, or the origin of the host the request was sent to (same origin, e.g. through the
 * dev server's proxy). No Origin at all is a client outside a browser (an app, a script, a test): it is
 * let through, since the ticket, not anything ambient like a cookie, is what authenticates, and only
 * the holder of a session token can get one.
 */
import { REALTIME_TICKET_TTL_SECONDS } from '@parkly/shared/realtime';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { insertTicket, takeTicket, type SocketSession } from './realtime.repository';

export async function issueTicket(db: Queryable, session: SocketSession) {
  const ticket = newToken();
  await insertTicket(db, hashToken(ticket), session, REALTIME_TICKET_TTL_SECONDS);
  return { ticket };
}

/** The origins allowed to open the socket, from PUBLIC_URL and REALTIME_ORIGINS. */
export function allowedOrigins(config: { publicUrl: string; REALTIME_ORIGINS?: string }) {
  const list = [config.publicUrl, ...(config.REALTIME_ORIGINS?.split(',') ?? [])];
  return new Set(
    list
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
  );
}

export function originAllowed(allowed: Set<string>, origin: string | undefined, host: string | undefined) {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Checks the Origin, then takes the ticket (once): the user and session the socket is for, or an AppError. */
export async function admitSocket(db: Queryable, allowed: Set<string>, req: { origin?: string; host?: string; ticket?: string }): Promise<SocketSession> {
  if (!originAllowed(allowed, req.origin, req.host)) throw new AppError('FORBIDDEN', 'This origin may not open the realtime socket');
  const session = req.ticket ? await takeTicket(db, hashToken(req.ticket)) : null;
  if (!session) throw new AppError('UNAUTHENTICATED', 'The realtime ticket is missing, expired or already used, or its session has ended');
  return session;
}
