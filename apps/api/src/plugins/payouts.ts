import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { trackJobRun } from '../modules/admin/operations/job-runs';
import { createPayoutSender, PAYOUT_SWEEP_EVERY_MS, runPayoutSchedules, type PayoutSender } from '../modules/earnings/razorpay-payouts';
import { razorpayDriver } from '../modules/payments/razorpay-provider';

/** Its runs in job_runs and /metrics (only on a server that makes payouts, so not among JOBS, whose lag every server reports). */
const PAYOUTS_JOB = 'razorpayx-payouts';

declare module 'fastify' {
  interface FastifyInstance {
    /** RazorpayX payouts (docs/decisions/033-razorpayx-payouts.md): null when an admin makes payouts by hand */
    payoutSender: PayoutSender | null;
  }
}

/**
 * Automatic payouts, when RAZORPAY_KEY_ID/SECRET and RAZORPAYX_ACCOUNT_NUMBER are set (whichever
 * PAYMENT_PROVIDER takes guests' money): the sender, kicked after every payout request's commit; with
 * the workers, a sweep every minute sends what nobody was kicked for (a crash, RazorpayX unreachable)
 * and pays the schedules that are due.
 */
async function payoutsPlugin(app: FastifyInstance, opts: { workers: boolean }) {
  const rz = app.config.razorpay;
  if (!rz?.payoutAccountNumber) {
    app.decorate('payoutSender', null);
    return;
  }
  const driver = razorpayDriver({ keyId: rz.keyId, keySecret: rz.keySecret, apiUrl: rz.apiUrl, accountNumber: rz.payoutAccountNumber });
  const sender = createPayoutSender({ db: app.db, publicUrl: app.config.publicUrl, driver, log: app.log });
  app.decorate('payoutSender', sender);
  let timer: ReturnType<typeof setInterval> | null = null;
  let sweeping: Promise<unknown> | null = null;
  if (opts.workers) {
    app.addHook('onReady', async () => {
      const deps = { db: app.db, currency: app.config.CURRENCY, publicUrl: app.config.publicUrl, paymentProvider: app.payments.name, razorpayx: driver, log: app.log };
      const sweep = () => {
        sweeping ??= trackJobRun(app.db, app.log, PAYOUTS_JOB, async () => {
          await runPayoutSchedules(deps);
          await sender.run();
        })
          .catch((err: unknown) => app.log.warn({ err }, 'payouts sweep failed'))
          .finally(() => (sweeping = null));
      };
      timer = setInterval(sweep, PAYOUT_SWEEP_EVERY_MS);
      timer.unref();
      // what the last run left (a crash, a restart) is sent now
      sweep();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
    await sender.idle();
  });
}

export default fp(payoutsPlugin, { name: 'payouts', dependencies: ['db', 'payments'] });
