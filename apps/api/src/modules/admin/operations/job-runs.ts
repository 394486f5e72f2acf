/**
 * The background jobs' last runs, kept in job_runs so the console sees them whichever instance ran
 * the job. A job is wrapped once where its timer is set up; a failure to record never fails the job.
 * The outbox runs every 3 s: a run is written at once when it fails or follows a failure, otherwise at
 * most once a minute per job and process (with the runs in between counted), so watching the jobs does
 * not add a write every few seconds.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/database';

export const JOBS = { mail: 'mail-outbox', bookings: 'booking-lifecycle', realtimePrune: 'realtime-prune', messageDigest: 'message-digest', pushOutbox: 'push-outbox' } as const;

const ERROR_MAX = 500;

const RECORD_EVERY_MS = 60_000;

export async function recordJobRun(db: Queryable, name: string, error: unknown, runs = 1) {
  const message = error === null ? null : String(error instanceof Error ? error.message : error).slice(0, ERROR_MAX);
  await db.query(
    `INSERT INTO job_runs (name, last_run_at, last_ok_at, last_error, runs) VALUES ($1, now(), CASE WHEN $2::text IS NULL THEN now() END, $2, $3)
     ON CONFLICT (name) DO UPDATE SET last_run_at = now(), runs = job_runs.runs + $3, last_error = $2,
       last_ok_at = CASE WHEN $2::text IS NULL THEN now() ELSE job_runs.last_ok_at END`,
    [name, message, runs],
  );
}

/** Per job in this process: when its run was last written, whether that run failed, runs not written since. */
const written = new Map<string, { at: number; failed: boolean; unwritten: number }>();

function shouldWrite(name: string, failed: boolean, now: number) {
  const last = written.get(name);
  return !last || failed || last.failed || now - last.at >= RECORD_EVERY_MS;
}

/** One finished run, as /metrics counts it (every run, written to job_runs or not). */
export interface JobRunReport {
  name: string;
  ok: boolean;
  seconds: number;
}
type JobRunObserver = (run: JobRunReport) => void;

/**
 * Who watches the runs of the jobs on a database handle: the app that holds the handle (its metrics).
 * Keyed by the handle, since tests build many apps in one process, each with its own database.
 */
const observers = new WeakMap<Queryable, Set<JobRunObserver>>();

/** Calls `observer` after every run of a job on `db`; returns the function that stops it. */
export function observeJobRuns(db: Queryable, observer: JobRunObserver): () => void {
  let set = observers.get(db);
  if (!set) observers.set(db, (set = new Set()));
  set.add(observer);
  return () => set.delete(observer);
}

/** Runs a job and records how it went; rethrows the job's error for the caller's own logging. */
export async function trackJobRun<T>(db: Queryable, log: FastifyBaseLogger, name: string, job: () => Promise<T>): Promise<T> {
  let failure: unknown = null;
  const started = performance.now();
  try {
    return await job();
  } catch (err) {
    failure = err ?? 'failed';
    throw err;
  } finally {
    const now = Date.now();
    const failed = failure !== null;
    for (const observe of observers.get(db) ?? []) observe({ name, ok: !failed, seconds: (performance.now() - started) / 1000 });
    const unwritten = written.get(name)?.unwritten ?? 0;
    if (shouldWrite(name, failed, now)) {
      written.set(name, { at: now, failed, unwritten: 0 });
      await recordJobRun(db, name, failure, unwritten + 1).catch((err: unknown) => log.warn({ err, job: name }, 'job run not recorded'));
    } else {
      written.set(name, { ...written.get(name)!, unwritten: unwritten + 1 });
    }
  }
}

export interface JobRunRow {
  name: string;
  last_run_at: Date;
  last_ok_at: Date | null;
  last_error: string | null;
}

export const findJobRuns = (db: Queryable) => db.query<JobRunRow>(`SELECT name, last_run_at, last_ok_at, last_error FROM job_runs ORDER BY name`);
