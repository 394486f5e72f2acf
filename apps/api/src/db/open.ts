import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './database';
import { openPglite, type PgliteDatabase } from './pglite';
import { openPostgres } from './postgres';

/**
 * PostgreSQL when a URL is given, otherwise PGlite in DATA_DIR/db (in memory when dataDir is null),
 * which no other process may have open (data-dir-lock.ts) until this one closes it.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.dataDir === null) return openPglite();
  return openLockedPglite(opts.dataDir);
}

/** The embedded database of a data folder, locked to this process while open. */
export async function openLockedPglite(dataDir: string): Promise<PgliteDatabase> {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const db = await openPglite(dir);
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
