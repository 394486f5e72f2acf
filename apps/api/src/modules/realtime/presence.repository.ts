/**
 * Presence (migrations/155_chat_digest.sql): whether a user has held a realtime socket since a given
 * moment, across instances. The hub pushes `online_until` ahead for the users it holds sockets of, at
 * connect and at every heartbeat, and pulls it back to now when a user's last socket there closes.
 */
import type { Queryable } from '../../db/database';

/** These users hold a socket here: online for at least `leaseMs` more (never shortened by this). */
export async function markOnline(db: Queryable, userIds: string[], leaseMs: number) {
  if (userIds.length === 0) return;
  await db.query(
    `INSERT INTO realtime_presence (user_id, online_until)
     SELECT u, now() + $2::double precision * interval '1 millisecond' FROM unnest($1::uuid[]) AS u
     ON CONFLICT (user_id) DO UPDATE SET online_until = GREATEST(realtime_presence.online_until, EXCLUDED.online_until)`,
    [userIds, leaseMs],
  );
}

/**
 * The user's last socket here closed: online until now. A socket they hold on another instance pushes
 * it ahead again at that instance's next heartbeat.
 */
export async function markLeft(db: Queryable, userId: string) {
  await db.query(`UPDATE realtime_presence SET online_until = LEAST(online_until, now()) WHERE user_id = $1`, [userId]);
}
