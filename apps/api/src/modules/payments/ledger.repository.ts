import type { PaymentProviderName } from '@parkly/shared/settings';
import { one, type Queryable } from '../../db/database';

export type LedgerKind = 'charge' | 'authorisation' | 'capture' | 'refund' | 'release';
export type LedgerStatus = 'pending' | 'succeeded' | 'failed';

export interface LedgerEntry {
  bookingId: string;
  kind: LedgerKind;
  provider: PaymentProviderName;
  amount: number;
  currency: string;
  status: LedgerStatus;
  idempotencyKey: string;
  providerRef?: string | null;
  failureCode?: string | null;
}

/** Records a ledger line once per idempotency key: answers false when the key was already recorded. */
export async function insertEntry(db: Queryable, e: LedgerEntry): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO payments (booking_id, kind, provider, amount, currency, status, idempotency_key, provider_ref, failure_code, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $6 = 'pending' THEN NULL ELSE now() END)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [e.bookingId, e.kind, e.provider, e.amount, e.currency, e.status, e.idempotencyKey, e.providerRef ?? null, e.failureCode ?? null],
  );
  return rows.length > 0;
}

/** The successful charge or authorisation of a booking: what refunds, captures and releases act on. */
export function findPaymentOf(db: Queryable, bookingId: string) {
  return one<{ kind: 'charge' | 'authorisation'; provider_ref: string; amount: number; provider: PaymentProviderName }>(
    db,
    `SELECT kind, provider_ref, amount, provider FROM payments
      WHERE booking_id = $1 AND kind IN ('charge', 'authorisation') AND status = 'succeeded'
      ORDER BY created_at DESC LIMIT 1`,
    [bookingId],
  );
}

/** The line recorded under an idempotency key (a pay attempt's `<booking>:pay:<n>`), if any. */
export function findLineByKey(db: Queryable, idempotencyKey: string) {
  return one<{ id: string; kind: LedgerKind; status: LedgerStatus; provider_ref: string | null; amount: number; provider: PaymentProviderName; currency: string }>(
    db,
    `SELECT id, kind, status, provider_ref, amount, provider, currency FROM payments WHERE idempotency_key = $1`,
    [idempotencyKey],
  );
}

/**
 * Closes the payments of a booking still waiting on the payer (3-D Secure): each is marked failed with
 * `code` and answered with its key and intent, for a release to be decided.
 */
export function failAwaitingLines(db: Queryable, bookingId: string, code: string) {
  return db.query<{ idempotency_key: string; provider_ref: string; currency: string }>(
    `UPDATE payments SET status = 'failed', failure_code = $2, settled_at = now()
      WHERE booking_id = $1 AND kind IN ('charge', 'authorisation') AND status = 'pending' AND provider_ref IS NOT NULL
      RETURNING idempotency_key, provider_ref, currency`,
    [bookingId, code],
  );
}

/** The lines of a kind for a payment reference that did not fail: how many, and their sum. */
export async function liveLines(db: Queryable, ref: string, kind: LedgerKind) {
  const row = await one<{ count: number; amount: number }>(
    db,
    `SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::int AS amount FROM payments WHERE provider_ref = $1 AND kind = $2 AND status <> 'failed'`,
    [ref, kind],
  );
  return row ?? { count: 0, amount: 0 };
}

export interface PendingEntry {
  id: string;
  booking_id: string;
  kind: 'capture' | 'refund' | 'release';
  amount: number;
  idempotency_key: string;
  provider_ref: string;
  attempts: number;
}

/**
 * Pending captures, refunds and releases that are due: of one booking (its own request settles it at once,
 * whenever a retry is due), or any whose next attempt has come. Not locked: two workers may both send one, and
 * the provider acts once on its idempotency key, so no transaction is held open across a provider call. A
 * refund or release still failing after `maxAttempts` is left for the console; a capture never gets there (it
 * fails for good first: payments.service settlePending).
 */
export function takePending(db: Queryable, limit: number, maxAttempts: number, bookingId?: string) {
  return db.query<PendingEntry>(
    `SELECT id, booking_id, kind, amount, idempotency_key, provider_ref, attempts FROM payments
      WHERE status = 'pending' AND kind IN ('capture', 'refund', 'release') AND attempts < $2
        ${bookingId ? 'AND booking_id = $3' : 'AND (next_attempt_at IS NULL OR next_attempt_at <= now())'}
      ORDER BY created_at LIMIT $1`,
    bookingId ? [limit, maxAttempts, bookingId] : [limit, maxAttempts],
  );
}

/** Marks a pending line done; answers false when it was not pending any more (the webhook, or another worker, was first). */
export async function markSettled(db: Queryable, id: string) {
  const rows = await db.query(`UPDATE payments SET status = 'succeeded', settled_at = now(), attempts = attempts + 1 WHERE id = $1 AND status = 'pending' RETURNING id`, [id]);
  return rows.length > 0;
}

/**
 * The provider took the line and is still carrying it out (a Razorpay refund in the bank's hands, an
 * authorisation Razorpay gives back when its window ends): no attempt is counted, the line stays pending
 * for the webhook to settle, and it is looked at again after `waitMs` (a webhook that never came).
 */
export async function deferLine(db: Queryable, id: string, waitMs: number) {
  await db.query(`UPDATE payments SET failure_code = NULL, next_attempt_at = now() + $2::int * interval '1 millisecond' WHERE id = $1 AND status = 'pending'`, [id, Math.round(waitMs)]);
}

/** A failed attempt: counted, its error kept, the next one due after `retryInMs`. */
export async function markAttempt(db: Queryable, id: string, error: string, retryInMs: number) {
  await db.query(`UPDATE payments SET attempts = attempts + 1, failure_code = $2, next_attempt_at = now() + $3::int * interval '1 millisecond' WHERE id = $1`, [
    id,
    error.slice(0, 200),
    Math.round(retryInMs),
  ]);
}

/** Marks a pending line failed for good; answers false when it was not pending any more. */
export async function markFailed(db: Queryable, id: string, code: string) {
  const rows = await db.query(`UPDATE payments SET status = 'failed', settled_at = now(), attempts = attempts + 1, failure_code = $2 WHERE id = $1 AND status = 'pending' RETURNING id`, [
    id,
    code.slice(0, 200),
  ]);
  return rows.length > 0;
}

/** A pending charge line that came to nothing (refused, or let go): failed with `code`; no change to any other line. */
export async function failPendingLine(db: Queryable, id: string, code: string) {
  await db.query(`UPDATE payments SET status = 'failed', failure_code = $2, settled_at = now() WHERE id = $1 AND status = 'pending'`, [id, code]);
}
