import type { PushKind } from '@parkly/shared/push';
import type { Queryable } from '../../db/database';
import { PUSH_CHANNEL } from '../push/push-outbox.repository';
import { REALTIME_CHANNEL } from '../realtime/realtime.repository';

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

/** A push of a notice: its text (the notice's title and description unless given), the screen it opens, its kind. */
export interface NoticePush {
  title?: string;
  body?: string;
  url?: string;
  /** a kind the user can turn off on /profile; without one the push always goes */
  kind?: PushKind;
}

export type NoticeRow = {
  userId: string;
  title: string;
  description: string;
  bookingDateTime?: Date | string | null;
  mail?: { subject: string; text: string; html?: string };
  push?: NoticePush;
};

/**
 * One change's notices in one statement (one round trip, in the caller's transaction): the
 * notifications; for those with `mail`, the e-mail to the user's address (none once the account is
 * deleted) in the mail outbox (mail.service.ts sends it); the realtime events (a `notification` each,
 * then each user's `unread` count, announced with NOTIFY as realtime.repository.ts does, heard at
 * commit); and for those with `push`, a row in the push outbox for each of the user's devices, unless
 * the user turned that kind off, announced on PUSH_CHANNEL so a sender sends them as soon as this
 * transaction commits (push-outbox.ts). The unread count is the user's stripes (migration 200) as this
 * statement found them plus the notices it adds: its own trigger adds those to the stripes only at its
 * end. Answers the new notifications' ids.
 */
export async function insertNotices(db: Queryable, notices: NoticeRow[]): Promise<string[]> {
  const mails = notices.filter((n) => n.mail);
  const pushes = notices.filter((n) => n.push);
  const rows = await db.query<{ ids: string[] | null }>(
    `WITH n AS (
       INSERT INTO notifications (user_id, title, description, booking_date_time)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[])
       RETURNING id
     ), m AS (
       INSERT INTO email_outbox (to_address, subject, body_text, body_html)
       SELECT u.email, m.subject, m.body, m.html
         FROM unnest($5::uuid[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS m (user_id, subject, body, html, ord)
         JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        ORDER BY m.ord
     ), e AS (
       INSERT INTO realtime_events (user_id, type, data)
       SELECT user_id, type, data FROM (
         SELECT t.user_id, 'notification' AS type, jsonb_build_object('title', t.title, 'is_read', 0) AS data, t.ord AS k
           FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS t (user_id, title, ord)
         UNION ALL
         SELECT u.user_id, 'unread',
                jsonb_build_object('notifications', u.added + (SELECT coalesce(sum(c.unread), 0) FROM notification_unread_counts c WHERE c.user_id = u.user_id)),
                1000000 + u.ord
           FROM (SELECT user_id, min(ord) AS ord, count(*) AS added FROM unnest($1::uuid[]) WITH ORDINALITY AS t (user_id, ord) GROUP BY user_id) u
       ) x ORDER BY k
       RETURNING id
     ), announced AS (
       SELECT pg_notify('${REALTIME_CHANNEL}', string_agg(id::text, ',' ORDER BY id)) FROM e HAVING count(*) > 0
     ), pushed AS (
       INSERT INTO push_outbox (user_id, subscription_id, payload)
       SELECT s.user_id, s.id, jsonb_strip_nulls(jsonb_build_object('title', p.title, 'body', p.body, 'url', p.url, 'kind', p.kind))
         FROM unnest($9::uuid[], $10::text[], $11::text[], $12::text[], $13::text[]) WITH ORDINALITY AS p (user_id, title, body, url, kind, ord)
         JOIN push_subscriptions s ON s.user_id = p.user_id
        WHERE p.kind IS NULL
           OR NOT EXISTS (SELECT 1 FROM push_preferences f WHERE f.user_id = p.user_id AND f.kind = p.kind AND NOT f.enabled)
        ORDER BY p.ord, s.id
       RETURNING id
     ), kicked AS (
       SELECT pg_notify('${PUSH_CHANNEL}', '') FROM pushed HAVING count(*) > 0
     )
     SELECT (SELECT array_agg(id::text) FROM n) AS ids, (SELECT count(*) FROM announced) AS announced, (SELECT count(*) FROM kicked) AS kicked`,
    [
      notices.map((n) => n.userId),
      notices.map((n) => n.title),
      notices.map((n) => n.description),
      notices.map((n) => (n.bookingDateTime ? new Date(n.bookingDateTime).toISOString() : null)),
      mails.map((n) => n.userId),
      mails.map((n) => n.mail!.subject),
      mails.map((n) => n.mail!.text),
      mails.map((n) => n.mail!.html ?? null),
      pushes.map((n) => n.userId),
      pushes.map((n) => n.push!.title ?? n.title),
      pushes.map((n) => n.push!.body ?? n.description),
      pushes.map((n) => n.push!.url ?? null),
      pushes.map((n) => n.push!.kind ?? null),
    ],
  );
  return rows[0]?.ids ?? [];
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

/** The user's unread notifications: the sum of their stripes (migration 200), whatever their history's length. */
export async function countUnreadNotifications(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT coalesce(sum(unread), 0)::int AS n FROM notification_unread_counts WHERE user_id = $1`, [userId]);
  return rows[0]?.n ?? 0;
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
