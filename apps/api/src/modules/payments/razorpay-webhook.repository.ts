import type { Queryable } from '../../db/database';

/** Records a Razorpay event id; false when it was recorded before (the event was already applied). */
export async function recordRazorpayEvent(db: Queryable, id: string, type: string) {
  const rows = await db.query(`INSERT INTO razorpay_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [id, type]);
  return rows.length > 0;
}
