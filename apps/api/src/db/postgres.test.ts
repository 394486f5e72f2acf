import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../test/helper';
import type { Database } from './database';

// PostgreSQL only (the runner's PostgreSQL pass): PGlite has no server connections to lose.
describe.runIf(TEST_DB_KIND === 'postgres')('the PostgreSQL pool', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('survives the server closing its idle connections, and keeps answering', async () => {
    await db.query('SELECT 1');
    // another session ends every connection of this database, as a restart or an administrator would
    const admin = await openTestDatabase();
    const name = (await db.query<{ name: string }>('SELECT current_database() AS name'))[0]!.name;
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    await admin.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
