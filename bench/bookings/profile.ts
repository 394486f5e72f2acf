/**
 * Where a booking's time goes: a database wrapper that times every statement the app sends (and the
 * BEGIN/COMMIT around its transactions) while recording is on, CPU time from /proc for the server
 * process, the load generator's thread and PostgreSQL's processes, and EXPLAIN ANALYZE of the
 * statements that took the most time.
 */
import { readFileSync } from 'node:fs';
import type { Database, Queryable } from '../../apps/api/src/db/database';

/** User + system CPU time of a process or thread in ms, from its /proc stat file (Linux; 0 elsewhere). */
export function procCpuMs(file: string): number {
  try {
    const stat = readFileSync(file, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after the command name: state is field 3, utime 14, stime 15, in clock ticks of 10 ms
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

export interface StatementStat {
  sql: string;
  calls: number;
  totalMs: number;
  /** the last call's parameters, for EXPLAIN */
  params: unknown[];
}

export interface Recording {
  statements: StatementStat[];
  transactions: number;
  /** from the call to the first statement: waiting for a pooled connection (or PGlite's queue) and BEGIN */
  beginMs: number;
  /** from the last statement to the end: COMMIT (the WAL flush) or ROLLBACK */
  commitMs: number;
}

export interface TimedDatabase extends Database {
  record(on: boolean): void;
  recording(): Recording;
}

const normalise = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The app's database with every statement timed while recording is on (a few µs a call when off). */
export function timedDatabase(inner: Database): TimedDatabase {
  let on = false;
  let stats = new Map<string, StatementStat>();
  let transactions = 0;
  let beginMs = 0;
  let commitMs = 0;

  const timed = (q: Queryable, onStatement?: () => void): Queryable => ({
    async query<T>(text: string, params?: unknown[]) {
      onStatement?.();
      if (!on) return q.query<T>(text, params);
      const t0 = performance.now();
      try {
        return await q.query<T>(text, params);
      } finally {
        const key = normalise(text);
        let s = stats.get(key);
        if (!s) stats.set(key, (s = { sql: key, calls: 0, totalMs: 0, params: [] }));
        s.calls += 1;
        s.totalMs += performance.now() - t0;
        s.params = params ?? [];
      }
    },
  });

  const direct = timed(inner);
  return {
    kind: inner.kind,
    query: direct.query,
    exec: (sql) => inner.exec(sql),
    tuned: (settings) => timed(inner.tuned(settings)),
    pools: () => inner.pools(),
    close: () => inner.close(),
    async transaction(fn) {
      if (!on) return inner.transaction(fn);
      const t0 = performance.now();
      let first = NaN;
      let last = NaN;
      try {
        return await inner.transaction(async (tx) => {
          try {
            return await fn(timed(tx, () => (first = Number.isNaN(first) ? performance.now() : first)));
          } finally {
            last = performance.now();
          }
        });
      } finally {
        transactions += 1;
        if (!Number.isNaN(first)) beginMs += first - t0;
        if (!Number.isNaN(last)) commitMs += performance.now() - last;
      }
    },
    record(value) {
      if (value) {
        stats = new Map();
        transactions = 0;
        beginMs = 0;
        commitMs = 0;
      }
      on = value;
    },
    recording: () => ({ statements: [...stats.values()].sort((a, b) => b.totalMs - a.totalMs), transactions, beginMs, commitMs }),
  };
}

/** CPU time of PostgreSQL's processes: the backends of one database, and the server's background processes. */
export async function postgresCpu(admin: Queryable, dbName: string) {
  const rows = await admin.query<{ pid: number; datname: string | null; backend_type: string }>(
    `SELECT pid, datname, backend_type FROM pg_stat_activity WHERE datname = $1 OR (datname IS NULL AND backend_type <> 'client backend')`,
    [dbName],
  );
  const backends = new Map<number, number>();
  let background = 0;
  for (const r of rows) {
    const ms = procCpuMs(`/proc/${r.pid}/stat`);
    if (r.datname === dbName) backends.set(r.pid, ms);
    else background += ms;
  }
  return { backends, background };
}

/** CPU spent between two snapshots; a backend that started in between counts from zero. */
export function postgresCpuSpent(before: Awaited<ReturnType<typeof postgresCpu>>, after: Awaited<ReturnType<typeof postgresCpu>>) {
  let backends = 0;
  for (const [pid, ms] of after.backends) backends += ms - (before.backends.get(pid) ?? 0);
  return { backends, background: after.background - before.background, connections: after.backends.size };
}

export interface Explained {
  sql: string;
  executionMs: number;
  planningMs: number;
  scans: string[];
  plan: string;
  error?: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement with the parameters it last ran with, in a transaction rolled back afterwards. */
export async function explainStatement(db: Database, s: StatementStat): Promise<Explained> {
  const undo = new Error('rollback');
  let plan = '';
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw undo;
    });
  } catch (err) {
    if (err !== undo) return { sql: s.sql, executionMs: NaN, planningMs: NaN, scans: [], plan: '', error: (err as Error).message };
  }
  const scans = [...plan.matchAll(/((?:Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: using \S+)? on \S+)/g)]
    .map((m) => m[1]!)
    .filter((x, i, all) => all.indexOf(x) === i);
  return {
    sql: s.sql,
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
    planningMs: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
    scans,
    plan,
  };
}

/** busy and total jiffies of the whole machine, from /proc/stat (all processes, ours and others') */
export function machineJiffies() {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const total = f.slice(0, 8).reduce((s, v) => s + v, 0);
    return { busy: total - f[3]! - f[4]!, steal: f[7] ?? 0, total };
  } catch {
    return { busy: 0, steal: 0, total: 0 };
  }
}
