/** One interface over PGlite and PostgreSQL: repositories only ever see this. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Every statement is cut off after this long. */
export const STATEMENT_TIMEOUT_MS = 10_000;

export async function one<T>(q: Queryable, text: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(text, params);
  return rows[0];
}
