/**
 * The outbox against a real SMTP server on a local port (smtp-server), read back with mailparser:
 * delivery, retries with backoff, a server that is down, refuses or hangs, a sender that dies mid-send,
 * two senders at once, and HTML that cannot be broken by what users type.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { openPostgres } from '../../db/postgres';
import mailPlugin from '../../plugins/mail';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/helper';
import { noticesFor, type NoticeBooking } from '../bookings/booking-notices';
import { notify } from '../notifications/notify';
import { claimDueMail } from './mail-outbox.repository';
import { enqueueMail, queueMessageDigest } from './mail.service';
import { createOutboxSender, describeError, retryDelayMs, type OutboxSenderOptions } from './outbox-sender';

const FROM = 'Parkly <no-reply@parkly.test>';
const quiet = { info: () => undefined, warn: () => undefined };
const HOSTILE = `<img src=x onerror=alert(1)> & "Tom's" Garage`;

interface Smtp {
  url: string;
  port: number;
  received: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A local SMTP server: no auth, no TLS. `refuse(n)` answers the n-th recipient with an error (or
 * undefined to accept); `hang` takes the message and never answers it.
 */
async function startSmtp(opts: { refuse?: (n: number) => Error | undefined; hang?: boolean; port?: number } = {}): Promise<Smtp> {
  const received: ParsedMail[] = [];
  let rcpts = 0;
  const options: SMTPServerOptions = {
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onRcptTo(_address, _session, cb) {
      rcpts += 1;
      cb(opts.refuse?.(rcpts) ?? undefined);
    },
    onData(stream, _session, cb) {
      if (opts.hang) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          cb();
        })
        .catch(cb);
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP error the way a server says "try again later". */
const tempFailure = (text: string) => Object.assign(new Error(text), { responseCode: 451 });

let db: Database & { url?: string };
const servers: Smtp[] = [];
const smtp = async (opts?: Parameters<typeof startSmtp>[0]) => {
  const s = await startSmtp(opts);
  servers.push(s);
  return s;
};

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await db.query(`DELETE FROM email_outbox`);
});

const sender = (s: Pick<Smtp, 'url'> | null, over: Partial<OutboxSenderOptions> = {}) =>
  createOutboxSender({ smtpUrl: s?.url, from: FROM, log: quiet, timeoutsMs: { connection: 1000, greeting: 1000, socket: 400 }, ...over });

const row = async (id: string) =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null; due_in_ms: number; sending_until: Date | null; sent_at: Date | null }>(
      `SELECT status, attempts, last_error, extract(epoch FROM next_attempt_at - now()) * 1000 AS due_in_ms, sending_until, sent_at FROM email_outbox WHERE id = $1`,
      [id],
    )
  )[0]!;
const onlyRow = async () => (await db.query<{ id: string }>(`SELECT id FROM email_outbox`))[0]!.id;
/** Time passes: every waiting mail is due now. */
const makeDue = () => db.query(`UPDATE email_outbox SET next_attempt_at = now() WHERE status = 'pending'`);

