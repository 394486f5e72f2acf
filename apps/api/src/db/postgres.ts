import pg from 'pg';
import { STATEMENT_TIMEOUT_MS, type Database, type Queryable } from './database';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS, options: '-c TimeZone=UTC' });
  let closing = false;
  // An idle pooled connection can be cut by the server (a restart, an administrator, a dropped
  // database at the end of a test run). The pool drops that connection and opens a new one when
  // needed; without this listener the 'error' event would end the process.
  pool.on('error', (err) => {
    if (!closing) console.error(`PostgreSQL: an idle connection was closed (${err.message}); it will be replaced`);
  });
  // fail fast with a clear message when the server is not there
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<T>(text: string, params?: unknown[]) {
          return (await client.query(text, params)).rows as T[];
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}
