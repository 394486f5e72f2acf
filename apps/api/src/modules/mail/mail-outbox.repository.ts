import type { Queryable } from '../../db/database';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** the HTML version, when the mail has one (templates/) */
  html?: string;
  /** names the event the mail is for: a second mail for the same key is not written */
  eventKey?: string;
}

/** A row claimed for sending; `attempts` counts this attempt and fences the claim. */
export interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/** Writes a mail to the outbox; false when one with the same event key is already there. */
export async function insertMail(db: Queryable, mail: OutgoingMail): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO email_outbox (to_address, subject, body_text, body_html, event_key) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (event_key) WHERE event_key IS NOT NULL DO NOTHING RETURNING id`,
    [mail.to, mail.subject, mail.text, mail.html ?? null, mail.eventKey ?? null],
  );
  return rows.length > 0;
}

/** Where a user's mail goes and what to call them (none once the account is deleted). */
export async function findMailRecipient(db: Queryable, userId: string) {
  const rows = await db.query<{ email: string; name: string }>(`SELECT email, name FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  return rows[0];
}

/**
 * Claims the oldest due mail: a pending one whose time has come, or one left 'sending' by a worker whose
 * lease ran out (it died mid-send). SKIP LOCKED lets several instances claim at once without waiting on
 * or taking each other's rows; the lease keeps the row theirs once this statement commits.
 */
export async function claimDueMail(db: Queryable, leaseMs: number, maxAttempts: number): Promise<ClaimedMail | undefined> {
  const rows = await db.query<ClaimedMail>(
    `WITH due AS (
       SELECT id FROM email_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND sending_until <= now() AND attempts < $2)
        ORDER BY created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE email_outbox o
        SET status = 'sending', sending_until = now() + $1::double precision * interval '1 millisecond', attempts = o.attempts + 1
       FROM due WHERE o.id = due.id
     RETURNING o.id, o.to_address, o.subject, o.body_text, o.body_html, o.attempts`,
    [leaseMs, maxAttempts],
  );
  return rows[0];
}

/** Gives up mails whose last attempt died mid-send (lease run out, no attempts left). */
export async function failAbandonedMail(db: Queryable, maxAttempts: number) {
  await db.query(
    `UPDATE email_outbox SET status = 'failed', sending_until = NULL, last_error = coalesce(last_error, 'the sender stopped mid-send')
      WHERE status = 'sending' AND sending_until <= now() AND attempts >= $1`,
    [maxAttempts],
  );
}

/** Marks a mail sent (or logged): whoever's claim it was, the mail went. */
export async function markMailDone(db: Queryable, id: string, status: 'sent' | 'logged') {
  await db.query(`UPDATE email_outbox SET status = $2, sent_at = now(), sending_until = NULL, last_error = NULL WHERE id = $1`, [id, status]);
}

/**
 * Records a failed attempt: back to 'pending' until `retryInMs` has passed, or 'failed' for good. Only
 * while the claim is still this attempt's (a worker whose lease ran out must not undo a newer claim).
 */
export async function markMailAttemptFailed(db: Queryable, mail: Pick<ClaimedMail, 'id' | 'attempts'>, error: string, retryInMs: number | null) {
  await db.query(
    `UPDATE email_outbox
        SET status = CASE WHEN $3::double precision IS NULL THEN 'failed' ELSE 'pending' END,
            sending_until = NULL, last_error = $2,
            next_attempt_at = now() + coalesce($3::double precision, 0) * interval '1 millisecond'
      WHERE id = $1 AND status = 'sending' AND attempts = $4`,
    [mail.id, error.slice(0, 500), retryInMs, mail.attempts],
  );
}
