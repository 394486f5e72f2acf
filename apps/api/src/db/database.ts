/** One interface over PGlite and PostgreSQL: repositories only ever see this. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** A connection pool as it is now, for /metrics: PGlite's one connection counts as a pool of one. */
export interface PoolStats {
  /** `main`, or `tuned:<settings>` for a pool of queries with planner settings (the search's) */
  pool: string;
  max: number;
  inUse: number;
  idle: number;
  /** callers waiting for a connection (PGlite: statements queued behind the one running) */
  waiting: number;
}

/** Planner settings for one kind of statement, e.g. `{ enable_bitmapscan: 'off' }`. */
export type PlannerSettings = Readonly<Record<string, string>>;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Queries that run with these planner settings: for a frequent read-only statement whose plan the
   * planner gets wrong by default. On PostgreSQL they go to a small pool of their own whose sessions
   * carry the settings, and each statement text is prepared once per connection (planned once, not at
   * every call); on PGlite each runs in a transaction that sets them.
   */
  tuned(settings: PlannerSettings): Queryable;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` gets each committed NOTIFY's payload. On PostgreSQL this holds a
   * connection of its own (outside the pools), re-opened after a loss, then `onReconnect` runs (what was
   * notified meanwhile was missed). Returns the function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Each pool's connections now; reads counters only, never waits for a connection. */
  pools(): PoolStats[];
  close(): Promise<void>;
}

/** Every statement is cut off after this long. */
export const STATEMENT_TIMEOUT_MS = 10_000;

export async function one<T>(q: Queryable, text: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(text, params);
  return rows[0];
}

/** Settings are written into SQL or connection options: names and values are plain words only. */
export function checkSettings(settings: PlannerSettings): [string, string][] {
  const entries = Object.entries(settings);
  for (const [name, value] of entries) {
    if (!/^[a-z_]+$/.test(name) || !/^[a-z0-9_]+$/.test(value)) throw new Error(`not a planner setting: ${name}=${value}`);
  }
  return entries;
}
