import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { trackJobRun } from '../modules/admin/operations/job-runs';
import { bookingDeps } from '../modules/bookings/bookings.routes';
import { settleMoney } from '../modules/bookings/capture-steps';
import { razorpayBookingSide } from '../modules/bookings/razorpay-pay.service';
import { isRazorpay } from '../modules/payments/razorpay-payments';
import { reconcileRazorpay, RECONCILE_EVERY_MS, type ReconcileDeps } from '../modules/payments/razorpay-reconcile';

/** Its runs in job_runs and /metrics (only on a server with Razorpay, so not among JOBS, whose lag every server reports). */
export const RECONCILE_JOB = 'razorpay-reconcile';

/**
 * What the reconciliation sweep works with on this server (modules/payments/razorpay-reconcile.ts):
 * payments with PAYMENT_PROVIDER=razorpay, payouts with RazorpayX; null when neither (nothing to ask).
 */
export function reconcileDeps(app: FastifyInstance): ReconcileDeps | null {
  const provider = app.payments;
  const deps = bookingDeps(app);
  const payments = isRazorpay(provider)
    ? { driver: provider.razorpay, bookings: (failedCaptures: Set<string>) => razorpayBookingSide(deps, failedCaptures), settleMoney: (id: string) => settleMoney(deps, id) }
    : null;
  const payouts = app.payoutSender ? { driver: app.payoutSender.driver } : null;
  if (!payments && !payouts) return null;
  return { db: app.db, publicUrl: app.config.publicUrl, payments, payouts, log: app.log };
}

/**
 * With the workers and Razorpay's settings, a sweep every RECONCILE_EVERY_MS asks Razorpay about
 * attempts and payouts whose webhook is late (decisions 032 and 033, "Reconciliation").
 */
async function razorpayReconcilePlugin(app: FastifyInstance, opts: { workers: boolean }) {
  if (!opts.workers) return;
  let timer: ReturnType<typeof setInterval> | null = null;
  let sweeping: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    const deps = reconcileDeps(app);
    if (!deps) return;
    const sweep = () => {
      sweeping ??= trackJobRun(app.db, app.log, RECONCILE_JOB, () => reconcileRazorpay(deps))
        .catch((err: unknown) => app.log.warn({ err }, 'Razorpay reconciliation failed'))
        .finally(() => (sweeping = null));
    };
    timer = setInterval(sweep, RECONCILE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
  });
}

export default fp(razorpayReconcilePlugin, { name: 'razorpay-reconcile', dependencies: ['db', 'payments', 'payouts'] });
