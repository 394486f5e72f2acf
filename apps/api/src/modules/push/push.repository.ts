import type { PushKind } from '@parkly/shared/push';
import type { Queryable } from '../../db/database';

export interface SubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One row per endpoint, bound to the session that saved it. A browser that logs in as someone else
 * keeps its endpoint, so the row moves to the new user and session: pushes follow whoever is signed in
 * on that device.
 */
export async function upsertSubscription(db: Queryable, userId: string, sessionId: string | null, s: SubscriptionRow) {
  await db.query(
    `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = now()`,
    [userId, sessionId, s.endpoint, s.p256dh, s.auth],
  );
}

/** Keeps the user's `keep` most recently refreshed subscriptions and drops the rest. */
export async function trimSubscriptions(db: Queryable, userId: string, keep: number) {
  await db.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id LIMIT $2)`,
    [userId, keep],
  );
}

/** The subscriptions of several users at once (the pushes of one change), each with the kinds its user turned off. */
export async function findSubscriptionsOf(db: Queryable, userIds: string[]) {
  return db.query<SubscriptionRow & { user_id: string; muted: PushKind[] }>(
    `SELECT s.user_id, s.endpoint, s.p256dh, s.auth,
            ARRAY(SELECT p.kind FROM push_preferences p WHERE p.user_id = s.user_id AND NOT p.enabled) AS muted
       FROM push_subscriptions s WHERE s.user_id = ANY($1::uuid[])`,
    [userIds],
  );
}

/** The kinds the user has chosen for, on or off (a kind not listed was never touched, so it is on). */
export async function findPreferences(db: Queryable, userId: string) {
  return db.query<{ kind: PushKind; enabled: boolean }>(`SELECT kind, enabled FROM push_preferences WHERE user_id = $1`, [userId]);
}

export async function upsertPreferences(db: Queryable, userId: string, changes: { kind: PushKind; enabled: boolean }[]) {
  await db.query(
    `INSERT INTO push_preferences (user_id, kind, enabled)
     SELECT $1, c.kind, c.enabled FROM unnest($2::text[], $3::boolean[]) AS c (kind, enabled)
     ON CONFLICT (user_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [userId, changes.map((c) => c.kind), changes.map((c) => c.enabled)],
  );
}

export async function deleteSubscription(db: Queryable, endpoint: string) {
  await db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [endpoint]);
}

/** One of the user's own subscriptions (another user's endpoint is left alone). */
export async function deleteUserSubscription(db: Queryable, userId: string, endpoint: string) {
  await db.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint]);
}

export async function deleteSubscriptionsOfSessions(db: Queryable, sessionIds: string[]) {
  await db.query(`DELETE FROM push_subscriptions WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
}

export async function deleteSubscriptionsOfUser(db: Queryable, userId: string) {
  await db.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
}
