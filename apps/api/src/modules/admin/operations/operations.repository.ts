import type { Database, Queryable } from '../../../db/database';

export interface OutboxState {
  waiting: number;
  failed: number;
  oldest_waiting_at: Date | null;
}

export async function outboxState(db: Queryable): Promise<OutboxState> {
  const [row] = await db.query<OutboxState>(
    `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS waiting,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            min(created_at) FILTER (WHERE status IN ('pending', 'sending')) AS oldest_waiting_at
       FROM email_outbox`,
  );
  return row!;
}

/** The database's size on disk; PGlite has no such figure worth showing (it lives in memory or a folder). */
export async function databaseSize(db: Database): Promise<number | null> {
  if (db.kind !== 'postgres') return null;
  const [row] = await db.query<{ size: string }>(`SELECT pg_database_size(current_database())::text AS size`);
  return row ? Number(row.size) : null;
}

export async function countPushSubscriptions(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions`);
  return row?.n ?? 0;
}
