import { one, type Queryable } from '../../db/database';

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

/**
 * The booking a Razorpay payment or order is for, and whether it was a charge (instant book) or an
 * authorisation (request to book), by the ledger (a pay line's reference is its order, then its payment).
 */
export function findRazorpayBooking(db: Queryable, refs: string[]) {
  return one<{ booking_id: string; kind: 'charge' | 'authorisation' }>(
    db,
    `SELECT booking_id, kind FROM payments WHERE provider = 'razorpay' AND provider_ref = ANY($1::text[]) AND kind IN ('charge', 'authorisation') ORDER BY created_at DESC LIMIT 1`,
    [refs],
  );
}

/** The pay line (charge or authorisation) with this reference that did not fail (a declined payment's line did). */
export function findRazorpayPayLine(db: Queryable, ref: string) {
  return one<{ id: string; booking_id: string; kind: 'charge' | 'authorisation'; status: string; amount: number; currency: string; idempotency_key: string }>(
    db,
    `SELECT id, booking_id, kind, status, amount, currency, idempotency_key FROM payments
      WHERE provider = 'razorpay' AND provider_ref = $1 AND kind IN ('charge', 'authorisation') AND status <> 'failed' ORDER BY created_at DESC LIMIT 1`,
    [ref],
  );
}

/** The refund lines of a payment, whatever their status. */
export function findRefundLines(db: Queryable, paymentId: string) {
  return db.query<{ id: string; status: string; idempotency_key: string }>(`SELECT id, status, idempotency_key FROM payments WHERE provider_ref = $1 AND kind = 'refund'`, [paymentId]);
}

/** A pending line the provider has done: succeeded (no change when it is not pending). */
export async function settleLine(db: Queryable, id: string) {
  await db.query(`UPDATE payments SET status = 'succeeded', settled_at = now(), failure_code = NULL WHERE id = $1 AND status = 'pending'`, [id]);
}

/**
 * A refund the provider failed after taking it: pending again (whether it was still pending or already marked
 * done), an attempt counted, tried again after `retryInMs` (the settling job; at most PAYMENT_SETTLE_RETRY's
 * attempts, then it is left for the console).
 */
export async function reopenRefund(db: Queryable, id: string, code: string, retryInMs: number) {
  await db.query(
    `UPDATE payments SET status = 'pending', settled_at = NULL, attempts = attempts + 1, failure_code = $2,
            next_attempt_at = now() + $3::int * interval '1 millisecond'
      WHERE id = $1 AND kind = 'refund' AND status <> 'failed'`,
    [id, code, Math.round(retryInMs)],
  );
}

/**
 * The renewal attempt (decision 042) a Razorpay payment or order belongs to, by its line (`<booking>:renew:…`):
 * the job's recurring charge or the driver's Checkout order.
 */
export async function findRenewalLineKey(db: Queryable, refs: string[]) {
  const row = await one<{ idempotency_key: string }>(
    db,
    `SELECT idempotency_key FROM payments WHERE provider = 'razorpay' AND provider_ref = ANY($1::text[]) AND kind = 'charge' AND idempotency_key LIKE '%:renew:%'
      ORDER BY created_at DESC LIMIT 1`,
    [refs],
  );
  return row?.idempotency_key ?? null;
}
