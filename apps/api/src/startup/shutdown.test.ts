import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@parkly/shared/realtime';
import { api, openTestDatabase, TEST_DB_KIND } from '../../test/helper';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { createTestUser } from '../modules/notifications/test-users';
import { drainAndClose } from './shutdown';

/** The `ws` client (a dependency of @fastify/websocket; its types are not installed), typed by what the test uses. */
interface WsClient {
  send(data: string): void;
  on(event: 'open', cb: () => void): void;
  on(event: 'close', cb: (code: number) => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  on(event: 'unexpected-response', cb: (req: unknown, res: IncomingMessage) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

const DRAIN_MS = 1_500;
const SLOW_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The order of a graceful shutdown (startup/shutdown.ts, decision 017), through real HTTP and a real
 * socket: readiness turns 503 first, requests are still served through the window (each answer closing
 * its connection), then the socket is closed with 1012, a request in flight at that moment is finished,
 * new connections are refused and the database is closed.
 */
describe(`graceful drain (${TEST_DB_KIND})`, () => {
  let app: App;
  let db: Database;
  let dataDir: string;
  let base: string;
  let user: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'parkly-drain-'));
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
    // a request that takes a while, to be in flight when the window ends
    app.get('/test/slow', async () => {
      await sleep(SLOW_MS);
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    user = await createTestUser(db);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const get = (path: string) => fetch(`http://${base}${path}`);

  it('turns readiness 503 at once, serves through the window, then closes sockets with 1012 and refuses new connections', async () => {
    // before: ready, and answers keep their connection
    const before = await get(api('ready'));
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).not.toBe('close');

    // a signed-in socket, resumed and live
    const ticket = ((await (await fetch(`http://${base}${api('realtime/ticket')}`, { method: 'POST', headers: user.headers })).json()) as { ticket: string }).ticket;
    const ws = new WebSocket(`ws://${base}${api('realtime')}?ticket=${ticket}`);
    let closedWith: number | null = null;
    let closedAt = 0;
    const closed = new Promise<void>((resolve) =>
      ws.on('close', (code) => {
        closedWith = code;
        closedAt = Date.now();
        resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { kind: string; last_id?: number };
        if (frame.kind === 'hello') {
          ws.send(JSON.stringify({ kind: 'resume', after_id: frame.last_id }));
          resolve();
        }
      });
      ws.on('error', reject);
    });

    const started = Date.now();
    const done = drainAndClose({ app, db, drainMs: DRAIN_MS });

    // 1. readiness first: 503 at once, in the API's error shape
    const ready = await get(api('ready'));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ code: 'UNAVAILABLE', message: 'This instance is shutting down' });
    expect(Date.now() - started).toBeLessThan(DRAIN_MS / 2);

    // 2. still serving through the window, reads and writes, each answer closing its connection
    const health = await get(api('health'));
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    const write = await fetch(`http://${base}${api('realtime/ticket')}`, { method: 'POST', headers: user.headers });
    expect(write.status).toBe(200);
    expect(write.headers.get('connection')).toBe('close');
    expect(closedWith).toBeNull();

    // 3. a request still running when the window ends is finished
    await sleep(DRAIN_MS - SLOW_MS / 2 - (Date.now() - started));
    const slow = get('/test/slow');
    await closed;
    expect(closedWith).toBe(REALTIME_CLOSE.restart);
    expect(closedAt - started).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    const slowAnswer = await slow;
    expect(slowAnswer.status).toBe(200);
    expect(await slowAnswer.json()).toEqual({ done: true });

    // 4. no new connection once the window is over; the database is closed at the end
    const took = await done;
    expect(took).toBeGreaterThanOrEqual(DRAIN_MS);
    const refused = await get(api('health')).then(
      () => 'answered',
      (err: Error) => (err.cause as NodeJS.ErrnoException | undefined)?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });
});
