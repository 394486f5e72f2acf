import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RealtimeHub } from '../modules/realtime/realtime.hub';
import { prune } from '../modules/realtime/realtime.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the realtime sockets this process holds (modules/realtime/realtime.hub.ts) */
    realtime: RealtimeHub;
  }
}

/** Stored events are kept this long for catch-up after a reconnect. */
const KEEP_HOURS = 24;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The realtime hub of this process: it LISTENs for events once the app is ready, closes its sockets
 * (1001, clients reconnect elsewhere) when the app closes, and, with the workers, prunes old events.
 */
async function realtimePlugin(app: FastifyInstance, opts: { workers: boolean; pingEveryMs?: number }) {
  const hub = new RealtimeHub(app.db, app.log, opts.pingEveryMs);
  app.decorate('realtime', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  if (opts.workers) {
    const timer = setInterval(() => void prune(app.db, KEEP_HOURS).catch((err: unknown) => app.log.warn({ err }, 'realtime: prune failed')), PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['db'] });
