/**
 * A benchmark's database: a PGlite folder, or a database of its own on BENCH_DATABASE_URL, created
 * here and dropped on close unless kept. The bookings and realtime benchmarks both open theirs so.
 */
import { join } from 'node:path';
import type { Database } from '../../apps/api/src/db/database';
import { openPglite } from '../../apps/api/src/db/pglite';
import { openPostgres } from '../../apps/api/src/db/postgres';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface Opened {
  db: Database;
  version: string;
  /** PostgreSQL: the database's name (to find its backends) and URL (for an API process of its own) */
  name?: string;
  url?: string;
  /** PostgreSQL: a connection to the server outside the app's pools (backends' pids, settings) */
  admin?: Database;
  close(): Promise<void>;
}

export async function openBenchDatabase(name: string, kind: 'pglite' | 'postgres', dataDir: string, keep: boolean): Promise<Opened> {
  if (kind === 'pglite') {
    const db = await openPglite(join(dataDir, 'db'));
    const [row] = await db.query<{ v: string }>(`SELECT version() AS v`);
    return { db, version: `PGlite (${row?.v.split(' on ')[0] ?? '?'}, on disk)`, close: () => db.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = await openPostgres(adminUrl);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const db = await openPostgres(url.toString());
  const [row] = await db.query<{ v: string }>(`SELECT version() AS v`);
  return {
    db,
    admin,
    name,
    url: url.toString(),
    version: row?.v.split(' on ')[0] ?? '?',
    async close() {
      // the API process of the realtime benchmark may have closed its side first
      await db.close().catch(() => undefined);
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
