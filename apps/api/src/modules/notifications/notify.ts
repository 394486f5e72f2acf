/**
 * Side effects through one door: `notify(tx, notice)` writes the notification and the e-mail in the
 * caller's transaction, so they exist exactly when the change that caused them commits; the push
 * goes out after the commit (`afterCommit`), since it talks to outside services and must never
 * hold up or fail the change.
 */
import type { PushKind, PushPayload } from '@parkly/shared/push';
import type { Database, Queryable } from '../../db/database';
import { sendPushes } from '../push/push.service';
import { publishNotices } from '../realtime/publish';
import { insertNotices } from './notifications.repository';

export interface Notice {
  userId: string;
  title: string;
  description: string;
  bookingDateTime?: Date | string | null;
  /** an e-mail too: its subject, text and (from mail/templates) HTML, to the user's address */
  mail?: { subject: string; text: string; html?: string };
  /**
   * a push too (when the caller collects pushes): the kind the user can turn off on /profile, and the
   * screen (a path of the web app) a click on the system notification opens. Without it, no push.
   */
  push?: { kind: PushKind; url: string };
}

/** Pushes waiting for the commit of the transaction that wrote their notices. */
export type PendingPushes = { userId: string; payload: PushPayload }[];

/** Writes the notices of one change (each a notification, and an e-mail when it has one) in one statement. */
export async function notify(tx: Queryable, notices: Notice | Notice[], pushes?: PendingPushes) {
  const list = Array.isArray(notices) ? notices : [notices];
  if (list.length === 0) return;
  await insertNotices(tx, list);
  // live: the bell of each user hears of it when this transaction commits
  await publishNotices(tx, list);
  for (const n of list) {
    if (n.push) pushes?.push({ userId: n.userId, payload: { title: n.title, body: n.description, url: n.push.url, kind: n.push.kind } });
  }
}

/** Sends the pushes of committed notices; never awaited by the caller's answer, never failing it. */
export function afterCommit(db: Database, pushes: PendingPushes) {
  if (pushes.length) void sendPushes(db, pushes).catch(() => undefined);
}
