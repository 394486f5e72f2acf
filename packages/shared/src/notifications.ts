import { z } from 'zod';

const readFlag = z.union([z.literal(0), z.literal(1)]);

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601; absent when the notification is not about a booking time. */
  booking_date_time: z.string().optional(),
  is_read: readFlag,
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The panel shows at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationListAnswerSchema = z.object({ notification: z.array(notificationSchema) });
/** 0 while anything is unread: the bell shows its dot (SPEC section 2.3). */
export const notificationStatusAnswerSchema = z.object({ is_read: readFlag });
export const notificationDeleteSchema = z.object({
  notification_id: z
    .union([z.string(), z.number()], { error: 'notification_id is required' })
    .transform(String)
    .pipe(z.string().trim().min(1, 'notification_id is required').max(64, 'notification_id is not valid')),
});
export type NotificationDeleteInput = z.input<typeof notificationDeleteSchema>;
export const notificationMessageAnswerSchema = z.object({ message: z.string() });
