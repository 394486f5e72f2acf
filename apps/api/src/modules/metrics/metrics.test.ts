import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { loadConfig } from '../../config';
import { JOBS, trackJobRun } from '../admin/operations/job-runs';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { newGuest, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { upsertSubscription } from '../push/push.repository';
import { sendPush, type PushSender } from '../push/push.service';
import type { HubSocket } from '../realtime/realtime.hub';
import { HTTP_BUCKETS_SECONDS } from './http-metrics';
import { parseExposition, valueOf, type Family } from './testing';

const TOKEN = 'a'.repeat(24) + '-metrics-token-0123456789';
const quiet = { warn: () => undefined } as unknown as Parameters<typeof trackJobRun>[1];

const scrape = (t: TestContext, authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

async function metricsOf(t: TestContext) {
  const res = await scrape(t, `Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
}

/** A socket as the realtime hub holds one, open and quiet. */
function fakeSocket(): HubSocket {
  return { readyState: 1, bufferedAmount: 0, send: () => undefined, close: () => undefined, terminate: () => undefined, on: () => undefined };
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    listingId = (await publishedListing(t.app)).id;
    // a booking made and paid (instant book: confirmed), and a job run that succeeds and one that fails
    const guest = await newGuest(t.app);
    const booked = await guest.calls.book({ parking_id: listingId, ...window(48, 2) });
    expect(booked.statusCode).toBe(201);
    expect((await guest.calls.pay(booked.json().result.id)).statusCode).toBe(200);
    await trackJobRun(t.db, quiet, JOBS.bookings, () => runBookingJobs(bookingDeps(t.app)));
    await expect(trackJobRun(t.db, quiet, JOBS.mail, () => Promise.reject(new Error('SMTP is down')))).rejects.toThrow();
    await t.app.inject({ url: api(`parkings/${listingId}`) });
    await t.app.inject({ url: api(`parkings/search?lat=12.93&lng=77.62&radius_km=5`) });
  });
  afterAll(() => t.close());

  it('is refused without the token or with a wrong one, the same way whatever is wrong', async () => {
    const wrong = [undefined, '', 'Bearer', `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Bearer ${'b'.repeat(TOKEN.length)}`, `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN} ${TOKEN}`];
    for (const authorization of wrong) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated', code: 'UNAUTHENTICATED' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toMatch(/parkly_|process_/);
    }
    expect((await scrape(t, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('answers the Prometheus text format, every line of it, with conventional names', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const families = parseExposition(res.body);
    const ours = [...families.values()].filter((f) => f.name.startsWith('parkly_'));
    expect(ours.map((f) => `${f.name} ${f.type}`).sort()).toEqual([
      'parkly_bookings gauge',
      'parkly_db_pool_connections gauge',
      'parkly_db_pool_max_connections gauge',
      'parkly_db_pool_waiting_clients gauge',
      'parkly_http_request_duration_seconds histogram',
      'parkly_job_failures_total counter',
      'parkly_job_lag_seconds gauge',
      'parkly_job_last_duration_seconds gauge',
      'parkly_job_runs_total counter',
      'parkly_mail_outbox_messages gauge',
      'parkly_push_failures_total counter',
      'parkly_push_pending gauge',
      'parkly_realtime_sockets gauge',
    ]);
    for (const f of ours) {
      expect(f.help.length, f.name).toBeGreaterThan(10);
      if (f.type === 'counter') expect(f.name).toMatch(/_total$/);
      else expect(f.name).not.toMatch(/_total$/);
      if (f.type === 'histogram') expect(f.name).toMatch(/_seconds$/);
    }
    // the process's own: CPU, memory, event-loop lag
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(families.has(name), name).toBe(true);
    }
  });

  it('times requests by method, route template and status, never by the address asked for', async () => {
    const unknown = `nothing-here-${Date.now()}`;
    expect((await t.app.inject({ url: api(unknown) })).statusCode).toBe(404);
    const families = await metricsOf(t);
    const http = families.get('parkly_http_request_duration_seconds')!;
    expect(http.type).toBe('histogram');
    const routes = new Set(http.samples.map((s) => s.labels.route));
    expect(routes).toContain('/backend/api/v1/parkings/:id');
    expect(routes).toContain('/backend/api/v1/bookings/:id/pay');
    expect(routes).toContain('unmatched');
    for (const s of http.samples) {
      expect(s.labels.route).not.toContain(listingId);
      expect(s.labels.route).not.toContain(unknown);
    }
    const detail = { method: 'GET', route: '/backend/api/v1/parkings/:id', status_code: '200' };
    expect(valueOf(families, 'parkly_http_request_duration_seconds_count', detail)).toBe(1);
    expect(valueOf(families, 'parkly_http_request_duration_seconds_sum', detail)).toBeGreaterThan(0);
    expect(valueOf(families, 'parkly_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    const buckets = http.samples.filter((s) => s.name.endsWith('_bucket') && s.labels.route === detail.route && s.labels.status_code === '200');
    expect(buckets.map((b) => b.labels.le)).toEqual([...HTTP_BUCKETS_SECONDS.map(String), '+Inf']);
  });

  it('shows the database pools', async () => {
    const families = await metricsOf(t);
    const inUse = valueOf(families, 'parkly_db_pool_connections', { pool: 'main', state: 'in_use' });
    const idle = valueOf(families, 'parkly_db_pool_connections', { pool: 'main', state: 'idle' });
    const max = valueOf(families, 'parkly_db_pool_max_connections', { pool: 'main' });
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeLessThanOrEqual(max);
    expect(valueOf(families, 'parkly_db_pool_waiting_clients', { pool: 'main' })).toBe(0);
    if (TEST_DB_KIND === 'postgres') {
      expect(max).toBe(10);
      expect(idle).toBeGreaterThanOrEqual(1);
      // the search ran on its own pool
      expect(valueOf(families, 'parkly_db_pool_max_connections', { pool: 'tuned:enable_bitmapscan=off' })).toBe(8);
    } else {
      expect(max).toBe(1);
      expect(inUse + idle).toBe(1);
    }
  });

  it("counts the jobs' runs and failures, with their lag and last duration", async () => {
    const families = await metricsOf(t);
    const job = (name: string, labels: Record<string, string>) => valueOf(families, name, labels);
    expect(job('parkly_job_runs_total', { job: JOBS.bookings })).toBe(1);
    expect(job('parkly_job_failures_total', { job: JOBS.bookings })).toBe(0);
    expect(job('parkly_job_runs_total', { job: JOBS.mail })).toBe(1);
    expect(job('parkly_job_failures_total', { job: JOBS.mail })).toBe(1);
    expect(job('parkly_job_runs_total', { job: JOBS.realtimePrune })).toBe(0);
    expect(job('parkly_job_last_duration_seconds', { job: JOBS.bookings })).toBeGreaterThan(0);
    expect(job('parkly_job_last_duration_seconds', { job: JOBS.bookings })).toBeLessThan(30);
    // succeeded moments ago; the mail job never did, so its lag runs from the start of the app
    const bookingsLag = job('parkly_job_lag_seconds', { job: JOBS.bookings });
    expect(bookingsLag).toBeGreaterThanOrEqual(0);
    expect(job('parkly_job_lag_seconds', { job: JOBS.mail })).toBeGreaterThan(bookingsLag);
  });

  it('shows the mail outbox backlog: due, waiting for a retry, being sent, failed for good', async () => {
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= now()`);
    await t.db.query(
      `INSERT INTO email_outbox (to_address, subject, body_text, status, attempts, next_attempt_at, sending_until, last_error) VALUES
         ('a@example.com', 'Due', 'x', 'pending', 0, now() - interval '1 minute', NULL, NULL),
         ('b@example.com', 'Retry', 'x', 'pending', 2, now() + interval '10 minutes', NULL, 'timeout'),
         ('c@example.com', 'Retry', 'x', 'pending', 1, now() + interval '1 minute', NULL, 'timeout'),
         ('d@example.com', 'Sending', 'x', 'sending', 1, now(), now() + interval '5 minutes', NULL),
         ('e@example.com', 'Gave up', 'x', 'failed', 8, now(), NULL, 'refused'),
         ('f@example.com', 'Sent', 'x', 'sent', 1, now(), NULL, NULL)`,
    );
    const families = await metricsOf(t);
    const state = (s: string) => valueOf(families, 'parkly_mail_outbox_messages', { state: s });
    // the paid booking queued its receipts too: they are due
    expect(before[0]!.n).toBeGreaterThanOrEqual(1);
    expect(state('due')).toBe(before[0]!.n + 1);
    expect(state('retrying')).toBe(2);
    expect(state('sending')).toBe(1);
    expect(state('failed')).toBe(1);
  });

  it('shows pushes in flight and counts the failed ones', async () => {
    const user = await createTestUser(t.db);
    await upsertSubscription(t.db, user.id, null, { endpoint: 'https://push.example.com/send/metrics-test', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) });
    let answer: ((err?: Error & { statusCode: number }) => void) | null = null;
    const sender: PushSender = {
      vapid: async () => ({ subject: 'mailto:ops@example.com', publicKey: 'public', privateKey: 'private' }),
      // the push service holds the push until the test answers, then refuses it
      transport: () => new Promise((_resolve, reject) => (answer = () => reject(Object.assign(new Error('refused'), { statusCode: 400 })))),
      log: { warn: () => undefined },
      retryDelaysMs: [],
    };
    const before = await metricsOf(t);
    expect(valueOf(before, 'parkly_push_pending')).toBe(0);
    const failuresBefore = valueOf(before, 'parkly_push_failures_total');
    const sending = sendPush(t.db, user.id, { title: 'Hello', body: 'A push' }, sender);
    await vi.waitFor(async () => expect(valueOf(await metricsOf(t), 'parkly_push_pending')).toBe(1));
    // the push counts as pending before it reaches the push service: answer once it has
    await vi.waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect((await sending).failed).toBe(1);
    const after = await metricsOf(t);
    expect(valueOf(after, 'parkly_push_pending')).toBe(0);
    expect(valueOf(after, 'parkly_push_failures_total')).toBe(failuresBefore + 1);
  });

  it('shows the realtime sockets this instance holds', async () => {
    expect(valueOf(await metricsOf(t), 'parkly_realtime_sockets')).toBe(0);
    const user = await createTestUser(t.db);
    await t.app.realtime.accept(fakeSocket(), { userId: user.id, sessionId: 'metrics-test' });
    await t.app.realtime.accept(fakeSocket(), { userId: user.id, sessionId: 'metrics-test' });
    expect(valueOf(await metricsOf(t), 'parkly_realtime_sockets')).toBe(2);
    t.app.realtime.closeSessions(user.id, null, 4401, 'test');
  });

  it('shows the live bookings by status, counted at most every 30 s', async () => {
    const families = await metricsOf(t);
    expect(valueOf(families, 'parkly_bookings', { status: 'confirmed' })).toBe(1);
    expect(valueOf(families, 'parkly_bookings', { status: 'requested' })).toBe(0);
    const held = valueOf(families, 'parkly_bookings', { status: 'pending_payment' });
    // a new unpaid hold: the next scrape within 30 s still shows the count it made
    const guest = await newGuest(t.app);
    expect((await guest.calls.book({ parking_id: listingId, ...window(96, 2) })).statusCode).toBe(201);
    expect(valueOf(await metricsOf(t), 'parkly_bookings', { status: 'pending_payment' })).toBe(held);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      expect(valueOf(await metricsOf(t), 'parkly_bookings', { status: 'pending_payment' })).toBe(held + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('metrics on a listener of their own (METRICS_PORT)', () => {
  let t: TestContext;
  let port: number;
  let base: string;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_PORT: String(port) });
    await t.app.metrics.listen();
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  it('serves /metrics there, on 127.0.0.1 by default, with no token', async () => {
    expect(t.app.metrics.listener!.addresses()).toEqual([expect.objectContaining({ address: '127.0.0.1', port })]);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const families: Map<string, Family> = parseExposition(await res.text());
    expect(families.has('parkly_bookings')).toBe(true);
    expect(families.has('parkly_http_request_duration_seconds')).toBe(true);
  });

  it('serves nothing else there', async () => {
    for (const path of ['/', '/backend/api/v1/health', '/backend/api/v1/get_profile', '/uploads/x.webp', '/metrics/x', '/openapi.json']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    expect((await fetch(`${base}/metrics`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('is not on the main port, which answers /metrics as an unknown path', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('stops listening when the app closes', async () => {
    const other = await createTestApp({ METRICS_PORT: String(await freePort()) });
    await other.app.metrics.listen();
    const address = other.app.metrics.listener!.addresses()[0] as { port: number };
    expect((await fetch(`http://127.0.0.1:${address.port}/metrics`)).status).toBe(200);
    const started = Date.now();
    await other.close();
    // a scraper's kept-alive connection does not hold the shutdown up
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(fetch(`http://127.0.0.1:${address.port}/metrics`)).rejects.toThrow();
  });
});

describe('without METRICS_PORT or METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    // with a web app, so that an unknown path could fall back to its page
    t = await createTestApp({}, (dir) => {
      const webDistDir = join(dir, 'web');
      mkdirSync(webDistDir, { recursive: true });
      writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
      return { webDistDir };
    });
  });
  afterAll(() => t.close());

  it('answers /metrics with the JSON 404 of any unknown path, never the web page, whatever the token', async () => {
    expect(t.app.metrics.registry).toBeNull();
    expect((await t.app.inject({ url: '/some-screen' })).headers['content-type']).toMatch(/text\/html/);
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('metrics configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/parkly-config-test', ...env });

  it('is off by default, and takes a port, a host and a token', () => {
    expect(load({})().metrics).toBeNull();
    expect(load({ METRICS_PORT: '9464' })().metrics).toEqual({ token: null, listen: { port: 9464, host: '127.0.0.1' } });
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: TOKEN })().metrics).toEqual({ token: TOKEN, listen: { port: 9464, host: '10.0.0.5' } });
    expect(load({ METRICS_TOKEN: TOKEN })().metrics).toEqual({ token: TOKEN, listen: null });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(load({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT: must be a number/);
    expect(load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(load({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(load({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(load({ METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_PORT: must be set to serve metrics on METRICS_HOST/);
    expect(load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be 32 to 512 characters/);
    expect(load({ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` })).toThrow(/METRICS_TOKEN/);
  });
});
