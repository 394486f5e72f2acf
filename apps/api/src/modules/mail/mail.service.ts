/**
 * Mail goes through the outbox: written in the caller's transaction (enqueueMail), sent later by the
 * worker (outbox-sender.ts, run by plugins/mail.ts), so a mail exists exactly when the change that
 * caused it commits.
 */
import type { Queryable } from '../../db/database';
import { findMailRecipient, insertMail, type OutgoingMail } from './mail-outbox.repository';
import { messageDigestMail, type DigestRoom } from './templates/message-digest';

export type { OutgoingMail, DigestRoom };

/** Mail is written to the outbox in the caller's transaction and sent later by the worker. */
export const enqueueMail = (db: Queryable, mail: OutgoingMail) => insertMail(db, mail);

/**
 * Queues the new-message digest for a user who was offline (the caller decides that), in the caller's
 * transaction. When every room names its latest message, the digest is named by them: queued once for
 * those messages however often it is asked for. False when nothing was queued (no rooms, no such
 * user, or already queued).
 */
export async function queueMessageDigest(tx: Queryable, userId: string, rooms: DigestRoom[]): Promise<boolean> {
  const unread = rooms.filter((r) => r.unread > 0);
  if (unread.length === 0) return false;
  const recipient = await findMailRecipient(tx, userId);
  if (!recipient) return false;
  const ids = unread.map((r) => r.lastMessageId);
  const eventKey = ids.every((id): id is string => Boolean(id)) ? `digest:${userId}:${[...ids].sort().join(',')}` : undefined;
  return insertMail(tx, { to: recipient.email, ...messageDigestMail(recipient.name, unread), eventKey });
}
