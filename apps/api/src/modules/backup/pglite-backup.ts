/**
 * The embedded database's side: PGlite's own dump of DATA_DIR/db (a gzipped tarball of its data
 * folder), taken with the folder locked so no server writes to it meanwhile, and loaded into a new
 * folder on restore.
 */
import { existsSync, openAsBlob, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseInUseError } from '../../db/data-dir-lock';
import { openLockedPglite } from '../../db/open';
import { openPglite } from '../../db/pglite';
import { BackupError } from './backup-error';
import { appliedMigrations, countRows, publicTables } from './backup.repository';
import type { DatabaseDump } from './postgres-backup';

export const hasPgliteDatabase = (dataDir: string) => existsSync(join(dataDir, 'db', 'PG_VERSION'));

/** Opens DATA_DIR/db for this process alone; a running server there is a clear refusal. */
export async function openExclusively(dataDir: string) {
  try {
    return await openLockedPglite(dataDir);
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new BackupError(`${err.message} A copy of a database that is being written to could be inconsistent.`);
    throw err;
  }
}

export async function dumpPglite(dataDir: string, file: string): Promise<DatabaseDump> {
  if (!hasPgliteDatabase(dataDir)) throw new BackupError(`There is no embedded database in ${join(dataDir, 'db')}: nothing to back up (set DATABASE_URL to back up PostgreSQL).`);
  const db = await openExclusively(dataDir);
  try {
    const migrations = await appliedMigrations(db);
    const tables = await countRows(db, await publicTables(db));
    const [row] = await db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
    const dump = await db.dumpDataDir();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { serverVersion: `PGlite (PostgreSQL ${row!.version})`, dumpMajor: null, migrations, tables };
  } finally {
    await db.close();
  }
}

/** Fills the new folder `dir` from a dump and checks every table holds the rows the backup counted. */
export async function loadPglite(file: string, dir: string, tables: Record<string, number>) {
  const db = await openPglite(dir, { loadDataDir: await openAsBlob(file) });
  try {
    const counts = await countRows(db, Object.keys(tables));
    const wrong = Object.keys(tables).find((t) => counts[t] !== tables[t]);
    if (wrong) throw new BackupError(`The restored table ${wrong} holds ${counts[wrong]} rows, not the ${tables[wrong]} the backup counted. Nothing was restored.`);
  } finally {
    await db.close();
  }
}
