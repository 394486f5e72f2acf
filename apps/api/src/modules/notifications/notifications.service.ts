import { MESSAGES } from '@parkly/shared/constants';
import { NOTIFICATION_LIST_LIMIT, type Notification } from '@parkly/shared/notifications';
import type { PushPayload } from '@parkly/shared/push';
import type { Database, Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { sendPush } from '../push/push.service';
import { publishNotices } from '../realtime/publish';
import {
  deleteAllNotifications,
  deleteNotification,
  findNotifications,
  countUnreadNotifications,
  insertNotification,
  markNotificationsRead,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository';

const NOT_FOUND_MESSAGE = 'Notification not found';

function toDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ...(row.booking_date_time && { booking_date_time: new Date(row.booking_date_time).toISOString() }),
    is_read: row.is_read ? 1 : 0,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** SPEC: is_read is 0 while anything is unread. */
export async function notificationStatus(db: Queryable, userId: string): Promise<{ is_read: 0 | 1 }> {
  return { is_read: (await countUnreadNotifications(db, userId)) > 0 ? 0 : 1 };
}

/** The newest notifications, each with the read state it had before this call; opening the panel reads them. */
export async function readNotifications(db: Queryable, userId: string): Promise<Notification[]> {
  const rows = await findNotifications(db, userId, NOTIFICATION_LIST_LIMIT);
  await markNotificationsRead(db, userId, rows.map((r) => r.id));
  return rows.map(toDto);
}

/** Someone else's id answers exactly like an unknown one, so ids cannot be probed. */
export async function removeNotification(db: Queryable, userId: string, notificationId: string) {
  if (!isUuid(notificationId)) throw notFound(NOT_FOUND_MESSAGE);
  if (!(await deleteNotification(db, userId, notificationId))) throw notFound(NOT_FOUND_MESSAGE);
  return { message: MESSAGES.notificationDeleted };
}

/** Clear All is the no-selection branch of the spec's delete flow, so it answers with the same message. */
export async function clearNotifications(db: Queryable, userId: string) {
  await deleteAllNotifications(db, userId);
  return { message: MESSAGES.notificationDeleted };
}

/**
 * The one call other features use to tell a user something: stores the notification, then tries a
 * push to the user's devices (the notification's title and description, or `push` when given;
 * `false` stores without pushing). The push is not awaited: it talks to outside services, must not
 * hold up the caller and never fails it. It takes the Database, not a transaction, because the push
 * outlives the caller's work; code that needs the insert inside its own transaction calls
 * insertNotification there and sendPush after the commit.
 */
export async function notifyUser(db: Database, userId: string, notification: NewNotification, push?: PushPayload | false): Promise<string> {
  const id = await insertNotification(db, userId, notification);
  await publishNotices(db, [{ userId, title: notification.title }]);
  if (push !== false) void sendPush(db, userId, push ?? { title: notification.title, body: notification.description });
  return id;
}
