import type { Queryable } from '../../db/database';

/**
 * Records the ids of a Razorpay event (its X-Razorpay-Event-Id and its body's hash); false when
 * either was recorded before: the event was already applied.
 */
export async function recordRazorpayEvent(db: Queryable, ids: string[], type: string) {
  const unique = [...new Set(ids)];
  const rows = await db.query(
    `INSERT INTO razorpay_events (id, type) SELECT unnest($1::text[]), $2 ON CONFLICT (id) DO NOTHING RETURNING id`,
    [unique, type],
  );
  return rows.length === unique.length;
}
