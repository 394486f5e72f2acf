import type { AdminHealth } from '@parkly/shared/admin';
import type { Database } from '../../../db/database';
import { pushFailureCount } from '../../push/push.service';
import { findJobRuns } from './job-runs';
import { countPushSubscriptions, databaseSize, outboxState } from './operations.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** What the console's operations view shows: is mail flowing, are the jobs running, is push failing. */
export async function getHealth(db: Database, sockets: number): Promise<AdminHealth> {
  const [size, outbox, jobs, subscriptions] = await Promise.all([databaseSize(db), outboxState(db), findJobRuns(db), countPushSubscriptions(db)]);
  return {
    database: { kind: db.kind, size_bytes: size },
    outbox: { waiting: outbox.waiting, failed: outbox.failed, oldest_waiting_at: iso(outbox.oldest_waiting_at) },
    jobs: jobs.map((j) => ({ name: j.name, last_run_at: iso(j.last_run_at)!, last_ok_at: iso(j.last_ok_at), last_error: j.last_error })),
    push: { subscriptions, failures: pushFailureCount() },
    realtime: { sockets },
    uptime_seconds: Math.round(process.uptime()),
  };
}
