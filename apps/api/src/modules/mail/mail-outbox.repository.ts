import type { Queryable } from '../../db/database';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  attempts: number;
}

export async function insertMail(db: Queryable, mail: OutgoingMail) {
  await db.query(`INSERT INTO email_outbox (to_address, subject, body_text) VALUES ($1, $2, $3)`, [mail.to, mail.subject, mail.text]);
}

export function findPendingMail(db: Queryable, limit: number) {
  return db.query<OutboxRow>(
    `SELECT id, to_address, subject, body_text, attempts FROM email_outbox
      WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
    [limit],
  );
}

export async function markMailDone(db: Queryable, id: string, status: 'sent' | 'logged') {
  await db.query(`UPDATE email_outbox SET status = $2, sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [id, status]);
}

export async function markMailFailedAttempt(db: Queryable, id: string, error: string, giveUp: boolean) {
  await db.query(`UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`, [id, error.slice(0, 500), giveUp ? 'failed' : 'pending']);
}
