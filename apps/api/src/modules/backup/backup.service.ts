/**
 * `npm run backup`: one archive with the database (pg_dump's custom format, or PGlite's own dump), the
 * files of local storage and the VAPID keys, and a manifest of what is inside (docs/decisions/011).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../../config';
import { BackupError } from './backup-error';
import { entriesOf, writeArchive } from './archive';
import { stageLocalFiles } from './local-files';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_FILES, type Manifest } from './manifest';
import { dumpPglite } from './pglite-backup';
import { dumpPostgres } from './postgres-backup';

export interface BackupOptions {
  config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 's3'>;
  /** the archive to write (it must not exist yet); backups/parkly-<UTC time>.tar.gz by default */
  out?: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  files: number;
}

/** backups/parkly-2026-11-28T03-40-05Z.tar.gz: sorts by time, no characters a shell or Windows minds. */
export const defaultBackupFile = (now: Date) => join('backups', `parkly-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.tar.gz`);

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const { config } = opts;
  const now = opts.now ?? new Date();
  const out = resolve(opts.out ?? defaultBackupFile(now));
  if (existsSync(out)) throw new BackupError(`${out} already exists: name another file with --out.`);
  mkdirSync(dirname(out), { recursive: true });
  // beside the archive: the files are linked there, not copied, when it is on their file system
  const staging = mkdtempSync(join(dirname(out), '.parkly-backup-'));
  try {
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    const dbFile = DATABASE_FILES[kind];
    mkdirSync(join(staging, 'database'));
    const dump = config.DATABASE_URL ? await dumpPostgres(config.DATABASE_URL, join(staging, dbFile)) : await dumpPglite(config.dataDir, join(staging, dbFile));
    const files = await stageLocalFiles(config.dataDir, staging, !config.s3);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      created_at: now.toISOString(),
      database: { kind, file: dbFile, server_version: dump.serverVersion, dump_major: dump.dumpMajor, migrations: dump.migrations, tables: dump.tables },
      files: { storage: config.s3 ? 's3' : 'local', bucket: config.s3?.bucket ?? null },
      entries: await entriesOf(staging),
    };
    await writeArchive(staging, manifest, out);
    return { file: out, manifest, files };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
