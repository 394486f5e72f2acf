/**
 * Side effects through one door: `notify(tx, notice)` writes the notification and the e-mail in the
 * caller's transaction, so they exist exactly when the change that caused them commits; the push
 * goes out after the commit (`afterCommit`), since it talks to outside services and must never
 * hold up or fail the change.
 */
import type { PushKind, PushPayload } from '@parkly/shared/push';
import type { Database, Queryable } from '../../db/database';
import { sendPushes } from '../push/push.service';
import { insertNotices, type NoticeSubscription } from './notifications.repository';

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

/**
 * Pushes waiting for the commit of the transaction that wrote their notices, each with its user's
 * subscriptions as that statement found them (so no look-up after the commit).
 */
export type PendingPushes = { userId: string; payload: PushPayload; subscriptions?: NoticeSubscription[] }[];

/**
 * Writes the notices of one change in one statement: each a notification, an e-mail when it has one,
 * and the realtime events the bell of each user hears when this transaction commits.
 */
export async function notify(tx: Queryable, notices: Notice | Notice[], pushes?: PendingPushes) {
  const list = Array.isArray(notices) ? notices : [notices];
  if (list.length === 0) return;
  // without a list to collect them, no push goes out: no subscriptions to read
  const subscriptions = await insertNotices(tx, pushes ? list : list.map(({ push: _, ...n }) => n));
  for (const n of list) {
    if (n.push && pushes) {
      const mine = subscriptions.filter((s) => s.user_id === n.userId);
      pushes.push({ userId: n.userId, payload: { title: n.title, body: n.description, url: n.push.url, kind: n.push.kind }, subscriptions: mine });
    }
  }
}

/** Sends the pushes of committed notices; never awaited by the caller's answer, never failing it. */
export function afterCommit(db: Database, pushes: PendingPushes) {
  if (pushes.length) void sendPushes(db, pushes).catch(() => undefined);
}
