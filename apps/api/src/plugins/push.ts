import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JOBS, trackJobRun } from '../modules/admin/operations/job-runs';
import { createPushOutbox, PUSH_SWEEP_EVERY_MS } from '../modules/push/push-outbox';
import { getPushSender } from '../modules/push/push.service';

/**
 * The push outbox's sender (modules/push/push-outbox.ts) in this process: kicked by the commit of every
 * change that wrote pushes (LISTEN, so pushes go out as soon as they exist, whichever instance wrote
 * them) and by its own retries; with the workers, a sweep every few seconds also picks up what a crash
 * left. Off the request path: a slow push service delays pushes, never an answer.
 */
async function pushPlugin(app: FastifyInstance, opts: { workers: boolean }) {
  const outbox = createPushOutbox({ db: app.db, sender: getPushSender, log: app.log });
  let unlisten: (() => Promise<void>) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let sweeping: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    unlisten = await outbox.listen(app.db);
    if (opts.workers) {
      timer = setInterval(() => {
        sweeping ??= trackJobRun(app.db, app.log, JOBS.pushOutbox, () => outbox.sweep())
          .catch((err: unknown) => app.log.warn({ err }, 'push outbox sweep failed'))
          .finally(() => (sweeping = null));
      }, PUSH_SWEEP_EVERY_MS);
      timer.unref();
      // what the last run of this (or another) instance left is due now
      outbox.kick();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    // the database may be gone already (closed first): nothing left to stop listening on
    await unlisten?.().catch(() => undefined);
    await sweeping;
    // a push being sent finishes (or its lease lets another instance take it over after a hard stop)
    await outbox.close();
  });
}

export default fp(pushPlugin, { name: 'push', dependencies: ['db'] });
