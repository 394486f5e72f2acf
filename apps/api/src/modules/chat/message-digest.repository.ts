/**
 * The SQL of the new-message digest (message-digest.service.ts). A message "waits" for a user when the
 * other party wrote it, it is above the user's read mark and digest mark in its room, and the user was
 * offline when it arrived and has not been online since (realtime_presence.online_until before it).
 */
import type { Queryable } from '../../db/database';

/** The user's ($1) read and digest marks in room `r`, whichever is higher. */
const markSql = `CASE WHEN r.guest_id = $1 THEN GREATEST(r.guest_last_read_id, r.guest_digest_id) ELSE GREATEST(r.host_last_read_id, r.host_digest_id) END`;
/** Message `m` arrived while the user was away, and they have not been online since. */
const missedSql = `(o.online_until IS NULL OR o.online_until < m.created_at)`;
/** Message `m` has waited at least $2 milliseconds. */
const waitedSql = `m.created_at <= now() - $2::double precision * interval '1 millisecond'`;

/**
 * Users with a message that has waited `delayMs` (the oldest first, at most `limit`). The two sides of a
 * room are read by the partial indexes of migration 155, so rooms with nothing pending cost nothing.
 */
export async function findDigestDue(db: Queryable, delayMs: number, limit: number) {
  const rows = await db.query<{ user_id: string }>(
    `WITH pending AS (
       SELECT guest_id AS user_id, id AS room_id, GREATEST(guest_last_read_id, guest_digest_id) AS mark
         FROM chat_rooms WHERE last_message_id > GREATEST(guest_last_read_id, guest_digest_id)
       UNION ALL
       SELECT host_id, id, GREATEST(host_last_read_id, host_digest_id)
         FROM chat_rooms WHERE last_message_id > GREATEST(host_last_read_id, host_digest_id)
     )
     SELECT p.user_id FROM pending p
       LEFT JOIN realtime_presence o ON o.user_id = p.user_id
       JOIN LATERAL (
         SELECT min(m.created_at) AS first_at FROM chat_messages m
          WHERE m.room_id = p.room_id AND m.id > p.mark AND m.sender_id <> p.user_id AND ${missedSql}
       ) w ON w.first_at <= now() - $1::double precision * interval '1 millisecond'
      GROUP BY p.user_id
      ORDER BY min(w.first_at)
      LIMIT $2`,
    [delayMs, limit],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Locks the user's rooms with something pending, so two instances running the job at once take turns:
 * the second reads the marks the first moved (in a statement of its own, with a fresh snapshot).
 */
export async function lockDigestRooms(tx: Queryable, userId: string) {
  await tx.query(
    `SELECT id FROM chat_rooms
      WHERE (guest_id = $1 AND last_message_id > GREATEST(guest_last_read_id, guest_digest_id))
         OR (host_id = $1 AND last_message_id > GREATEST(host_last_read_id, host_digest_id))
      ORDER BY id FOR UPDATE`,
    [userId],
  );
}

export interface DigestRoomRow {
  room_id: string;
  listing_title: string | null;
  /** the other party's full name (the service shows the first) */
  other_name: string;
  /** the messages waiting in the room */
  unread: number;
  last_id: string;
  last_text: string;
  /** whether one of them has waited the delay */
  due: boolean;
}

/** The user's rooms with messages waiting, the newest first. */
export function digestRooms(tx: Queryable, userId: string, delayMs: number) {
  return tx.query<DigestRoomRow>(
    `SELECT r.id AS room_id, l.title AS listing_title,
            (SELECT name FROM users WHERE id = CASE WHEN r.guest_id = $1 THEN r.host_id ELSE r.guest_id END) AS other_name,
            w.unread, w.last_id::text, lm.text AS last_text, w.due
       FROM chat_rooms r
       JOIN listings l ON l.id = r.listing_id
       LEFT JOIN realtime_presence o ON o.user_id = $1
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS unread, max(m.id) AS last_id, COALESCE(bool_or(${waitedSql}), false) AS due
           FROM chat_messages m
          WHERE m.room_id = r.id AND m.sender_id <> $1 AND m.id > ${markSql} AND ${missedSql}
       ) w
       JOIN chat_messages lm ON lm.id = w.last_id
      WHERE (r.guest_id = $1 OR r.host_id = $1) AND w.unread > 0
      ORDER BY w.last_id DESC`,
    [userId, delayMs],
  );
}

/** Moves the user's digest marks up to the messages a digest covered (never back). */
export async function markDigested(tx: Queryable, userId: string, rooms: { roomId: string; upTo: string }[]) {
  if (rooms.length === 0) return;
  await tx.query(
    `UPDATE chat_rooms r SET
        guest_digest_id = CASE WHEN r.guest_id = $1 THEN GREATEST(r.guest_digest_id, d.up_to) ELSE r.guest_digest_id END,
        host_digest_id = CASE WHEN r.host_id = $1 THEN GREATEST(r.host_digest_id, d.up_to) ELSE r.host_digest_id END
       FROM unnest($2::uuid[], $3::bigint[]) AS d (room_id, up_to)
      WHERE r.id = d.room_id`,
    [userId, rooms.map((r) => r.roomId), rooms.map((r) => r.upTo)],
  );
}
