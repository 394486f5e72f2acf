import type { Queryable } from '../../db/database';
import { LIVE_SESSION } from '../accounts/sessions.repository';

/** The NOTIFY channel: its payload is the new event ids, comma-separated. */
export const REALTIME_CHANNEL = 'parkly_realtime';

/**
 * Inserts the rows of \`source\` (a SELECT of user_id, type, data, in the order to number them) and
 * raises one NOTIFY with their ids, in one statement. NOTIFY is transactional: it is heard when the
 * caller's transaction commits, never on rollback. Payloads stay far under NOTIFY's 8000 bytes, since
 * one change concerns a handful of users.
 */
const insertAndNotify = (source: string) => `
  WITH ins AS (INSERT INTO realtime_events (user_id, type, data) ${source} RETURNING id)
  SELECT pg_notify('${REALTIME_CHANNEL}', string_agg(id::text, ',' ORDER BY id)) FROM ins HAVING count(*) > 0`;

/** One event for each of these users. */
export async function insertEvents(tx: Queryable, userIds: string[], type: string, data: unknown) {
  await tx.query(insertAndNotify(`SELECT u, $2, $3::jsonb FROM unnest($1::uuid[]) AS u`), [userIds, type, JSON.stringify(data ?? null)]);
}

/**
 * For a statement that changes a booking's status (bookings.repository.ts updateBookingStatus): a CTE
 * \`booking_announced\` that stores the \`booking\` event for its guest and host from \`changed\` (a CTE
 * returning the booking's id, guest_id and listing_id), and the SELECT that announces it, so the
 * change and its events are one round trip.
 */
export const bookingEventsOf = (changed: string, statusParam: string) => ({
  cte: `booking_announced AS (
         INSERT INTO realtime_events (user_id, type, data)
         SELECT DISTINCT u.user_id, 'booking', jsonb_build_object('booking_id', c.id, 'status', ${statusParam}::text)
           FROM ${changed} c
           JOIN listings l ON l.id = c.listing_id
          CROSS JOIN LATERAL (VALUES (c.guest_id), (l.host_id)) AS u (user_id)
         RETURNING id)`,
  select: `SELECT pg_notify('${REALTIME_CHANNEL}', string_agg(id::text, ',' ORDER BY id)) FROM booking_announced HAVING count(*) > 0`,
});

/** A booking's new status, to its guest and its listing's host. */
export async function insertBookingEvents(tx: Queryable, bookingId: string, status: string) {
  await tx.query(
    insertAndNotify(`
      SELECT DISTINCT u.user_id, 'booking', jsonb_build_object('booking_id', b.id, 'status', $2::text)
        FROM bookings b
        JOIN listings l ON l.id = b.listing_id
        CROSS JOIN LATERAL (VALUES (b.guest_id), (l.host_id)) AS u (user_id)
       WHERE b.id = $1`),
    [bookingId, status],
  );
}

export interface EventRow {
  id: number;
  user_id: string;
  type: string;
  data: unknown;
  created_at: Date;
}

const COLUMNS = `id, user_id, type, data, created_at`;

export async function insertTicket(db: Queryable, ticketHash: string, session: SocketSession, ttlSeconds: number) {
  await db.query(
    `INSERT INTO realtime_tickets (ticket_hash, user_id, session_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [ticketHash, session.userId, session.sessionId, ttlSeconds],
  );
}

/** Whose socket it is: the user and the session the ticket was taken with. */
export interface SocketSession {
  userId: string;
  sessionId: string;
}

/**
 * Takes a ticket (deleting it, so it works once): its user and session while the ticket is fresh and
 * the session still live (not ended since, the account neither suspended nor deleted), else null.
 */
export async function takeTicket(db: Queryable, ticketHash: string): Promise<SocketSession | null> {
  const rows = await db.query<{ user_id: string; session_id: string; live: boolean }>(
    `WITH t AS (DELETE FROM realtime_tickets WHERE ticket_hash = $1 RETURNING user_id, session_id, expires_at)
     SELECT t.user_id, t.session_id, (t.expires_at > now() AND ${LIVE_SESSION}) AS live
       FROM t JOIN users u ON u.id = t.user_id JOIN sessions s ON s.id = t.session_id AND s.user_id = t.user_id`,
    [ticketHash],
  );
  const row = rows[0];
  return row?.live ? { userId: row.user_id, sessionId: row.session_id } : null;
}

/**
 * What a socket's hello needs, read once it is registered with the hub: the user's newest event id (0
 * when none) and whether its session is still live. A session that ended between the ticket and this
 * read would otherwise keep a socket whose signed_out went by before the hub knew it.
 */
export async function helloState(db: Queryable, session: SocketSession): Promise<{ lastId: number; live: boolean }> {
  const rows = await db.query<{ last_id: number | null; live: boolean }>(
    `SELECT (SELECT max(id) FROM realtime_events WHERE user_id = $1) AS last_id,
            EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $2 AND s.user_id = $1 AND ${LIVE_SESSION}) AS live`,
    [session.userId, session.sessionId],
  );
  return { lastId: Number(rows[0]?.last_id ?? 0), live: rows[0]?.live === true };
}

/** A user's events after an id, oldest first, a page at a time. */
export async function eventsAfter(db: Queryable, userId: string, afterId: number, limit: number) {
  return db.query<EventRow>(`SELECT ${COLUMNS} FROM realtime_events WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`, [userId, afterId, limit]);
}

/**
 * The announced events with these ids: only those of `userIds` (the users with a socket on this
 * instance) when the list is short, all of them otherwise. Sending thousands of user ids with every
 * read cost more than the rows it saved (bench/realtime: at 10k sockets a 10,000-uuid array per read
 * took 33-37 ms, against 1-4 ms by id alone), so a busy instance reads by id and the hub skips users
 * it does not hold.
 */
export async function eventsByIds(db: Queryable, ids: number[], userIds: string[]) {
  if (userIds.length > FILTER_USERS_IN_SQL_UP_TO) {
    return db.query<EventRow>(`SELECT ${COLUMNS} FROM realtime_events WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
  }
  return db.query<EventRow>(`SELECT ${COLUMNS} FROM realtime_events WHERE id = ANY($1::bigint[]) AND user_id = ANY($2::uuid[]) ORDER BY id`, [
    ids,
    userIds,
  ]);
}
const FILTER_USERS_IN_SQL_UP_TO = 200;

/** Drops events older than the catch-up window and expired tickets. */
export async function prune(db: Queryable, keepHours: number) {
  await db.query(`DELETE FROM realtime_events WHERE created_at < now() - make_interval(hours => $1)`, [keepHours]);
  await db.query(`DELETE FROM realtime_tickets WHERE expires_at < now() - interval '1 minute'`);
}
