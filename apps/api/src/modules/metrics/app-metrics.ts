/**
 * Parkly's own metrics, read when Prometheus scrapes: the database pools, the background jobs, the mail
 * outbox, push delivery, realtime sockets and bookings by status. Each figure comes from the one place
 * that already knows it (the db layer's pools(), trackJobRun, push.service, the realtime hub); what
 * needs the database is counted through partial indexes, and bookings at most every BOOKINGS_EVERY_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database';
import { JOBS, observeJobRuns } from '../admin/operations/job-runs';
import { pushesPending, pushFailureCount } from '../push/push.service';
import { countLiveBookings, outboxBacklog, type LiveBookingCount } from './metrics.repository';

/** A scrape every 15 s from every instance must not count a million bookings each time. */
export const BOOKINGS_EVERY_MS = 30_000;

export interface MetricSources {
  db: Database;
  /** the realtime sockets this process holds */
  sockets: () => number;
  log: FastifyBaseLogger;
}

/** Registers the metrics on `registry`; returns the function that stops watching the jobs. */
export function registerAppMetrics(registry: Registry, src: MetricSources): () => void {
  const registers = [registry];
  const warn = (what: string) => (err: unknown) => src.log.warn({ err }, `metrics: ${what} could not be read`);

  new Gauge({
    name: 'parkly_db_pool_connections',
    help: 'Database connections of a pool, in use or idle (PGlite: its one connection).',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of src.db.pools()) {
        this.set({ pool: p.pool, state: 'in_use' }, p.inUse);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
      }
    },
  });
  new Gauge({
    name: 'parkly_db_pool_max_connections',
    help: 'The most connections a pool opens.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of src.db.pools()) this.set({ pool: p.pool }, p.max);
    },
  });
  new Gauge({
    name: 'parkly_db_pool_waiting_clients',
    help: 'Callers waiting for a connection of a pool (PGlite: statements queued behind the one running).',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      for (const p of src.db.pools()) this.set({ pool: p.pool }, p.waiting);
    },
  });

  const stopJobs = registerJobMetrics(registers, src.db);

  new Gauge({
    name: 'parkly_mail_outbox_messages',
    help: 'E-mails in the outbox not sent yet: due now, waiting for a retry, being sent, or failed for good.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const backlog = await outboxBacklog(src.db).catch(warn('the mail outbox'));
      if (backlog) for (const [state, n] of Object.entries(backlog)) this.set({ state }, n);
    },
  });

  new Gauge({
    name: 'parkly_push_pending',
    help: 'Web pushes this process is delivering or has queued to deliver.',
    registers,
    collect() {
      this.set(pushesPending());
    },
  });
  // push.service counts failures for the whole process; this app counts those after it started
  let pushFailuresSeen = pushFailureCount();
  new Counter({
    name: 'parkly_push_failures_total',
    help: 'Web pushes a push service refused or did not take after the retries (gone subscriptions not counted).',
    registers,
    collect() {
      const now = pushFailureCount();
      if (now > pushFailuresSeen) this.inc(now - pushFailuresSeen);
      pushFailuresSeen = now;
    },
  });

  new Gauge({
    name: 'parkly_realtime_sockets',
    help: 'Realtime WebSockets open on this instance.',
    registers,
    collect() {
      this.set(src.sockets());
    },
  });

  const liveBookings = every(BOOKINGS_EVERY_MS, () => countLiveBookings(src.db));
  new Gauge({
    name: 'parkly_bookings',
    help: `Live bookings by status: unpaid holds, requests waiting for the host, confirmed stays not completed yet (counted at most every ${BOOKINGS_EVERY_MS / 1000} s).`,
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const counts = await liveBookings().catch(warn('the bookings'));
      if (counts) for (const c of counts) this.set({ status: c.status }, c.n);
    },
  });

  return stopJobs;
}

/** Runs, failures, lag and last duration of each job, from every run trackJobRun sees on this database. */
function registerJobMetrics(registers: Registry[], db: Database): () => void {
  const labelNames = ['job'] as const;
  const runs = new Counter({ name: 'parkly_job_runs_total', help: 'Runs of a background job in this process.', labelNames, registers });
  const failures = new Counter({ name: 'parkly_job_failures_total', help: 'Runs of a background job that failed, in this process.', labelNames, registers });
  const duration = new Gauge({ name: 'parkly_job_last_duration_seconds', help: "How long a background job's last run took.", labelNames, registers });
  const started = Date.now();
  const lastOk = new Map<string, number>();
  new Gauge({
    name: 'parkly_job_lag_seconds',
    help: 'Seconds since a background job last succeeded in this process (since the process started, before its first success).',
    labelNames,
    registers,
    collect() {
      const now = Date.now();
      for (const job of new Set([...Object.values(JOBS), ...lastOk.keys()])) this.set({ job }, (now - (lastOk.get(job) ?? started)) / 1000);
    },
  });
  // every known job shows from the first scrape, at zero, rather than appearing after its first run
  for (const job of Object.values(JOBS)) {
    runs.inc({ job }, 0);
    failures.inc({ job }, 0);
  }
  return observeJobRuns(db, (run) => {
    runs.inc({ job: run.name });
    if (run.ok) lastOk.set(run.name, Date.now());
    else failures.inc({ job: run.name });
    duration.set({ job: run.name }, run.seconds);
  });
}

/** `read` at most once per `ms`; scrapes in between get the last answer, and scrapes at once share one read. */
function every(ms: number, read: () => Promise<LiveBookingCount[]>) {
  let last: { at: number; value: LiveBookingCount[] } | null = null;
  let reading: Promise<LiveBookingCount[]> | null = null;
  return async () => {
    if (last && Date.now() - last.at < ms) return last.value;
    reading ??= read()
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .finally(() => (reading = null));
    return reading;
  };
}
