import type { PushPayload } from '@parkly/shared/push';
import type { Queryable } from '../../db/database';

/** The channel the statement that writes pushes NOTIFYs at its commit: the sender of every instance hears it. */
export const PUSH_CHANNEL = 'parkly_push';

/** A push claimed for sending, with the device it goes to; `attempts` counts this attempt and fences the claim. */
export interface ClaimedPush {
  id: string;
  attempts: number;
  payload: PushPayload;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limit` due pushes: pending ones whose time has come, or ones left 'sending' by a sender
 * whose lease ran out (it died mid-send) with attempts left. Only rows whose device is still the user's
 * (a device signed in as someone else since is not sent to). SKIP LOCKED lets several instances claim
 * at once without waiting on or taking each other's rows; the lease keeps them theirs once this commits.
 */
export async function claimDuePushes(db: Queryable, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedPush[]> {
  return db.query<ClaimedPush>(
    `WITH due AS (
       SELECT o.id FROM push_outbox o
        WHERE ((o.status = 'pending' AND o.next_attempt_at <= now())
               OR (o.status = 'sending' AND o.sending_until <= now() AND o.attempts < $3))
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.id = o.subscription_id AND s.user_id = o.user_id)
        ORDER BY o.next_attempt_at, o.id
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE push_outbox o
        SET status = 'sending', sending_until = now() + $2::double precision * interval '1 millisecond', attempts = o.attempts + 1
       FROM due, push_subscriptions s
      WHERE o.id = due.id AND s.id = o.subscription_id
     RETURNING o.id::text AS id, o.attempts, o.payload, s.endpoint, s.p256dh, s.auth`,
    [limit, leaseMs, maxAttempts],
  );
}

/** Pushes delivered: whoever's claim they were, they went. */
export async function deleteSentPushes(db: Queryable, ids: string[]) {
  if (ids.length) await db.query(`DELETE FROM push_outbox WHERE id = ANY($1::bigint[])`, [ids]);
}

/**
 * Records failed attempts: back to 'pending' until their `retryInMs` has passed, or 'failed' for good
 * (retryInMs null). Only while the claim is still that attempt's (a sender whose lease ran out must not
 * undo a newer claim).
 */
export async function markPushAttemptsFailed(db: Queryable, failed: { push: Pick<ClaimedPush, 'id' | 'attempts'>; error: string; retryInMs: number | null }[]) {
  if (failed.length === 0) return;
  await db.query(
    `UPDATE push_outbox o
        SET status = CASE WHEN f.retry_ms IS NULL THEN 'failed' ELSE 'pending' END,
            sending_until = NULL, last_error = f.error,
            next_attempt_at = now() + coalesce(f.retry_ms, 0) * interval '1 millisecond'
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::double precision[]) AS f (id, attempts, error, retry_ms)
      WHERE o.id = f.id AND o.status = 'sending' AND o.attempts = f.attempts`,
    [failed.map((f) => f.push.id), failed.map((f) => f.push.attempts), failed.map((f) => f.error.slice(0, 500)), failed.map((f) => f.retryInMs)],
  );
}

/**
 * The sweep's tidying: gives up pushes whose last attempt died mid-send (lease run out, no attempts
 * left), drops pushes whose device now belongs to someone else, and forgets failed pushes after a week.
 */
export async function tidyPushOutbox(db: Queryable, maxAttempts: number) {
  await db.query(
    `WITH abandoned AS (
       UPDATE push_outbox SET status = 'failed', sending_until = NULL, last_error = coalesce(last_error, 'the sender stopped mid-send')
        WHERE status = 'sending' AND sending_until <= now() AND attempts >= $1
     ), moved AS (
       DELETE FROM push_outbox o USING push_subscriptions s
        WHERE s.id = o.subscription_id AND s.user_id <> o.user_id AND o.status <> 'sending'
     )
     DELETE FROM push_outbox WHERE status = 'failed' AND created_at < now() - interval '7 days'`,
    [maxAttempts],
  );
}
