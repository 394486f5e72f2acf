import pg from 'pg';
import { STATEMENT_TIMEOUT_MS, type Database, type Queryable } from './database';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS, options: '-c TimeZone=UTC' });
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
    close: () => pool.end(),
  };
}
