/**
 * Two built servers on one PostgreSQL behind nginx configured by deploy/nginx/parkly.conf, as in
 * production (TRUST_PROXY=1, TLS at nginx): a forged X-Forwarded-For gains nothing, a chat message
 * crosses instances to a socket held through nginx, and an instance restarted while requests flow
 * fails none of them, its socket reconnecting and resuming. Issue 17; docs/decisions/017-graceful-drain.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createDatabase, Instance, missingPrerequisite, Nginx, PORTS, RealtimeClient, request, type Answer, type RequestOptions } from './harness';

const DRAIN_MS = 11_000;
const DEMO_PASSWORD = 'parkly-demo';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Profile {
  id: string;
}

describe('two instances behind nginx', () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
  let a: Instance;
  let b: Instance;
  let nginx: Nginx;
  let guest: { token: string; user: Profile };
  let host: { token: string; user: Profile };
  let listingId: string;
  let listingIds: string[];
  let roomId: string;

  const login = async (email: string, opts: RequestOptions = {}) => {
    const res = await request('POST', `${API}/login`, { ...opts, body: { email, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    const j = res.json<{ token: string; result: Profile }>();
    return { token: j.token, user: j.result };
  };

  beforeAll(async () => {
    const missing = missingPrerequisite();
    if (missing) throw new Error(`The load-balancer test cannot run: ${missing}`);
    dir = mkdtempSync(join(tmpdir(), 'parkly-lb-'));
    database = await createDatabase();
    const env = (name: string) => ({
      NODE_ENV: 'production',
      DATABASE_URL: database!.url,
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, `data-${name}`),
      PUBLIC_URL: `https://127.0.0.1:${PORTS.https}`,
      PAYMENT_PROVIDER: 'simulated',
      // the demo accounts and listings, loaded by the first instance into the empty database
      DEMO_DATA: '1',
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
    });
    a = new Instance('instance A', PORTS.a, PORTS.metricsA, env('a'));
    b = new Instance('instance B', PORTS.b, PORTS.metricsB, env('b'));
    await a.start();
    await b.start();
    nginx = new Nginx(join(dir, 'nginx'));
    await nginx.start();

    guest = await login('guest@parkly.test');
    host = await login('host@parkly.test');
    const mine = await request('GET', `${API}/parkings/mine`, { token: host.token });
    listingIds = mine
      .json<{ result: { id: string; status: string }[] }>()
      .result.filter((l) => l.status === 'active')
      .map((l) => l.id);
    listingId = listingIds[0]!;
    const room = await request('POST', `${API}/chat-rooms`, { token: guest.token, body: { parking_id: listingId } });
    expect(room.status).toBe(200);
    roomId = room.json<{ result: { id: string } }>().result.id;
  });

  afterAll(async () => {
    await nginx?.stop();
    // no drain at the end of the test: killed, and the database dropped WITH (FORCE)
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTPS, redirects HTTP, and hands each request to the instances in turn', async () => {
    const redirect = await request('GET', '/search?q=x', { port: PORTS.http });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/search?q=x');
    const before = nginx.accessLog().split('\n').length;
    for (let i = 0; i < 4; i++) expect((await request('GET', `${API}/ready`)).status).toBe(200);
    const served = nginx.accessLog().split('\n').slice(before - 1).join('\n');
    expect(served).toContain(`upstream=127.0.0.1:${PORTS.a}`);
    expect(served).toContain(`upstream=127.0.0.1:${PORTS.b}`);
  });

  it('a forged X-Forwarded-For, new at every try, does not dodge the login limit; sessions and the audit log see the real address', async () => {
    const attemptsUntil429 = async (from: string, forge: boolean) => {
      for (let n = 1; n <= 40; n++) {
        const headers: Record<string, string> = forge ? { 'x-forwarded-for': `203.0.113.${n}, 198.51.100.${n}` } : {};
        const res = await request('POST', `${API}/login`, { localAddress: from, headers, body: { email: `nobody-${n}-${from}@example.com`, password: 'not the password' } });
        if (res.status === 429) return n;
        expect(res.status).toBe(401);
      }
      return Infinity;
    };
    const plain = await attemptsUntil429('127.0.0.2', false);
    expect(plain).toBe(31); // ROUTE_LIMITS.login: 30 in 15 minutes per address
    expect(await attemptsUntil429('127.0.0.3', true)).toBe(plain);

    // the session and the audit entry of an admin who forges the header hold the address nginx saw
    const forged = { 'x-forwarded-for': '203.0.113.99' };
    const admin = await login('admin@parkly.test', { localAddress: '127.0.0.4', headers: forged });
    const detail = await request('GET', `${API}/admin/users/${admin.user.id}`, { token: admin.token });
    const ips = detail.json<{ result: { sessions: { ip: string | null }[] } }>().result.sessions.map((s) => s.ip);
    expect(ips).toContain('127.0.0.4');
    expect(ips).not.toContain('203.0.113.99');
    const signup = await request('POST', `${API}/signup`, { body: { name: 'Someone Suspended', email: `suspended-${Date.now()}@example.com`, password: 'a sensible passphrase' } });
    expect(signup.status).toBe(201);
    const victim = signup.json<{ result: Profile }>().result.id;
    const suspend = await request('POST', `${API}/admin/users/${victim}/suspend`, {
      token: admin.token,
      localAddress: '127.0.0.4',
      headers: forged,
      body: { reason: 'Load-balancer test' },
    });
    expect(suspend.status).toBe(200);
    const audit = await request('GET', `${API}/admin/audit?subject=${victim}`, { token: admin.token });
    const entries = audit.json<{ result: { action: string; ip: string | null }[] }>().result;
    expect(entries.map((e) => [e.action, e.ip])).toContainEqual(['user.suspend', '127.0.0.4']);
  });

  it('a chat message sent through one instance arrives on a socket held through nginx by the other', async () => {
    const socket = new RealtimeClient(guest.token);
    await socket.connect();
    try {
      const [onA, onB] = [await a.sockets(), await b.sockets()];
      expect(onA + onB).toBe(1);
      const other = onA === 1 ? b : a;
      const text = `Across instances ${Date.now()}`;
      const sent = await request('POST', `${API}/chat-rooms/${roomId}/messages`, { port: other.port, token: host.token, body: { text } });
      expect(sent.status).toBe(201);
      await socket.waitFor(() => socket.messageTexts(roomId).includes(text));
    } finally {
      socket.close();
    }
  });

  it('restarting an instance while requests flow fails none of them; its socket reconnects and resumes without losing a message', async () => {
    const driver = await request('POST', `${API}/signup`, { body: { name: 'Steady Driver', email: `driver-${Date.now()}@example.com`, password: 'a sensible passphrase' } });
    expect(driver.status).toBe(201);
    const driverToken = driver.json<{ token: string }>().token;
    const socket = new RealtimeClient(guest.token);
    await socket.connect();
    const holder = (await a.sockets()) === 1 ? a : b;

    const failures: string[] = [];
    const counts = { requests: 0, duringDrain: 0 };
    let draining = false;
    let flowing = true;
    /** one request of the flow: anything but the expected answer (or no answer) is a failure */
    const step = async (what: string, expected: number, call: () => Promise<Answer>) => {
      counts.requests += 1;
      if (draining) counts.duringDrain += 1;
      try {
        const res = await call();
        if (res.status !== expected) failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
        return res;
      } catch (err) {
        failures.push(`${what}: ${(err as Error).message}`);
        return null;
      }
    };
    const loop = async (pauseMs: number, body: () => Promise<void>) => {
      while (flowing) {
        await body();
        await sleep(pauseMs);
      }
    };
    // a listing of the host's that takes a two-hour booking in three days
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const period = `start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}`;
    let bookable: string | undefined;
    for (const id of listingIds) {
      const quote = await request('GET', `${API}/parkings/${id}/quote?${period}`);
      if (quote.status === 200 && quote.json<{ result: { available: boolean } }>().result.available) {
        bookable = id;
        break;
      }
    }
    expect(bookable).toBeDefined();
    const sentTexts: string[] = [];
    let n = 0;
    const flow = Promise.all([
      // reads, anonymous
      loop(20, async () => {
        await step('GET listing', 200, () => request('GET', `${API}/parkings/${listingId}`));
      }),
      loop(20, async () => {
        await step('GET ready', 200, () => request('GET', `${API}/health`));
      }),
      // writes: a favourite added and removed
      loop(50, async () => {
        await step('POST favorites', 201, () => request('POST', `${API}/favorites`, { token: guest.token, body: { parking_id: listingId } }));
        await step('DELETE favorites', 200, () => request('DELETE', `${API}/favorites/${listingId}`, { token: guest.token }));
      }),
      // a hold made and cancelled (20 of each per driver in 15 minutes)
      loop(1_500, async () => {
        const hold = await step('POST bookings', 201, () =>
          request('POST', `${API}/bookings`, { token: driverToken, body: { parking_id: bookable, start: start.toISOString(), end: end.toISOString() } }),
        );
        const id = hold?.status === 201 ? hold.json<{ result: { id: string } }>().result.id : null;
        if (id) await step('POST bookings/:id/cancel', 200, () => request('POST', `${API}/bookings/${id}/cancel`, { token: driverToken, body: {} }));
      }),
      // chat messages from the host to the guest's socket (30 a minute per user)
      loop(1_400, async () => {
        const text = `Message ${++n}`;
        const res = await step('POST chat message', 201, () => request('POST', `${API}/chat-rooms/${roomId}/messages`, { token: host.token, body: { text } }));
        if (res?.status === 201) sentTexts.push(text);
      }),
    ]);

    await sleep(2_000);
    // SIGTERM: readiness turns 503 at once, the instance serves through the window, then closes
    draining = true;
    const stopping = holder.stop();
    await sleep(300);
    expect((await request('GET', `${API}/ready`, { port: holder.port })).status).toBe(503);
    expect((await request('GET', `${API}/health`, { port: holder.port })).status).toBe(200);
    const stopped = await stopping;
    draining = false;
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeGreaterThanOrEqual(DRAIN_MS);
    const linesBefore = nginx.accessLog().split('\n').length - 1;
    await holder.start();
    // the flow goes on until nginx sends traffic to the restarted instance again (after fail_timeout)
    const backAt = Date.now();
    while (!nginx.accessLog().split('\n').slice(linesBefore).some((l) => l.startsWith('2') && l.includes(`upstream=127.0.0.1:${holder.port} `))) {
      if (Date.now() - backAt > 15_000) throw new Error(`nginx sent nothing to ${holder.name} after its restart:\n${nginx.errorLog()}`);
      await sleep(200);
    }
    await sleep(1_000);
    flowing = false;
    await flow;

    // one message after the restart, through nginx, reaches the socket too
    const last = `After the restart ${Date.now()}`;
    expect((await request('POST', `${API}/chat-rooms/${roomId}/messages`, { token: host.token, body: { text: last } })).status).toBe(201);
    sentTexts.push(last);
    try {
      await socket.waitFor(() => socket.messageTexts(roomId).includes(last), 15_000);
      // requests nginx passed on to the other instance after a refused connection (two upstreams in one line)
      const retried = nginx.accessLog().split('\n').filter((l) => /upstream=\S+, /.test(l)).length;
      console.log(
        `restart of ${holder.name}: stopped in ${stopped.ms} ms (drain ${DRAIN_MS} ms); ${counts.requests} requests, ${counts.duringDrain} during the drain, ${failures.length} failed, ${retried} retried by nginx on the other instance; socket closes ${socket.closes.join(',')}, reconnected after ${socket.connects - 1}`,
      );
      expect(failures).toEqual([]);
      expect(counts.requests).toBeGreaterThan(200);
      // the socket was told to reconnect (1012), did, and every message came, once
      expect(socket.closes).toEqual([1012]);
      expect(socket.connects).toBe(2);
      const received = socket.messageTexts(roomId).filter((t) => t.startsWith('Message ') || t.startsWith('After the restart'));
      expect([...received].sort()).toEqual([...sentTexts].sort());
      const ids = socket.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      socket.close();
    }
  });
});
