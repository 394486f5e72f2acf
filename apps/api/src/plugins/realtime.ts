import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JOBS, trackJobRun } from '../modules/admin/operations/job-runs';
import { DIGEST_EVERY_MS, runMessageDigests } from '../modules/chat/message-digest.service';
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
 * (1012 "service restart": clients reconnect elsewhere and resume) when the app closes, and, with the
 * workers, prunes old events and queues the chat digest for users who were offline (it reads the
 * presence the hub keeps).
 */
async function realtimePlugin(app: FastifyInstance, opts: { workers: boolean; pingEveryMs?: number }) {
  const hub = new RealtimeHub(app.db, app.log, opts.pingEveryMs);
  app.decorate('realtime', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  if (opts.workers) {
    const run = () => trackJobRun(app.db, app.log, JOBS.realtimePrune, () => prune(app.db, KEEP_HOURS));
    const timer = setInterval(() => void run().catch((err: unknown) => app.log.warn({ err }, 'realtime: prune failed')), PRUNE_EVERY_MS);
    timer.unref();
    let digesting: Promise<unknown> | null = null;
    const digest = () => trackJobRun(app.db, app.log, JOBS.messageDigest, () => runMessageDigests({ db: app.db, publicUrl: app.config.publicUrl }));
    const digests = setInterval(() => {
      digesting ??= digest()
        .catch((err: unknown) => app.log.warn({ err }, 'chat digest failed'))
        .finally(() => (digesting = null));
    }, DIGEST_EVERY_MS);
    digests.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(digests);
      await digesting;
    });
  }
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['db'] });
