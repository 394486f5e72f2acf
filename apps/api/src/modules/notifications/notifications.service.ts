import { MESSAGES } from '@parkly/shared/constants';
import { NOTIFICATION_LIST_LIMIT, type Notification } from '@parkly/shared/notifications';
import type { PushPayload } from '@parkly/shared/push';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  deleteAllNotifications,
  deleteNotification,
  findNotifications,
  countUnreadNotifications,
  markNotificationsRead,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository';
import { notify } from './notify';

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
 * notify() for one notice outside any transaction of the caller's: stores the notification and queues
 * a push to the user's devices (the notification's title and description, or `push` when given;
 * `false` stores without pushing), sent from the push outbox once this statement commits. Answers the
 * notification's id.
 */
export async function notifyUser(db: Queryable, userId: string, notification: NewNotification, push?: PushPayload | false): Promise<string> {
  const [id] = await notify(db, { userId, ...notification, ...(push !== false && { push: push ? { ...push } : {} }) });
  return id!;
}
