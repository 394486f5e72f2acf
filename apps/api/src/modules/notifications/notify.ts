/**
 * Side effects through one door: `notify(tx, notice)` writes the notification, the e-mail and the push
 * in the caller's transaction, so they exist exactly when the change that caused them commits. The
 * mail and the push leave through their outboxes after the commit (mail/outbox-sender.ts,
 * push/push-outbox.ts): they talk to outside services and must never hold up or fail the change, and a
 * crash after the commit only delays them.
 */
import type { PushKind } from '@parkly/shared/push';
import type { Queryable } from '../../db/database';
import { insertNotices, type NoticePush } from './notifications.repository';

export interface Notice {
  userId: string;
  title: string;
  description: string;
  bookingDateTime?: Date | string | null;
  /** an e-mail too: its subject, text and (from mail/templates) HTML, to the user's address */
  mail?: { subject: string; text: string; html?: string };
  /**
   * a push too, to each of the user's devices: the kind the user can turn off on /profile, and the
   * screen (a path of the web app) a click on the system notification opens. Without it, no push.
   */
  push?: { kind: PushKind; url: string } | NoticePush;
}

/**
 * Writes the notices of one change in one statement: each a notification, an e-mail when it has one,
 * a push to each device of the user when it has one (and the user has not turned its kind off), and
 * the realtime events the bell of each user hears when this transaction commits. Answers the ids of
 * the notifications written.
 */
export async function notify(tx: Queryable, notices: Notice | Notice[]): Promise<string[]> {
  const list = Array.isArray(notices) ? notices : [notices];
  if (list.length === 0) return [];
  return insertNotices(tx, list);
}
