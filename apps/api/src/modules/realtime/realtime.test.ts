import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@parkly/shared/realtime';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/postgres';
import { hashToken, newToken } from '../../lib/tokens';
import { api, bearer, createTestApp, signUp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { paidBooking, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { notifyUser } from '../notifications/notifications.service';
import { createTestUser } from '../notifications/test-users';
import { publish } from './publish';
import { RealtimeHub, SEND_BUFFER_LIMIT, type HubSocket } from './realtime.hub';
import { eventsByIds, insertEvents, prune } from './realtime.repository';

/** The `ws` client (a dependency of @fastify/websocket; its types are not installed), typed by what the tests use. */
interface WsClient {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'open' | 'close', cb: (...args: unknown[]) => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  on(event: 'unexpected-response', cb: (req: unknown, res: IncomingMessage) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, opts?: { headers?: Record<string, string> }) => WsClient;

type TestUser = { id: string; headers: Record<string, string> };
interface Frame {
  kind: string;
  id?: number;
  type?: string;
  data?: unknown;
  last_id?: number;
  user_id?: string;
}

const PUBLIC_URL = 'https://parkly.example';

/** A socket that records every frame, with a wait for the next one matching a test. */
class Client {
  frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  closed: number | null = null;
  constructor(readonly ws: WsClient) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.waiters.splice(0).forEach((w) => w());
    });
    ws.on('close', (code) => {
      this.closed = code as number;
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  events() {
    return this.frames.filter((f) => f.kind === 'event');
  }
  async waitFor(test: (frames: Frame[]) => boolean, ms = 3_000) {
    const until = Date.now() + ms;
    while (!test(this.frames)) {
      const left = until - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }
  close() {
    this.ws.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the socket; resolves with the client once open, or with the HTTP status of a refused upgrade. */
function open(base: string, query: string, headers: Record<string, string> = {}): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/backend/api/v1/realtime${query}`, { headers });
    const client = new Client(ws);
    ws.on('open', () => resolve(client));
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}

describe(`realtime (${TEST_DB_KIND})`, () => {
  let t: TestContext;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, REALTIME_ORIGINS: 'https://partner.example' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await createTestUser(t.db, { name: 'Alice' });
    bob = await createTestUser(t.db, { name: 'Bob' });
  });
  afterAll(() => t?.close());

  const ticket = async (u: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: api('realtime/ticket'), headers: u.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { ticket: string }).ticket;
  };
  /** Connects as a user and resumes after `after` (default: the id of hello, i.e. live only). */
  const connect = async (u: TestUser, after?: number, headers: Record<string, string> = { origin: PUBLIC_URL }) => {
    const c = await open(base, `?ticket=${await ticket(u)}`, headers);
    if (typeof c === 'number') throw new Error(`refused: ${c}`);
    await c.waitFor((f) => f.some((x) => x.kind === 'hello'));
    const hello = c.frames.find((x) => x.kind === 'hello')!;
    expect(hello.user_id).toBe(u.id);
    c.send({ kind: 'resume', after_id: after ?? hello.last_id });
    return c;
  };
  const send = (u: TestUser, n: number) => t.db.transaction((tx) => publish(tx, [u.id], { type: 'test', data: { n } }));

  it('gives tickets only to signed-in users', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('realtime/ticket') });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the socket without a ticket, with a forged, reused or expired one', async () => {
    expect(await open(base, '', { origin: PUBLIC_URL })).toBe(401);
    expect(await open(base, '?ticket=forged-ticket-0123456789abcdef', { origin: PUBLIC_URL })).toBe(401);

    const once = await ticket(alice);
    const first = await open(base, `?ticket=${once}`, { origin: PUBLIC_URL });
    expect(first).toBeInstanceOf(Client);
    (first as Client).close();
    expect(await open(base, `?ticket=${once}`, { origin: PUBLIC_URL })).toBe(401);

    const old = await ticket(alice);
    await t.db.query(`UPDATE realtime_tickets SET expires_at = now() - interval '1 second'`);
    expect(await open(base, `?ticket=${old}`, { origin: PUBLIC_URL })).toBe(401);
  });

  it('checks the Origin: PUBLIC_URL, configured extras and none (not a browser) pass, others are refused', async () => {
    const foreign = await ticket(alice);
    expect(await open(base, `?ticket=${foreign}`, { origin: 'https://evil.example' })).toBe(403);
    // the refused attempt did not spend the ticket's check on a foreign page: it is still unusable by it,
    // and a good origin with a fresh ticket works
    for (const headers of [{ origin: PUBLIC_URL }, { origin: 'https://partner.example' }, {}] as Record<string, string>[]) {
      const c = await open(base, `?ticket=${await ticket(alice)}`, headers);
      expect(c, JSON.stringify(headers)).toBeInstanceOf(Client);
      (c as Client).close();
    }
  });

  it('delivers an event only once its transaction commits, and never on rollback', async () => {
    const c = await connect(alice);
    await sleep(50);
    let inside = -1;
    await t.db.transaction(async (tx) => {
      await publish(tx, [alice.id], { type: 'test', data: { n: 'committed' } });
      await sleep(300);
      inside = c.events().length;
    });
    expect(inside).toBe(0);
    await c.waitFor(() => c.events().length === 1);
    expect(c.events()[0]).toMatchObject({ type: 'test', data: { n: 'committed' } });

    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, [alice.id], { type: 'test', data: { n: 'rolled back' } });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await send(alice, 2);
    await c.waitFor(() => c.events().length === 2);
    await sleep(200);
    expect(c.events().map((e) => (e.data as { n: unknown }).n)).toEqual(['committed', 2]);
    c.close();
  });

  it('sends each user only their own events, to every socket they hold', async () => {
    const a1 = await connect(alice);
    const a2 = await connect(alice);
    const b = await connect(bob);
    await sleep(50);
    await t.db.transaction((tx) => publish(tx, [alice.id], { type: 'test', data: { for: 'alice' } }));
    await t.db.transaction((tx) => publish(tx, [bob.id], { type: 'test', data: { for: 'bob' } }));
    await a1.waitFor(() => a1.events().length === 1);
    await a2.waitFor(() => a2.events().length === 1);
    await b.waitFor(() => b.events().length === 1);
    await sleep(100);
    expect(a1.events().map((e) => e.data)).toEqual([{ for: 'alice' }]);
    expect(b.events().map((e) => e.data)).toEqual([{ for: 'bob' }]);
    [a1, a2, b].forEach((c) => c.close());
  });

  it('catches up after a reconnect: what was missed, exactly once and in order, then live', async () => {
    const c1 = await connect(alice);
    await sleep(50);
    await send(alice, 1);
    await c1.waitFor(() => c1.events().length === 1);
    const seen = c1.events()[0]!.id!;
    c1.ws.terminate();

    await send(alice, 2);
    await send(alice, 3);
    await t.db.transaction((tx) => publish(tx, [alice.id, bob.id], { type: 'test', data: { n: 4 } }));

    const c2 = await connect(alice, seen);
    await c2.waitFor(() => c2.events().length === 3);
    await send(alice, 5);
    await c2.waitFor(() => c2.events().length === 4);
    await sleep(200);
    const events = c2.events();
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4, 5]);
    const ids = events.map((e) => e.id!);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    c2.close();
  });

  it('catch-up and live events overlapping are still sent once', async () => {
    const c1 = await connect(alice);
    await sleep(50);
    await send(alice, 0);
    await c1.waitFor(() => c1.events().length === 1);
    const seen = c1.events()[0]!.id!;
    c1.close();
    // events land while the new socket opens and catches up
    const opening = connect(alice, seen);
    const writes = Promise.all([1, 2, 3, 4, 5, 6].map((n) => send(alice, n)));
    const c2 = await opening;
    await writes;
    await c2.waitFor(() => c2.events().length >= 6);
    await sleep(300);
    // concurrent transactions commit in no set order (PostgreSQL): each event once, whatever the order
    const got = c2.events().map((e) => (e.data as { n: number }).n);
    expect(got).toHaveLength(6);
    expect([...got].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    c2.close();
  });

  it('notify() sends a notification event and the unread count', async () => {
    const c = await connect(bob);
    await sleep(50);
    await notifyUser(t.db, bob.id, { title: 'Booking confirmed', description: 'See you there.' }, false);
    await c.waitFor(() => c.events().length === 2);
    expect(c.events().map((e) => ({ type: e.type, data: e.data }))).toEqual([
      { type: 'notification', data: { title: 'Booking confirmed', is_read: 0 } },
      { type: 'unread', data: { notifications: 1 } },
    ]);
    c.close();
  });

  it('a booking status change reaches its guest and its host', async () => {
    const listing = await publishedListing(t.app);
    const { guest, booking } = await paidBooking(t.app, listing.id, window(48, 2));
    const g = await connect({ id: guest.user.id, headers: bearer(guest.token) });
    const h = await connect({ id: listing.host.user.id, headers: bearer(listing.host.token) });
    await sleep(50);
    const res = await guest.calls.cancel(booking.id, { reason: 'Plans changed' });
    expect(res.statusCode).toBe(200);
    for (const c of [g, h]) {
      await c.waitFor(() => c.events().some((e) => e.type === 'booking'));
      expect(c.events().find((e) => e.type === 'booking')!.data).toEqual({ booking_id: booking.id, status: 'cancelled' });
      c.close();
    }
  });

  it('an admin suspending an account closes its sockets after a signed_out event; a later catch-up of it closes nothing', async () => {
    const admin = await createTestUser(t.db, { role: 'admin' });
    const carol = await createTestUser(t.db);
    const mine = await connect(carol);
    const theirs = await connect(alice);
    await sleep(50);
    const res = await t.app.inject({ method: 'POST', url: api(`admin/users/${carol.id}/suspend`), headers: admin.headers, payload: { reason: 'Fake listings' } });
    expect(res.statusCode).toBe(200);
    await mine.waitFor(() => mine.closed !== null);
    expect(mine.closed).toBe(REALTIME_CLOSE.signedOut);
    expect(mine.events().map((e) => e.type)).toContain('signed_out');
    expect(theirs.closed).toBeNull();
    // no new ticket for the suspended account
    expect((await t.app.inject({ method: 'POST', url: api('realtime/ticket'), headers: carol.headers })).statusCode).toBe(401);

    // reinstated and signed in again: the stored signed_out comes back in a catch-up from the start, and is only news
    expect((await t.app.inject({ method: 'POST', url: api(`admin/users/${carol.id}/reinstate`), headers: admin.headers })).statusCode).toBe(200);
    const token = newToken();
    await t.db.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [carol.id, hashToken(token)]);
    const again = await connect({ id: carol.id, headers: { authorization: `Bearer ${token}` } }, 0);
    await again.waitFor(() => again.events().some((e) => e.type === 'signed_out'));
    await sleep(300);
    expect(again.closed).toBeNull();
    [again, theirs].forEach((c) => c.close());
  });

  describe('sessions end everywhere', () => {
    /** A user signed in on two devices: the phone's session and the laptop's, each a token. */
    async function twoDevices() {
      const { token: phone, user, password } = await signUp(t.app);
      const login = await t.app.inject({ method: 'POST', url: api('login'), payload: { email: user.email, password } });
      expect(login.statusCode).toBe(200);
      const laptop = login.json().token as string;
      return { user, password, phone, laptop, as: (token: string): TestUser => ({ id: user.id, headers: bearer(token) }) };
    }
    const closedSignedOut = async (c: Client) => {
      await c.waitFor(() => c.closed !== null);
      expect(c.closed).toBe(REALTIME_CLOSE.signedOut);
      return c.events().find((e) => e.type === 'signed_out')!.data as { reason: string; session_ids?: string[] };
    };
    const staysOpen = async (...clients: Client[]) => {
      await sleep(300);
      for (const c of clients) expect(c.closed).toBeNull();
    };
    const sessionIdOf = async (token: string) =>
      (await t.db.query<{ id: string }>(`SELECT id FROM sessions WHERE token_hash = $1`, [hashToken(token)]))[0]!.id;
    const ticketStatus = async (token: string) => (await t.app.inject({ method: 'POST', url: api('realtime/ticket'), headers: bearer(token) })).statusCode;

    it("logout closes that session's socket and not another device's", async () => {
      const d = await twoDevices();
      const [phone, phone2, laptop] = [await connect(d.as(d.phone)), await connect(d.as(d.phone)), await connect(d.as(d.laptop))];
      await sleep(50);
      expect((await t.app.inject({ url: api('logout'), headers: bearer(d.phone) })).statusCode).toBe(200);
      const event = await closedSignedOut(phone);
      expect(event).toEqual({ reason: 'logged_out', session_ids: [await sessionIdOf(d.phone)] });
      expect(await closedSignedOut(phone2)).toEqual(event);
      await staysOpen(laptop);
      expect(await ticketStatus(d.phone)).toBe(401);
      expect(await ticketStatus(d.laptop)).toBe(200);
      laptop.close();
    });

    it("a password change closes the other devices' sockets, not the one that changed it", async () => {
      const d = await twoDevices();
      const [phone, laptop] = [await connect(d.as(d.phone)), await connect(d.as(d.laptop))];
      await sleep(50);
      const res = await t.app.inject({
        method: 'POST',
        url: api('change-password'),
        headers: bearer(d.phone),
        payload: { current_password: d.password, new_password: 'a brand new passphrase' },
      });
      expect(res.statusCode).toBe(200);
      expect(await closedSignedOut(laptop)).toEqual({ reason: 'password_changed', session_ids: [await sessionIdOf(d.laptop)] });
      await staysOpen(phone);
      phone.close();
    });

    it('a password reset closes every socket of the account; a later session is not closed by catching up on it', async () => {
      const d = await twoDevices();
      const [phone, laptop] = [await connect(d.as(d.phone)), await connect(d.as(d.laptop))];
      await sleep(50);
      const link = newToken();
      await t.db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [d.user.id, hashToken(link)]);
      const res = await t.app.inject({ method: 'POST', url: api('reset-password'), payload: { token: link, password: 'a reset passphrase' } });
      expect(res.statusCode).toBe(200);
      const event = await closedSignedOut(phone);
      expect(event.reason).toBe('password_reset');
      expect(event.session_ids!.sort()).toEqual([await sessionIdOf(d.phone), await sessionIdOf(d.laptop)].sort());
      expect((await closedSignedOut(laptop)).reason).toBe('password_reset');

      const again = await t.app.inject({ method: 'POST', url: api('login'), payload: { email: d.user.email, password: 'a reset passphrase' } });
      const fresh = await connect(d.as(again.json().token as string), 0);
      await fresh.waitFor(() => fresh.events().some((e) => e.type === 'signed_out'));
      await staysOpen(fresh);
      fresh.close();
    });

    it('account deletion closes every socket of the account', async () => {
      const d = await twoDevices();
      const [phone, laptop] = [await connect(d.as(d.phone)), await connect(d.as(d.laptop))];
      const bystander = await connect(bob);
      await sleep(50);
      expect((await t.app.inject({ url: api('delete-account'), headers: bearer(d.laptop) })).statusCode).toBe(200);
      expect(await closedSignedOut(phone)).toEqual({ reason: 'account_deleted' });
      expect(await closedSignedOut(laptop)).toEqual({ reason: 'account_deleted' });
      await staysOpen(bystander);
      bystander.close();
    });

    it('a suspended or deleted account cannot take a ticket', async () => {
      const suspended = await createTestUser(t.db);
      const deleted = await createTestUser(t.db);
      // marked straight in the table, sessions left live: the account itself is what is checked
      await t.db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [suspended.id]);
      await t.db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [deleted.id]);
      for (const u of [suspended, deleted]) {
        const res = await t.app.inject({ method: 'POST', url: api('realtime/ticket'), headers: u.headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Unauthenticated User');
      }
    });

    it('refuses at the upgrade a ticket whose session ended, or whose account was suspended or deleted, after it was issued', async () => {
      const d = await twoDevices();
      const loggedOut = await ticket(d.as(d.phone));
      const changedAway = await ticket(d.as(d.laptop));
      await t.app.inject({ url: api('logout'), headers: bearer(d.phone) });
      expect(await open(base, `?ticket=${loggedOut}`, { origin: PUBLIC_URL })).toBe(401);
      // a third session changes the password: the laptop's session ends with its ticket
      const third = (await t.app.inject({ method: 'POST', url: api('login'), payload: { email: d.user.email, password: d.password } })).json().token as string;
      await t.app.inject({ method: 'POST', url: api('change-password'), headers: bearer(third), payload: { current_password: d.password, new_password: 'another passphrase 2' } });
      expect(await open(base, `?ticket=${changedAway}`, { origin: PUBLIC_URL })).toBe(401);
      const mine = await ticket(d.as(third));
      const good = await open(base, `?ticket=${mine}`, { origin: PUBLIC_URL });
      expect(good).toBeInstanceOf(Client);
      (good as Client).close();

      for (const column of ['suspended_at', 'deleted_at']) {
        const u = await createTestUser(t.db);
        const issued = await ticket(u);
        await t.db.query(`UPDATE users SET ${column} = now() WHERE id = $1`, [u.id]);
        expect(await open(base, `?ticket=${issued}`, { origin: PUBLIC_URL }), column).toBe(401);
      }
    });
  });

  it('reads announced events by id: for the users it names when they are few, all of them when they are many', async () => {
    const a = await createTestUser(t.db);
    const b = await createTestUser(t.db);
    await t.db.transaction((tx) => insertEvents(tx, [a.id, b.id], 'ping', { n: 1 }));
    const ids = (await t.db.query<{ id: string }>(`SELECT id FROM realtime_events WHERE user_id = ANY($1::uuid[])`, [[a.id, b.id]])).map((r) => Number(r.id));
    expect((await eventsByIds(t.db, ids, [a.id])).map((r) => r.user_id)).toEqual([a.id]);
    // a hub holding hundreds of users reads by id alone and skips, in memory, the users it does not hold
    const many = [a.id, ...Array.from({ length: 250 }, () => randomUUID())];
    expect((await eventsByIds(t.db, ids, many)).map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('prunes events older than the catch-up window and spent tickets', async () => {
    await send(bob, 1);
    await t.db.query(`UPDATE realtime_events SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [bob.id]);
    await send(bob, 2);
    await prune(t.db, 24);
    const left = await t.db.query<{ data: { n: number } }>(`SELECT data FROM realtime_events WHERE user_id = $1`, [bob.id]);
    expect(left.map((r) => r.data.n)).toEqual([2]);
    expect(await t.db.query(`SELECT 1 FROM realtime_tickets WHERE expires_at < now() - interval '1 minute'`)).toEqual([]);
  });

  it('answers heartbeats: a pong keeps the socket', async () => {
    const c = await connect(alice);
    c.send({ kind: 'pong', t: 1 });
    await sleep(50);
    expect(c.closed).toBeNull();
    c.close();
  });

  it.runIf(TEST_DB_KIND === 'postgres')('fans out between instances: an event published through one reaches a socket held by the other', async () => {
    const db2 = await openPostgres(t.db.url!);
    const config = loadConfig({ DATA_DIR: t.dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', PUBLIC_URL });
    const app2 = await buildApp({ config, db: db2, webDistDir: `${t.dataDir}/no-web` });
    try {
      await app2.listen({ port: 0, host: '127.0.0.1' });
      const base2 = `ws://127.0.0.1:${(app2.server.address() as AddressInfo).port}`;
      // the ticket from instance 1, the socket on instance 2: one database
      const c = await open(base2, `?ticket=${await ticket(bob)}`, { origin: PUBLIC_URL });
      if (typeof c === 'number') throw new Error(`refused: ${c}`);
      await c.waitFor((f) => f.some((x) => x.kind === 'hello'));
      c.send({ kind: 'resume', after_id: c.frames[0]!.last_id! });
      await sleep(100);
      await t.db.transaction((tx) => publish(tx, [bob.id], { type: 'test', data: { via: 'instance 1' } }));
      await c.waitFor(() => c.events().length === 1);
      expect(c.events()[0]).toMatchObject({ type: 'test', data: { via: 'instance 1' } });
      c.close();
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it.runIf(TEST_DB_KIND === 'postgres')('a logout through one instance closes the socket held by the other', async () => {
    const db2 = await openPostgres(t.db.url!);
    const config = loadConfig({ DATA_DIR: t.dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', PUBLIC_URL });
    const app2 = await buildApp({ config, db: db2, webDistDir: `${t.dataDir}/no-web` });
    try {
      await app2.listen({ port: 0, host: '127.0.0.1' });
      const base2 = `ws://127.0.0.1:${(app2.server.address() as AddressInfo).port}`;
      const { token, user } = await signUp(t.app);
      const c = await open(base2, `?ticket=${await ticket({ id: user.id, headers: bearer(token) })}`, { origin: PUBLIC_URL });
      if (typeof c === 'number') throw new Error(`refused: ${c}`);
      await c.waitFor((f) => f.some((x) => x.kind === 'hello'));
      c.send({ kind: 'resume', after_id: c.frames[0]!.last_id! });
      await sleep(100);
      expect((await t.app.inject({ url: api('logout'), headers: bearer(token) })).statusCode).toBe(200);
      await c.waitFor(() => c.closed !== null);
      expect(c.closed).toBe(REALTIME_CLOSE.signedOut);
    } finally {
      await app2.close();
      await db2.close();
    }
  });
});

/** The hub's own rules, with stand-in sockets. */
describe('realtime hub', () => {
  const fake = (bufferedAmount = 0) => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const socket = {
      readyState: 1,
      bufferedAmount,
      sent: [] as string[],
      closedWith: null as number | null,
      terminated: false,
      send(data: string) {
        this.sent.push(data);
      },
      close(code?: number) {
        this.closedWith = code ?? 1000;
        this.readyState = 3;
      },
      terminate() {
        this.terminated = true;
        this.readyState = 3;
      },
      on(event: string, cb: (...args: unknown[]) => void) {
        handlers.set(event, cb);
      },
      message: (frame: object) => handlers.get('message')?.(Buffer.from(JSON.stringify(frame)), false),
    };
    return socket;
  };
  // no events; the hello's check finds the socket's session live (or not)
  const dbAnswering = (live: boolean) =>
    ({ query: async (sql: string) => (sql.includes('AS live') ? [{ last_id: null, live }] : []) }) as unknown as ConstructorParameters<typeof RealtimeHub>[0];
  const db = dbAnswering(true);
  const log = { warn: () => undefined } as unknown as ConstructorParameters<typeof RealtimeHub>[1];
  const row = (id: number, userId = 'u1') => ({ id, user_id: userId, type: 'test', data: { id }, created_at: new Date() });

  it('pings, keeps sockets that answer and drops those that do not', async () => {
    const hub = new RealtimeHub(db, log, 40);
    await hub.start();
    const quiet = fake();
    const lively = fake();
    await hub.accept(quiet as unknown as HubSocket, { userId: 'u1', sessionId: 's1' });
    await hub.accept(lively as unknown as HubSocket, { userId: 'u1', sessionId: 's1' });
    const answer = setInterval(() => lively.message({ kind: 'pong' }), 10);
    await sleep(150);
    clearInterval(answer);
    expect(quiet.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(lively.sent.some((f) => JSON.parse(f).kind === 'ping')).toBe(true);
    expect(hub.size).toBe(1);
    await hub.stop();
    expect(lively.closedWith).toBe(REALTIME_CLOSE.restart);
  });

  it('closes a socket whose send buffer is full (4408) without holding up the others', async () => {
    const hub = new RealtimeHub(db, log);
    const slow = fake(SEND_BUFFER_LIMIT + 1);
    const fast = fake();
    await hub.accept(slow as unknown as HubSocket, { userId: 'u1', sessionId: 's1' });
    await hub.accept(fast as unknown as HubSocket, { userId: 'u1', sessionId: 's2' });
    slow.message({ kind: 'resume', after_id: 0 });
    fast.message({ kind: 'resume', after_id: 0 });
    await sleep(20);
    hub.deliver(row(1));
    hub.deliver(row(2));
    expect(slow.closedWith).toBe(4408);
    expect(fast.sent.map((f) => JSON.parse(f)).filter((f) => f.kind === 'event').map((f) => f.id)).toEqual([1, 2]);
    await hub.stop();
  });

  it('closes the sockets of the sessions named, or all of the user\'s when none are named', async () => {
    const hub = new RealtimeHub(db, log);
    const [phone, laptop, tablet, other] = [fake(), fake(), fake(), fake()];
    await hub.accept(phone as unknown as HubSocket, { userId: 'u1', sessionId: 'phone' });
    await hub.accept(laptop as unknown as HubSocket, { userId: 'u1', sessionId: 'laptop' });
    await hub.accept(tablet as unknown as HubSocket, { userId: 'u1', sessionId: 'tablet' });
    await hub.accept(other as unknown as HubSocket, { userId: 'u2', sessionId: 'phone' });
    hub.closeSessions('u1', ['phone', 'tablet'], 4401, 'signed out');
    expect([phone.closedWith, laptop.closedWith, tablet.closedWith, other.closedWith]).toEqual([4401, null, 4401, null]);
    hub.closeSessions('u1', null, 4401, 'signed out');
    expect([laptop.closedWith, other.closedWith]).toEqual([4401, null]);
    await hub.stop();
  });

  it('closes a socket whose session ended before the hub had it (4401), without a hello', async () => {
    const hub = new RealtimeHub(dbAnswering(false), log);
    const late = fake();
    await hub.accept(late as unknown as HubSocket, { userId: 'u1', sessionId: 's1' });
    expect(late.closedWith).toBe(4401);
    expect(late.sent).toEqual([]);
    await hub.stop();
  });
});
