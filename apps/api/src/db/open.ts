import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when a URL is given, otherwise PGlite in DATA_DIR/db (in memory when dataDir is null). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.dataDir === null) return openPglite();
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