async function addUser(name: string) {
  const email = `${name.replace(/\W+/g, '').toLowerCase().slice(0, 20)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [u] = await db.query<{ id: string }>(`INSERT INTO users (name, email) VALUES ($1, $2) RETURNING id`, [name, email]);
  return { id: u!.id, email };
}

function booking(guestId: string, hostId: string, title: string): NoticeBooking {
  return {
    id: '3f1b2c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
    guest_id: guestId,
    host_id: hostId,
    title,
    starts: new Date('2026-12-24T04:30:00Z'),
    ends: new Date('2026-12-24T07:30:00Z'),
    time_zone: 'Asia/Kolkata',
    currency: 'INR',
    total: 15750,
    lines: [
      { kind: 'hourly', label: 'Hourly rate', quantity: 3, unit_amount: 5000, amount: 15000 },
      { kind: 'service_fee', label: 'Service fee', quantity: 1, unit_amount: 750, amount: 750 },
    ],
    hold_expires_at: new Date('2026-12-23T13:00:00Z'),
  };
}

describe('sending', () => {
  it('delivers a booking receipt once, with text, escaped HTML and a Message-ID from the outbox row', async () => {
    const s = await smtp();
    const [guest, host] = [await addUser('Guest One'), await addUser('Host One')];
    await db.transaction((tx) => notify(tx, noticesFor('confirmed', booking(guest.id, host.id, HOSTILE), 'https://parkly.example')));
    const [outbox] = await db.query<{ id: string }>(`SELECT id FROM email_outbox WHERE to_address = $1`, [guest.email]);

    const worker = sender(s);
    expect(await worker.runOnce(db)).toBe(2);
    expect(await worker.runOnce(db)).toBe(0);
    worker.close();

    const mails = s.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === guest.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Booking confirmed · PK-3F1B2C4D');
    expect(mail.messageId).toBe(`<${outbox!.id}@parkly.test>`);
    expect(mail.from?.text).toContain('no-reply@parkly.test');
    expect(mail.text).toContain(`${HOSTILE}, `);
    expect(mail.text).toContain('Your receipt:\n  Hourly rate × 3: ₹150\n  Service fee: ₹7.50\n  Total: ₹157.50');
    expect(mail.text).toContain('See your booking: https://parkly.example/parking/booking-details/3f1b2c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d');
    const html = mail.html as string;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Tom&#39;s&quot; Garage');
    expect(html).not.toContain('<img');
    expect(html).toMatch(/<table[^>]*>[\s\S]*Hourly rate × 3[\s\S]*₹150<[\s\S]*Total[\s\S]*₹157\.50/);
    expect(html).toContain('href="https://parkly.example/parking/booking-details/3f1b2c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d"');
    expect(await row(outbox!.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sending_until: null });
  });

  it("lays out the host's request with its deadline, and a refund", async () => {
    const s = await smtp();
    const [guest, host] = [await addUser('Guest Two'), await addUser('Host Two')];
    const b = booking(guest.id, host.id, 'Quiet driveway');
    await db.transaction(async (tx) => {
      await notify(tx, noticesFor('requested', b, 'https://parkly.example'));
      await notify(tx, noticesFor('cancelled_by_host', b, 'https://parkly.example', { refund: 15750 }));
    });
    const worker = sender(s);
    await worker.runOnce(db);
    worker.close();
    const request = s.received.find((m) => m.subject?.startsWith('New booking request'))!;
    expect(request.text).toContain('Accept or decline by Wed, 23 Dec, 2026, 6:30 pm IST.');
    expect(request.html).toContain('Accept or decline by Wed, 23 Dec, 2026, 6:30 pm IST');
    expect(request.html).toContain('href="https://parkly.example/booking_details?id=');
    const refund = s.received.find((m) => m.subject?.startsWith('Booking cancelled by the host'))!;
    expect(refund.text).toContain('₹157.50 is on its way back to your card.');
    expect(refund.html).toContain('Refund: ₹157.50');
  });

  it('sends text-only mails (password reset, contact) as text', async () => {
    const s = await smtp();
    await enqueueMail(db, { to: 'plain@example.com', subject: 'Reset your Parkly password', text: 'Open https://parkly.example/reset_password?token=abc' });
    const worker = sender(s);
    await worker.runOnce(db);
    worker.close();
    expect(s.received).toHaveLength(1);
    expect(s.received[0]!.text).toContain('token=abc');
    expect(s.received[0]!.html).toBe(false);
  });

  it('writes mails to the log, marked logged, when no SMTP server is configured', async () => {
    await enqueueMail(db, { to: 'log@example.com', subject: 'Hi', text: 'Hello' });
    const logged: object[] = [];
    const worker = sender(null, { log: { info: (o) => logged.push(o), warn: () => undefined } });
    expect(await worker.runOnce(db)).toBe(1);
    expect(logged).toEqual([expect.objectContaining({ to: 'log@example.com', subject: 'Hi' })]);
    expect(await row(await onlyRow())).toMatchObject({ status: 'logged', attempts: 1 });
  });
});

describe('faults', () => {
  it('keeps the mail while the server is down and sends it once the server is back', async () => {
    const gone = await startSmtp();
    const { port } = gone;
    await gone.close();
    await enqueueMail(db, { to: 'wait@example.com', subject: 'Later', text: 'Sent when the server is up' });
    const id = await onlyRow();

    const worker = sender({ url: `smtp://127.0.0.1:${port}` });
    expect(await worker.runOnce(db)).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // the first retry about a minute later (60 s ± 20 %), not before
    expect(Number(failed.due_in_ms)).toBeGreaterThan(45_000);
    expect(Number(failed.due_in_ms)).toBeLessThan(75_000);
    expect(await worker.runOnce(db)).toBe(0);

    const s = await smtp({ port });
    await makeDue();
    expect(await worker.runOnce(db)).toBe(1);
    expect(await worker.runOnce(db)).toBe(0);
    worker.close();
    expect(s.received).toHaveLength(1);
    expect(s.received[0]!.messageId).toBe(`<${id}@parkly.test>`);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('retries a server that refuses at first, with growing waits, and sends exactly once when it accepts', async () => {
    const s = await smtp({ refuse: (n) => (n <= 2 ? tempFailure('Mailbox busy, try later') : undefined) });
    await enqueueMail(db, { to: 'busy@example.com', subject: 'Persistent', text: 'Hello again' });
    const id = await onlyRow();
    const worker = sender(s);

    await worker.runOnce(db);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toContain('451');
    expect(first.last_error).toContain('Mailbox busy');

    await makeDue();
    await worker.runOnce(db);
    const second = await row(id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Number(second.due_in_ms)).toBeGreaterThan(90_000); // about 2 minutes now

    await makeDue();
    await worker.runOnce(db);
    await makeDue();
    await worker.runOnce(db);
    worker.close();
    expect(s.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('gives up after the last attempt and keeps the error, never the SMTP password', async () => {
    const s = await smtp({ refuse: () => tempFailure('Mailbox unavailable') });
    await enqueueMail(db, { to: 'never@example.com', subject: 'Doomed', text: 'x' });
    const id = await onlyRow();
    const worker = sender(s, { retry: { maxAttempts: 3 } });
    for (let i = 0; i < 5; i += 1) {
      await makeDue();
      await worker.runOnce(db);
    }
    worker.close();
    const last = await row(id);
    expect(last).toMatchObject({ status: 'failed', attempts: 3 });
    expect(last.last_error).toContain('Mailbox unavailable');
    expect(describeError(new Error('Invalid login for smtp://mailer:hunter2-secret@smtp.example'), 'smtp://mailer:hunter2-secret@smtp.example')).not.toMatch(
      /hunter2|mailer/,
    );
  });

  it('gives up at once on a recipient the server refuses for good (5xx)', async () => {
    const s = await smtp({ refuse: () => Object.assign(new Error('No such user here'), { responseCode: 550 }) });
    await enqueueMail(db, { to: 'nobody@example.com', subject: 'Lost', text: 'x' });
    const worker = sender(s);
    await worker.runOnce(db);
    worker.close();
    const last = await row(await onlyRow());
    expect(last).toMatchObject({ status: 'failed', attempts: 1 });
    expect(last.last_error).toContain('550');
  });

  it('times out a server that hangs, and sends later once it answers', async () => {
    const hanging = await smtp({ hang: true });
    await enqueueMail(db, { to: 'slow@example.com', subject: 'Patience', text: 'x' });
    const id = await onlyRow();
    const worker = sender(hanging);
    const started = Date.now();
    await worker.runOnce(db);
    expect(Date.now() - started).toBeLessThan(5000);
    worker.close();
    const timedOut = await row(id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1 });
    expect(timedOut.last_error).toMatch(/ETIMEDOUT|timeout/i);

    const s = await smtp();
    await makeDue();
    const next = sender(s);
    await next.runOnce(db);
    next.close();
    expect(s.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends again, with the same Message-ID, a mail whose sender died mid-send once its lease ran out', async () => {
    const s = await smtp();
    await enqueueMail(db, { to: 'crash@example.com', subject: 'Survivor', text: 'x' });
    const id = await onlyRow();
    // the process dies right after the SMTP server took the message, before the outbox heard of it
    const dying: Queryable = {
      query: (text, params) => (/sent_at = now\(\)|status = CASE/.test(text) ? Promise.reject(new Error('killed')) : db.query(text, params)),
    };
    const crashed = sender(s, { leaseMs: 60_000 });
    await expect(crashed.runOnce(dying)).rejects.toThrow('killed');
    crashed.close();
    expect(s.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });

    // another instance leaves it alone while the lease holds
    const survivor = sender(s);
    expect(await survivor.runOnce(db)).toBe(0);
    await db.query(`UPDATE email_outbox SET sending_until = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await survivor.runOnce(db)).toBe(1);
    survivor.close();
    expect(s.received).toHaveLength(2);
    expect(s.received.map((m) => m.messageId)).toEqual([`<${id}@parkly.test>`, `<${id}@parkly.test>`]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never lets two workers send one mail twice', async () => {
    const s = await smtp();
    for (let i = 0; i < 12; i += 1) await enqueueMail(db, { to: `many${i}@example.com`, subject: `Mail ${i}`, text: 'x' });
    // on PostgreSQL, two separate pools: two API instances
    const second = db.url ? await openPostgres(db.url) : db;
    const [a, b] = [sender(s), sender(s)];
    const [sentA, sentB] = await Promise.all([a.runOnce(db), b.runOnce(second)]);
    a.close();
    b.close();
    if (second !== db) await second.close();
    expect(sentA + sentB).toBe(12);
    expect(s.received).toHaveLength(12);
    expect(new Set(s.received.map((m) => m.messageId)).size).toBe(12);
    expect(await db.query(`SELECT 1 FROM email_outbox WHERE status <> 'sent'`)).toHaveLength(0);
  });
});

describe('the worker in the server', () => {
  it('sends what a request queued, off the request path, and stops cleanly', async () => {
    const s = await smtp();
    const app = Fastify({ logger: false });
    await app.register(fp(async (a) => void a.decorate('db', db), { name: 'db' }));
    await app.register(mailPlugin, { smtpUrl: s.url, from: FROM, worker: true });
    await app.ready();
    try {
      await enqueueMail(db, { to: 'worker@example.com', subject: 'From the worker', text: 'x' });
      for (let waited = 0; s.received.length === 0 && waited < 8000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await app.close();
    }
    expect(s.received.map((m) => m.subject)).toEqual(['From the worker']);
    expect(await row(await onlyRow())).toMatchObject({ status: 'sent' });
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('claiming on PostgreSQL', () => {
  it('skips a row another instance holds instead of waiting for it', async () => {
    await enqueueMail(db, { to: 'first@example.com', subject: 'First', text: 'x' });
    await enqueueMail(db, { to: 'second@example.com', subject: 'Second', text: 'x' });
    const [first, second] = await db.query<{ id: string }>(`SELECT id FROM email_outbox ORDER BY created_at, to_address`);
    const other = await openPostgres(db.url!);
    try {
      const claimed = await db.transaction(async (tx) => {
        // this instance is in the middle of claiming the oldest row
        await tx.query(`SELECT id FROM email_outbox WHERE id = $1 FOR UPDATE`, [first!.id]);
        return claimDueMail(other, 60_000, 24);
      });
      expect(claimed?.id).toBe(second!.id);
      expect(await row(second!.id)).toMatchObject({ status: 'sending', attempts: 1 });
      expect(await row(first!.id)).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('message digest', () => {
  it('queues one digest per set of messages, with every name escaped in HTML', async () => {
    const s = await smtp();
    const user = await addUser('Asha');
    const rooms = [
      { otherPartyName: HOSTILE, listingTitle: 'Covered garage', unread: 2, lastMessage: 'Is the gate <b>open</b>\nat 6?', url: 'https://parkly.example/chatroom/message?room=r1', lastMessageId: 'm2' },
      { otherPartyName: 'Ravi', listingTitle: null, unread: 1, lastMessage: 'Thanks!', url: 'javascript:alert(1)', lastMessageId: 'm9' },
    ];
    expect(await db.transaction((tx) => queueMessageDigest(tx, user.id, rooms))).toBe(true);
    expect(await db.transaction((tx) => queueMessageDigest(tx, user.id, [...rooms].reverse()))).toBe(false);
    expect(await queueMessageDigest(db, user.id, [])).toBe(false);

    const worker = sender(s);
    await worker.runOnce(db);
    worker.close();
    expect(s.received).toHaveLength(1);
    const mail = s.received[0]!;
    expect(mail.subject).toBe('3 new messages on Parkly');
    expect(mail.text).toContain('Hi Asha, while you were away you got 3 new messages in 2 conversations.');
    expect(mail.text).toContain(`${HOSTILE} about Covered garage (2 new messages):\n  "Is the gate <b>open</b> at 6?"\n  Reply: https://parkly.example/chatroom/message?room=r1`);
    const html = mail.html as string;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Is the gate &lt;b&gt;open&lt;/b&gt; at 6?');
    expect(html).not.toMatch(/<img|<b>|javascript:/);
  });
});

describe('retryDelayMs', () => {
  it('doubles from a minute, jittered, up to the cap', () => {
    const policy = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 24 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, () => 0.5))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(1, policy, () => 0)).toBe(48_000);
    expect(retryDelayMs(1, policy, () => 1)).toBe(72_000);
    expect(retryDelayMs(20, policy, () => 1)).toBe(3_600_000);
  });
});
