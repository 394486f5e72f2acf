import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverPending } from '../modules/mail/mail.service';

/** Polls the outbox while the server runs. Tests do not start it; they read the outbox table. */
async function mailPlugin(app: FastifyInstance, opts: { smtpUrl?: string; from: string; worker: boolean }) {
  if (!opts.worker) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverPending(app.db, { smtpUrl: opts.smtpUrl, from: opts.from, log: app.log })
      .catch((err) => app.log.warn({ err }, 'outbox run failed'))
      .finally(() => (running = false));
  }, 3000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
