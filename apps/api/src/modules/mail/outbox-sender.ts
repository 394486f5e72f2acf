/**
 * The outbox worker's one run: claim a due mail, send it, record the outcome, next. One mail per claim,
 * so a lease starts when its own send does (a batch claimed at once would age while it waits its turn).
 * Why the design is what it is, and what it cannot promise: docs/decisions/007-mail-outbox.md.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { MAIL_RETRY, MAIL_SEND_LEASE_MS, MAIL_SMTP_TIMEOUTS_MS } from '@parkly/shared/constants';
import type { Queryable } from '../../db/database';
import { claimDueMail, failAbandonedMail, markMailAttemptFailed, markMailDone, type ClaimedMail } from './mail-outbox.repository';

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export interface OutboxSenderOptions {
  /** smtp:// or smtps:// (config SMTP_URL); without it mails are written to the log */
  smtpUrl?: string;
  from: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  retry?: Partial<RetryPolicy>;
  timeoutsMs?: Partial<{ connection: number; greeting: number; socket: number }>;
  leaseMs?: number;
  /** most mails one run sends */
  batch?: number;
}

/**
 * The wait before attempt `attempt + 1`: first delay doubled per attempt, jittered by ±20 % so mails
 * that failed together do not all come back together, capped.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random = Math.random) {
  const exp = policy.firstDelayMs * 2 ** Math.min(attempt - 1, 30);
  return Math.round(Math.min(policy.maxDelayMs, exp * (0.8 + 0.4 * random())));
}

/**
 * `<outbox-row-id@sender-domain>`: the same for every attempt at one mail, so a resend after an
 * unknown outcome is the same message, recognisable by the receiving side, never a new one.
 */
export function outboxMessageId(rowId: string, from: string) {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'parkly.outbox';
  return `<${rowId}@${domain}>`;
}

/** What is kept of an error: its code and message, without the SMTP credentials, short. */
export function describeError(err: unknown, smtpUrl?: string) {
  const e = err as { code?: string; responseCode?: number; message?: string };
  let text = [e.code, e.responseCode, e.message ?? String(err)].filter((p) => p !== undefined && p !== '').join(' ');
  text = text.replace(/(smtps?:\/\/)[^@/\s]*@/gi, '$1***@');
  if (smtpUrl) {
    try {
      const u = new URL(smtpUrl);
      for (const secret of [u.password, decodeURIComponent(u.password), u.username, decodeURIComponent(u.username)]) {
        if (secret.length >= 3) text = text.split(secret).join('***');
      }
    } catch {
      // not a URL: nothing of it to hide
    }
  }
  return text.slice(0, 500);
}

/** A recipient the server refuses for good (550 no such user): trying again would not change that. */
const isPermanent = (err: unknown) => {
  const e = err as { code?: string; responseCode?: number };
  return e.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500;
};

/** Errors of the connection (not of one mail): the server is down or hangs, so the run stops there. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EPROXY']);

export function createOutboxSender(opts: OutboxSenderOptions) {
  const retry: RetryPolicy = { ...MAIL_RETRY, ...opts.retry };
  const timeouts = { ...MAIL_SMTP_TIMEOUTS_MS, ...opts.timeoutsMs };
  const leaseMs = opts.leaseMs ?? MAIL_SEND_LEASE_MS;
  const batch = opts.batch ?? 20;
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: timeouts.connection,
        greetingTimeout: timeouts.greeting,
        socketTimeout: timeouts.socket,
      })
    : null;

  async function deliver(mail: ClaimedMail) {
    if (!transport) {
      opts.log.info({ to: mail.to_address, subject: mail.subject, body: mail.body_text }, 'e-mail (no SMTP_URL set, logged instead of sent)');
      return 'logged' as const;
    }
    await transport.sendMail({
      from: opts.from,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body_text,
      ...(mail.body_html !== null && { html: mail.body_html }),
      messageId: outboxMessageId(mail.id, opts.from),
    });
    return 'sent' as const;
  }

  /** Sends what is due, one mail at a time; never throws for a mail that fails. Returns how many it tried. */
  async function runOnce(db: Queryable): Promise<number> {
    await failAbandonedMail(db, retry.maxAttempts);
    let tried = 0;
    while (tried < batch) {
      const mail = await claimDueMail(db, leaseMs, retry.maxAttempts);
      if (!mail) break;
      tried += 1;
      try {
        await markMailDone(db, mail.id, await deliver(mail));
      } catch (err) {
        const error = describeError(err, opts.smtpUrl);
        const giveUp = mail.attempts >= retry.maxAttempts || isPermanent(err);
        opts.log.warn({ id: mail.id, attempt: mail.attempts, error, giveUp }, 'e-mail not sent');
        await markMailAttemptFailed(db, mail, error, giveUp ? null : retryDelayMs(mail.attempts, retry));
        if (CONNECTION_ERRORS.has((err as { code?: string }).code ?? '')) break;
      }
    }
    return tried;
  }

  return { runOnce, close: () => transport?.close() };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
