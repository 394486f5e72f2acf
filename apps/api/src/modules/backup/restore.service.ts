/**
 * `npm run restore`: checks the whole archive first (manifest, checksums, the kind of database, the
 * migrations it knows, an empty target or --force, the tools' versions), then puts the files and the
 * database in place, undoing the files if the database fails, then applies the migrations newer than
 * the backup with the same migrate the server runs. The database lands whole or not at all: PostgreSQL
 * in one transaction, PGlite in a new folder renamed into place once its row counts are checked.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../config';
import { DatabaseInUseError, lockDataDir } from '../../db/data-dir-lock';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import { openPostgres } from '../../db/postgres';
import { MIGRATIONS_DIR } from '../../lib/paths';
import { BackupError } from './backup-error';
import { readArchive } from './archive';
import { filesInTheWay, moveFilesIntoPlace } from './local-files';
import type { Manifest } from './manifest';
import { hasPgliteDatabase, loadPglite } from './pglite-backup';
import { checkRestoreTools, postgresTables, restorePostgres } from './postgres-backup';

export interface RestoreOptions {
  config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 's3'>;
  from: string;
  /** replace a database and files that are already there */
  force?: boolean;
  migrationsDir?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** migrations newer than the backup, applied after it */
  migrated: string[];
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const { config } = opts;
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  mkdirSync(config.dataDir, { recursive: true });
  // inside DATA_DIR: the unpacked files move into place by rename, on the same file system
  const staging = mkdtempSync(join(config.dataDir, '.parkly-restore-'));
  let keepStaging = false;
  let release: (() => void) | null = null;
  try {
    const unpacked = join(staging, 'archive');
    mkdirSync(unpacked);
    const manifest = await readArchive(resolve(opts.from), unpacked);
    checkFits(manifest, kind, migrationsDir, config.s3?.bucket);
    const withStorage = manifest.files.storage === 'local';
    const dbFile = join(unpacked, manifest.database.file);

    const inTheWay = await filesInTheWay(config.dataDir, join(unpacked, 'files'), withStorage);
    if (kind === 'pglite') {
      release = lockForRestore(config.dataDir);
      if (hasPgliteDatabase(config.dataDir)) inTheWay.unshift(`the database in ${join(config.dataDir, 'db')}`);
    } else {
      await checkRestoreTools(manifest.database.dump_major);
      const tables = await postgresTables(config.DATABASE_URL!);
      if (tables.length) inTheWay.unshift(`the database at DATABASE_URL (${tables.length} tables)`);
    }
    if (inTheWay.length && !opts.force) {
      throw new BackupError(`The target is not empty: ${inTheWay.join('; ')}. Restore into an empty database and data folder, or add --force to replace what is there.`);
    }

    // PGlite: the new folder is filled and checked before anything in place changes
    const newDb = join(staging, 'db');
    if (kind === 'pglite') await loadPglite(dbFile, newDb, manifest.database.tables);
    const aside = join(staging, 'aside');
    const undoFiles = moveFilesIntoPlace(join(unpacked, 'files'), config.dataDir, aside, withStorage);
    try {
      if (kind === 'pglite') {
        const current = join(config.dataDir, 'db');
        if (existsSync(current)) renameSync(current, join(aside, 'db'));
        renameSync(newDb, current);
      } else {
        await restorePostgres(config.DATABASE_URL!, dbFile, { replace: opts.force ?? false, tables: manifest.database.tables });
      }
    } catch (err) {
      try {
        if (kind === 'pglite' && existsSync(join(aside, 'db'))) {
          rmSync(join(config.dataDir, 'db'), { recursive: true, force: true });
          renameSync(join(aside, 'db'), join(config.dataDir, 'db'));
        }
        undoFiles();
      } catch (undoErr) {
        keepStaging = true;
        throw new BackupError(`The restore failed (${(err as Error).message}) and putting the old files back failed too (${(undoErr as Error).message}): they are in ${aside}.`);
      }
      throw err;
    }

    const db = kind === 'pglite' ? await openPglite(join(config.dataDir, 'db')) : await openPostgres(config.DATABASE_URL!);
    try {
      return { manifest, migrated: await migrate(db, migrationsDir) };
    } finally {
      await db.close();
    }
  } finally {
    if (!keepStaging) rmSync(staging, { recursive: true, force: true });
    release?.();
  }
}

/** The archive must suit this target: the same kind of database, migrations this code knows, files it can hold. */
function checkFits(manifest: Manifest, kind: 'postgres' | 'pglite', migrationsDir: string, bucket: string | undefined) {
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup holds an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  const known = new Set(readdirSync(migrationsDir));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new BackupError(`This backup was made by a newer Parkly: its database has migrations this version does not know (${unknown.slice(0, 3).join(', ')}). Restore it with that version or a newer one.`);
  }
  if (manifest.files.storage === 'local' && bucket !== undefined) {
    throw new BackupError(
      `This backup holds the files of local storage, but S3_BUCKET is set (${bucket}). Restore without the S3_* variables (the files go to DATA_DIR), then copy DATA_DIR/uploads/ to the bucket's public/ and DATA_DIR/private/ to its private/.`,
    );
  }
}

function lockForRestore(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new BackupError(`${err.message} A restore replaces the database under it.`);
    throw err;
  }
}
