import type { Queryable } from '../../db/database';

export interface SubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One row per endpoint. A browser that logs in as someone else keeps its endpoint, so the row moves
 * to the new user: pushes follow whoever is signed in on that device.
 */
export async function upsertSubscription(db: Queryable, userId: string, s: SubscriptionRow) {
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = now()`,
    [userId, s.endpoint, s.p256dh, s.auth],
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

export async function findSubscriptions(db: Queryable, userId: string) {
  return db.query<SubscriptionRow>(`SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1`, [userId]);
}

/** The subscriptions of several users at once (the pushes of one change). */
export async function findSubscriptionsOf(db: Queryable, userIds: string[]) {
  return db.query<SubscriptionRow & { user_id: string }>(`SELECT user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::uuid[])`, [userIds]);
}

export async function deleteSubscription(db: Queryable, endpoint: string) {
  await db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [endpoint]);
}
