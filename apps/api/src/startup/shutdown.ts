/**
 * The graceful shutdown on SIGTERM/SIGINT (server.ts), in the order docs/decisions/017-graceful-drain.md
 * explains:
 *   1. drain: /ready answers 503 at once, while every request (new or in flight) is still served, each
 *      answer closing its connection, for SHUTDOWN_DRAIN_MS, so the load balancer moves traffic away;
 *   2. close (app.close()): stop accepting connections, tell every realtime socket to reconnect elsewhere
 *      (1012), finish the requests in flight, close idle keep-alive connections, then stop the jobs
 *      (each waits for a run in progress);
 *   3. close the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app';
import type { Database } from '../db/database';

export interface DrainOptions {
  app: App;
  db: Database;
  /** how long to keep serving after readiness turned 503 (config.shutdownDrainMs) */
  drainMs: number;
  log?: FastifyBaseLogger;
  /** the wait (tests may pass their own) */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drains, closes the app, closes the database; resolves with how long it took (ms). */
export async function drainAndClose({ app, db, drainMs, log = app.log, wait = sleep }: DrainOptions): Promise<number> {
  const started = Date.now();
  app.shutdown.beginDrain();
  if (drainMs > 0) {
    log.info({ drainMs }, 'draining: /ready answers 503 and requests are still served until the window ends');
    await wait(drainMs);
  }
  log.info('closing: no new connections, sockets told to reconnect (1012), requests in flight finish');
  await app.close();
  await db.close();
  const took = Date.now() - started;
  log.info({ ms: took }, 'closed');
  return took;
}
