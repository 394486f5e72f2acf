import type { Queryable } from '../../db/database';

export interface NewNotification {
  title: string;
  description: string;
  bookingDateTime?: Date | string | null;
}

export interface NotificationRow {
  id: string;
  title: string;
  description: string;
  booking_date_time: Date | null;
  is_read: boolean;
  created_at: Date;
}

/** Stores a notification for a user (other modules call this inside their own transaction). */
export async function insertNotification(db: Queryable, userId: string, n: NewNotification) {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO notifications (user_id, title, description, booking_date_time) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, n.title, n.description, n.bookingDateTime ?? null],
  );
  return rows[0]!.id;
}

/**
 * Stores notifications and, for those with `mail`, the e-mail to the user's address (none once the
 * account is deleted) in the mail outbox (mail.service.ts sends it), in one statement: the notices of
 * one change of a booking are written in one round trip.
 */
export async function insertNotices(
  db: Queryable,
  notices: { userId: string; title: string; description: string; bookingDateTime?: Date | string | null; mail?: { subject: string; text: string; html?: string } }[],
) {
  const mails = notices.filter((n) => n.mail);
  await db.query(
    `WITH n AS (
       INSERT INTO notifications (user_id, title, description, booking_date_time)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[])
     )
     INSERT INTO email_outbox (to_address, subject, body_text, body_html)
     SELECT u.email, m.subject, m.body, m.html
       FROM unnest($5::uuid[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS m (user_id, subject, body, html, ord)
       JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
      ORDER BY m.ord`,
    [
      notices.map((n) => n.userId),
      notices.map((n) => n.title),
      notices.map((n) => n.description),
      notices.map((n) => (n.bookingDateTime ? new Date(n.bookingDateTime).toISOString() : null)),
      mails.map((n) => n.userId),
      mails.map((n) => n.mail!.subject),
      mails.map((n) => n.mail!.text),
      mails.map((n) => n.mail!.html ?? null),
    ],
  );
}

export async function findNotifications(db: Queryable, userId: string, limit: number) {
  return db.query<NotificationRow>(
    `SELECT id, title, description, booking_date_time, is_read, created_at
       FROM notifications WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}

/**
 * Marks the listed notifications read, and every older one too: those fell off the end of the list,
 * so leaving them unread would keep the bell's dot on for good.
 */
export async function markNotificationsRead(db: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE notifications SET is_read = true
      WHERE user_id = $1 AND NOT is_read
        AND (id = ANY($2::uuid[]) OR created_at <= (SELECT min(created_at) FROM notifications WHERE user_id = $1 AND id = ANY($2::uuid[])))`,
    [userId, ids],
  );
}

export async function hasUnreadNotifications(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND NOT is_read LIMIT 1`, [userId]);
  return rows.length > 0;
}

/** Deletes one of the user's own notifications; false when there is none with that id for this user. */
export async function deleteNotification(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
  return rows.length > 0;
}

export async function deleteAllNotifications(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query(`DELETE FROM notifications WHERE user_id = $1 RETURNING id`, [userId]);
  return rows.length;
}

/** Where a user's e-mail goes (none once the account is deleted). */
export async function findRecipientEmail(db: Queryable, userId: string) {
  const rows = await db.query<{ email: string }>(`SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  return rows[0]?.email;
}
