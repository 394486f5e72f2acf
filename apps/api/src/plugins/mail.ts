import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JOBS, trackJobRun } from '../modules/admin/operations/job-runs';
import { createOutboxSender } from '../modules/mail/outbox-sender';

/**
 * Runs the outbox worker every few seconds while the server runs, off the request path: a slow or
 * down SMTP server delays mail, never an answer. Tests do not start it; they run the sender themselves.
 */
async function mailPlugin(app: FastifyInstance, opts: { smtpUrl?: string; from: string; worker: boolean }) {
  if (!opts.worker) return;
  const sender = createOutboxSender({ smtpUrl: opts.smtpUrl, from: opts.from, log: app.log });
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = trackJobRun(app.db, app.log, JOBS.mail, () => sender.runOnce(app.db))
      .catch((err) => app.log.warn({ err }, 'outbox run failed'))
      .finally(() => (running = null));
  }, 3000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // a mail being sent finishes (or its lease lets another instance take it over after a hard stop)
    await running;
    sender.close();
  });
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
