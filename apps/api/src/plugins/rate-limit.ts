import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/app-error';
import { bumpCounter, peekCounter } from '../modules/rate-limits/counters.service';

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
