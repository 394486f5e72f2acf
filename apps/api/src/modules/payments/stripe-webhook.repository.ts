import { one, type Queryable } from '../../db/database';
import type { LedgerKind } from './ledger.repository';

/** Records a Stripe event id; false when it was recorded before (the event was already applied). */
export async function recordEvent(db: Queryable, id: string, type: string) {
  const rows = await db.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [id, type]);
  return rows.length > 0;
}

/**
 * The booking a payment is for, locked: webhooks and the pay flow about one booking take turns, so
 * the ledger sums a webhook reads stay true until it commits.
 */
export function lockBooking(db: Queryable, bookingId: string) {
  return one<{ id: string; status: string; payment_status: string; payment_attempt: number; currency: string }>(
    db,
    `SELECT id, status, payment_status, payment_attempt, currency FROM bookings WHERE id = $1 FOR UPDATE`,
    [bookingId],
  );
}

/** The charge or authorisation line of a payment intent, whatever its status. */
export function findIntentLine(db: Queryable, ref: string) {
  return one<{ booking_id: string; kind: 'charge' | 'authorisation'; status: string; amount: number; currency: string; idempotency_key: string }>(
    db,
    `SELECT booking_id, kind, status, amount, currency, idempotency_key FROM payments
      WHERE provider_ref = $1 AND kind IN ('charge', 'authorisation') ORDER BY created_at LIMIT 1`,
    [ref],
  );
}

/** Marks a line succeeded that the provider says succeeded (never the other way); answers whether it changed. */
export async function upgradeToSucceeded(db: Queryable, idempotencyKey: string, ref: string) {
  const rows = await db.query(
    `UPDATE payments SET status = 'succeeded', provider_ref = $2, failure_code = NULL, settled_at = now()
      WHERE idempotency_key = $1 AND status <> 'succeeded' RETURNING id`,
    [idempotencyKey, ref],
  );
  return rows.length > 0;
}

/** Settles the pending lines of a kind for a payment intent (Stripe has done them); answers how many. */
export async function settleByRef(db: Queryable, ref: string, kind: LedgerKind) {
  const rows = await db.query(
    `UPDATE payments SET status = 'succeeded', settled_at = now(), failure_code = NULL
      WHERE provider_ref = $1 AND kind = $2 AND status = 'pending' RETURNING id`,
    [ref, kind],
  );
  return rows.length;
}

/** Fails the pending lines of a kind for a payment intent (Stripe will never do them); answers their bookings. */
export async function failPendingByRef(db: Queryable, ref: string, kind: LedgerKind, code: string) {
  const rows = await db.query<{ booking_id: string }>(
    `UPDATE payments SET status = 'failed', settled_at = now(), failure_code = $3
      WHERE provider_ref = $1 AND kind = $2 AND status = 'pending' RETURNING booking_id`,
    [ref, kind, code.slice(0, 200)],
  );
  return rows.map((r) => r.booking_id);
}
