import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/database';
import { AppError } from '../lib/app-error';

/** Counts one hit of `key` in a fixed window kept in the database; every instance sees the same count. */
export async function bumpCounter(db: Queryable, key: string, windowMs: number) {
  const rows = await db.query<{ count: number; reset_at: Date }>(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
     RETURNING count, reset_at`,
    [key, windowMs],
  );
  const row = rows[0]!;
  return { count: row.count, ttlMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
}

export async function peekCounter(db: Queryable, key: string) {
  const rows = await db.query<{ count: number; reset_at: Date }>(`SELECT count, reset_at FROM rate_limits WHERE key = $1 AND reset_at > now()`, [key]);
  const row = rows[0];
  return row ? { count: row.count, ttlMs: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) } : { count: 0, ttlMs: 0 };
}

export async function clearCounter(db: Queryable, key: string) {
  await db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
}

export function tooManyRequests(ttlMs: number, message = 'Too many attempts. Please wait a little and try again.') {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(seconds) } });
}

type Cb = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * Per-route limits (config.rateLimit on a route; none are global). Counters live in the database,
 * keyed by route and client address (TRUST_PROXY decides whether X-Forwarded-For is believed).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { enabled: boolean }) {
  const db = app.db;
  class DbStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: { method?: string; url?: string } } = {}) {
      this.prefix = options.routeInfo ? `${options.routeInfo.method} ${options.routeInfo.url}` : 'global';
    }
    incr(key: string, cb: Cb, timeWindow: number) {
      bumpCounter(db, `rl:${this.prefix}:${key}`, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: Cb) {
      peekCounter(db, `rl:${this.prefix}:${key}`).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new DbStore(routeOptions);
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: DbStore as never,
    skipOnError: true,
    allowList: () => !opts.enabled,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl, `Too many requests. Please try again in ${ctx.after}.`),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['db'] });
