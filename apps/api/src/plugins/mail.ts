import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Mail is written to the outbox in the caller's transaction and sent later by the worker. */
export async function enqueueMail(db: Queryable, mail: OutgoingMail) {
  await db.query(`INSERT INTO email_outbox (to_address, subject, body_text) VALUES ($1, $2, $3)`, [mail.to, mail.subject, mail.text]);
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/** Sends what is pending: by SMTP when configured, otherwise written to the log and marked 'logged'. */
export async function deliverPending(db: Database, opts: MailerOptions, limit = 20): Promise<number> {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = await db.query<{ id: string; to_address: string; subject: string; body_text: string; attempts: number }>(
    `SELECT id, to_address, subject, body_text, attempts FROM email_outbox
      WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
    [limit],
  );
  for (const mail of pending) {
    try {
      if (transport) {
        await transport.sendMail({ from: opts.from, to: mail.to_address, subject: mail.subject, text: mail.body_text });
        await db.query(`UPDATE email_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [mail.id]);
      } else {
        opts.log.info({ to: mail.to_address, subject: mail.subject, body: mail.body_text }, 'e-mail (no SMTP_URL set, logged instead of sent)');
        await db.query(`UPDATE email_outbox SET status = 'logged', sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [mail.id]);
      }
    } catch (err) {
      const failed = mail.attempts + 1 >= 5;
      opts.log.warn({ err, id: mail.id }, 'e-mail not sent');
      await db.query(`UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`, [
        mail.id,
        String((err as Error).message).slice(0, 500),
        failed ? 'failed' : 'pending',
      ]);
    }
  }
  return pending.length;
}

/** Polls the outbox while the server runs. Tests do not start it; they read the outbox table. */
async function mailPlugin(app: FastifyInstance, opts: { smtpUrl?: string; from: string; worker: boolean }) {
  if (!opts.worker) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverPending(app.db, { smtpUrl: opts.smtpUrl, from: opts.from, log: app.log })
      .catch((err) => app.log.warn({ err }, 'outbox run failed'))
      .finally(() => (running = false));
  }, 3000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
