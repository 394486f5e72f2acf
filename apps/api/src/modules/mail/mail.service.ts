/**
 * Mail goes through the outbox: written in the caller's transaction (enqueueMail), sent later by the
 * worker (deliverPending, run by plugins/mail.ts), so a mail exists exactly when the change that
 * caused it commits.
 */
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../../db/database';
import { findPendingMail, insertMail, markMailDone, markMailFailedAttempt, type OutgoingMail } from './mail-outbox.repository';

export type { OutgoingMail };

/** Mail is written to the outbox in the caller's transaction and sent later by the worker. */
export const enqueueMail = (db: Queryable, mail: OutgoingMail) => insertMail(db, mail);

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/** A mail is given up after this many failed attempts. */
const MAX_ATTEMPTS = 5;

/** Sends what is pending: by SMTP when configured, otherwise written to the log and marked 'logged'. */
export async function deliverPending(db: Database, opts: MailerOptions, limit = 20): Promise<number> {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = await findPendingMail(db, limit);
  for (const mail of pending) {
    try {
      if (transport) {
        await transport.sendMail({ from: opts.from, to: mail.to_address, subject: mail.subject, text: mail.body_text });
        await markMailDone(db, mail.id, 'sent');
      } else {
        opts.log.info({ to: mail.to_address, subject: mail.subject, body: mail.body_text }, 'e-mail (no SMTP_URL set, logged instead of sent)');
        await markMailDone(db, mail.id, 'logged');
      }
    } catch (err) {
      opts.log.warn({ err, id: mail.id }, 'e-mail not sent');
      await markMailFailedAttempt(db, mail.id, String((err as Error).message), mail.attempts + 1 >= MAX_ATTEMPTS);
    }
  }
  return pending.length;
}
