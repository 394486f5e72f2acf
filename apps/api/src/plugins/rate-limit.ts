import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/app-error';
import { waitText } from '../lib/wait-text';
import { bumpCounter, peekCounter } from '../modules/rate-limits/counters.service';

type Cb = (err: Error | null, res?: { current: number; ttl: number }) => void;

export interface Limit {
  max: number;
  /** milliseconds */
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler hook counting a route's calls per signed-in user (the route's auth hook has run by
     * then: onRequest hooks, config.rateLimit's per-address limit among them, come first). Past `limit.max`
     * in the window: 429 with Retry-After and `message`, followed by when to try again.
     */
    perUserLimit: (name: string, limit: Limit, message: string) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Per-route limits (config.rateLimit on a route; none are global). Counters live in the database,
 * keyed by route and client address (TRUST_PROXY decides whether X-Forwarded-For is believed); per-user
 * limits (perUserLimit) use the same counters, keyed by the user.
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
  app.decorate('perUserLimit', (name: string, limit: Limit, message: string) => async (request: FastifyRequest) => {
    if (!opts.enabled || !request.user) return;
    const hits = await bumpCounter(db, `rl:user:${name}:${request.user.id}`, limit.timeWindow);
    if (hits.count > limit.max) throw tooManyRequests(hits.ttlMs, `${message} Please try again in ${waitText(hits.ttlMs)}.`);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['db'] });
