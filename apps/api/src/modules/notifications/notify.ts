/**
 * Side effects through one door: `notify(tx, notice)` writes the notification and the e-mail in the
 * caller's transaction, so they exist exactly when the change that caused them commits; the push
 * goes out after the commit (`afterCommit`), since it talks to outside services and must never
 * hold up or fail the change.
 */
import type { PushPayload } from '@parkly/shared/push';
import type { Database, Queryable } from '../../db/database';
import { enqueueMail } from '../mail/mail.service';
import { sendPush } from '../push/push.service';
import { findRecipientEmail, insertNotification } from './notifications.repository';

export interface Notice {
  userId: string;
  title: string;
  description: string;
  bookingDateTime?: Date | string | null;
  /** an e-mail too: its subject and text (to the user's address) */
  mail?: { subject: string; text: string };
}

/** Pushes waiting for the commit of the transaction that wrote their notices. */
export type PendingPushes = { userId: string; payload: PushPayload }[];

export async function notify(tx: Queryable, notice: Notice, pushes?: PendingPushes) {
  await insertNotification(tx, notice.userId, { title: notice.title, description: notice.description, bookingDateTime: notice.bookingDateTime ?? null });
  if (notice.mail) {
    const to = await findRecipientEmail(tx, notice.userId);
    if (to) await enqueueMail(tx, { to, subject: notice.mail.subject, text: notice.mail.text });
  }
  pushes?.push({ userId: notice.userId, payload: { title: notice.title, body: notice.description } });
}

/** Sends the pushes of committed notices; never awaited by the caller's answer, never failing it. */
export function afterCommit(db: Database, pushes: PendingPushes) {
  for (const p of pushes) void sendPush(db, p.userId, p.payload).catch(() => undefined);
}
