/**
 * The clock's side of the lifecycle, in one job that is safe to run on every instance at once (each
 * row is taken FOR UPDATE SKIP LOCKED): unpaid holds after 15 minutes and unanswered requests after
 * 24 hours expire (an authorisation is released in full), confirmed bookings past their end complete,
 * drivers are reminded within the hour before their start, and captures, refunds and releases that
 * did not go through after their commit are retried when due (a capture's outcome confirms or cancels its
 * request: capture-steps.ts), and monthly passes are renewed (monthly-renewals.ts).
 */
import type { FastifyInstance } from 'fastify';
import { JOBS, trackJobRun } from '../admin/operations/job-runs';
import { tellAbout } from './booking-notices';
import { expireBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { settleMoney } from './capture-steps';
import { SYSTEM, transition } from './lifecycle';
import { STALE_PAYMENT_MS } from './pay-booking.service';
import { runRenewals } from './monthly-renewals';

const BATCH = 200;

export async function runBookingJobs(deps: BookingDeps) {
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await repo.takeLapsed(tx, STALE_PAYMENT_MS, BATCH);
    for (const r of rows) await expireBooking(tx, deps, r.id);
    return rows.length;
  });
  const completed = await deps.db.transaction(async (tx) => {
    const rows = await repo.takeEnded(tx, BATCH);
    for (const r of rows) await transition(tx, deps, { ...r }, 'complete', SYSTEM);
    return rows.length;
  });
  const reminded = await deps.db.transaction(async (tx) => {
    const rows = await repo.takeStartingSoon(tx, BATCH);
    for (const r of rows) {
      await tellAbout(tx, deps, 'starting_soon', r.id);
      await repo.updateBooking(tx, r.id, { reminded_at: new Date() });
    }
    return rows.length;
  });
  // monthly passes whose renewal is due (decision 037)
  const renewals = await runRenewals(deps);
  const settled = await settleMoney(deps);
  return { expired, completed, reminded, renewals, settled };
}

/** Runs the job every `everyMs` while the server runs (the server does; tests call runBookingJobs). */
export function startBookingJobs(app: FastifyInstance, deps: BookingDeps, everyMs = 15_000) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = trackJobRun(deps.db, app.log, JOBS.bookings, () => runBookingJobs(deps))
      .catch((err) => app.log.warn({ err }, 'booking job failed'))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  // at shutdown a run in progress finishes before the database is closed (each step is its own transaction)
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
