import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, asTestAdmin, bearer, createScratchDatabase, openTestDatabase, TEST_DB_KIND } from '../../../test/helper';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { LOCK_FILE } from '../../db/data-dir-lock';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/open';
import { openPostgres } from '../../db/postgres';
import { MIGRATIONS_DIR } from '../../lib/paths';
import { localStorage } from '../../plugins/storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { BackupError } from './backup-error';
import { createBackup } from './backup.service';
import { restoreBackup } from './restore.service';
import { checkClientVersion } from './postgres-tools';

const SLOW = 180_000;
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `parkly-${name}-`));

/** A new, empty database of this run's kind: a PostgreSQL database (dropped at the end), or nothing yet for PGlite. */
async function emptyTarget(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') return { drop: async () => undefined };
  return createScratchDatabase('parkly_restore');
}

const configOf = (dataDir: string, url?: string) => ({ DATABASE_URL: url, dataDir, s3: null });

const openTarget = (dataDir: string, url?: string): Promise<Database> => (url ? openPostgres(url) : openDatabase({ dataDir }));

async function appOn(dataDir: string, db: Database, url?: string) {
  const config = loadConfig({ DATA_DIR: dataDir, ...(url && { DATABASE_URL: url, PAYMENT_PROVIDER: 'simulated' }), RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
  await app.ready();
  return app;
}

/** What the restored app must answer the same: the demo guest's bookings, the demo host's ledger, listing photos' bytes. */
async function answersOf(app: App, photoKeys: string[]) {
  const login = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: api('login'), payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, email).toBe(200);
    return bearer(res.json().token);
  };
  const guest = await login(DEMO_ACCOUNTS[0].email);
  const host = await login(DEMO_ACCOUNTS[1].email);
  const bookings = await app.inject({ url: api('bookings'), headers: guest });
  const earnings = await app.inject({ url: api('host/earnings'), headers: host });
  expect(bookings.statusCode).toBe(200);
  expect(earnings.statusCode).toBe(200);
  const photos: string[] = [];
  for (const key of photoKeys) {
    const res = await app.inject({ url: `/uploads/${key}` });
    expect(res.statusCode, key).toBe(200);
    photos.push(res.rawPayload.toString('base64'));
  }
  return { bookings: bookings.json().result, earnings: earnings.json().result, photos };
}

describe(`npm run backup and npm run restore (${TEST_DB_KIND})`, () => {
  let source: Database & { url?: string };
  let sourceDir: string;
  let archive: string;
  let expected: Awaited<ReturnType<typeof answersOf>>;
  let photoKeys: string[];
  let sourceRows: { bookings: number; users: number };
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    sourceDir = tmp('backup-source');
    cleanups.push(() => rmSync(sourceDir, { recursive: true, force: true }));
    source = TEST_DB_KIND === 'postgres' ? await openTestDatabase() : await openDatabase({ dataDir: sourceDir });
    if (TEST_DB_KIND === 'pglite') await migrate(source);
    await seedDemoData(source, localStorage({ publicDir: join(sourceDir, 'uploads'), privateDir: join(sourceDir, 'private') }));
    // a government ID in private storage and the push keys go along too
    mkdirSync(join(sourceDir, 'private'), { recursive: true });
    writeFileSync(join(sourceDir, 'private', 'ids-test.pdf'), '%PDF-1.4 test id');
    writeFileSync(join(sourceDir, 'vapid.json'), JSON.stringify({ publicKey: 'public-key-of-the-source', privateKey: 'private' }));
    photoKeys = (await source.query<{ large_key: string; thumb_key: string }>(`SELECT large_key, thumb_key FROM listing_photos ORDER BY id LIMIT 2`)).flatMap((r) => [r.large_key, r.thumb_key]);
    sourceRows = (await source.query<{ bookings: number; users: number }>(`SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM users)::int AS users`))[0]!;
    const app = await appOn(sourceDir, source, source.url);
    expected = await answersOf(app, photoKeys);
    await app.close();
    // PGlite: the server is stopped for a backup; PostgreSQL: the source stays up (pg_dump reads a snapshot)
    if (TEST_DB_KIND === 'pglite') await source.close();
    else cleanups.push(() => source.close());
    archive = join(tmp('backup-out'), 'parkly.tar.gz');
    cleanups.push(() => rmSync(join(archive, '..'), { recursive: true, force: true }));
    await createBackup({ config: configOf(sourceDir, source.url), out: archive });
  }, SLOW);

  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it('writes one archive with a manifest: the database, its migrations and row counts, and a checksum of every file', async () => {
    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (e) => void listed.push(e.path) });
    expect(listed[0]).toBe('manifest.json');
    const dir = tmp('backup-list');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'parkly-backup', version: 1, files: { storage: 'local', bucket: null } });
    expect(manifest.database.kind).toBe(TEST_DB_KIND);
    expect(manifest.database.migrations).toContain('001_foundation.sql');
    expect(manifest.database.tables.bookings).toBe(sourceRows.bookings);
    expect(manifest.database.tables.users).toBe(sourceRows.users);
    expect(sourceRows.bookings).toBeGreaterThan(expected.bookings.length);
    const paths = manifest.entries.map((e: { path: string }) => e.path);
    expect(paths).toContain(TEST_DB_KIND === 'postgres' ? 'database/postgres.dump' : 'database/pglite.tar.gz');
    expect(paths).toContain('files/private/ids-test.pdf');
    expect(paths).toContain('files/vapid.json');
    for (const key of photoKeys) expect(paths).toContain(`files/uploads/${key}`);
    for (const entry of manifest.entries) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores into a new database and a new data folder that answer the same bookings, ledger and photos, then applies newer migrations', async () => {
    const target = await emptyTarget();
    const dataDir = tmp('restore-target');
    // this code's migrations and one newer than the backup
    const migrations = tmp('migrations');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    writeFileSync(join(migrations, '999_backup_test.sql'), 'CREATE TABLE backup_test_marker (id integer);\n');
    try {
      const result = await restoreBackup({ config: configOf(dataDir, target.url), from: archive, migrationsDir: migrations });
      expect(result.migrated).toEqual(['999_backup_test.sql']);
      expect(readFileSync(join(dataDir, 'private', 'ids-test.pdf'), 'utf8')).toBe('%PDF-1.4 test id');
      expect(JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')).publicKey).toBe('public-key-of-the-source');
      expect(readdirNames(dataDir)).toEqual(TEST_DB_KIND === 'pglite' ? ['db', 'private', 'uploads', 'vapid.json'] : ['private', 'uploads', 'vapid.json']);

      const db = await openTarget(dataDir, target.url);
      try {
        expect(await db.query(`SELECT count(*)::int AS n FROM backup_test_marker`)).toEqual([{ n: 0 }]);
        const app = await appOn(dataDir, db, target.url);
        const actual = await answersOf(app, photoKeys);
        await app.close();
        expect(actual.bookings.length).toBeGreaterThan(0);
        expect(actual.bookings).toEqual(expected.bookings);
        expect(actual.earnings).toEqual(expected.earnings);
        expect(actual.photos).toEqual(expected.photos);
        for (const [i, key] of photoKeys.entries()) expect(readFileSync(join(sourceDir, 'uploads', key)).toString('base64')).toBe(actual.photos[i]);
      } finally {
        await db.close();
      }
    } finally {
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(migrations, { recursive: true, force: true });
    }
  }, SLOW);

  it('refuses a target that is not empty unless --force, and then replaces it whole', async () => {
    const target = await emptyTarget();
    const dataDir = tmp('restore-full');
    try {
      await restoreBackup({ config: configOf(dataDir, target.url), from: archive });
      // the target moves on after the restore: a new user and a new upload
      let db = await openTarget(dataDir, target.url);
      await db.query(`INSERT INTO users (name, email) VALUES ('Later', 'later@example.com')`);
      await db.close();
      writeFileSync(join(dataDir, 'uploads', 'later.webp'), 'later');

      const refused = restoreBackup({ config: configOf(dataDir, target.url), from: archive });
      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(/The target is not empty: the database .*uploads \(\d+ files\).*--force/);
      db = await openTarget(dataDir, target.url);
      expect(await db.query(`SELECT name FROM users WHERE email = 'later@example.com'`)).toEqual([{ name: 'Later' }]);
      await db.close();
      expect(existsSync(join(dataDir, 'uploads', 'later.webp'))).toBe(true);

      await restoreBackup({ config: configOf(dataDir, target.url), from: archive, force: true });
      db = await openTarget(dataDir, target.url);
      expect(await db.query(`SELECT name FROM users WHERE email = 'later@example.com'`)).toEqual([]);
      expect(await db.query(`SELECT count(*)::int AS n FROM bookings`)).toEqual([{ n: (await manifestOf(archive)).database.tables.bookings }]);
      await db.close();
      expect(existsSync(join(dataDir, 'uploads', 'later.webp'))).toBe(false);
      for (const key of photoKeys) expect(existsSync(join(dataDir, 'uploads', key))).toBe(true);
      expect(readdirNames(dataDir).filter((n) => n.startsWith('.'))).toEqual([]);
    } finally {
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, SLOW);

  it.runIf(TEST_DB_KIND === 'postgres')('restores as a user who is not a superuser, into a database whose extensions an administrator made, and replaces it with --force', async () => {
    const role = `parkly_owner_${randomBytes(6).toString('hex')}`;
    const dataDir = tmp('restore-owner');
    await asTestAdmin(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
    const target = await createScratchDatabase('parkly_restore');
    try {
      await asTestAdmin(`ALTER DATABASE ${target.name} OWNER TO ${role}`);
      const superUrl = new URL(target.url);
      const asSuper = new pg.Client({ connectionString: target.url });
      await asSuper.connect();
      for (const ext of ['btree_gist', 'cube', 'earthdistance', 'pg_trgm', 'citext']) await asSuper.query(`CREATE EXTENSION IF NOT EXISTS ${ext}`);
      await asSuper.end();
      const ownerUrl = new URL(superUrl);
      ownerUrl.username = role;
      ownerUrl.password = '';
      const url = ownerUrl.toString();

      await restoreBackup({ config: configOf(dataDir, url), from: archive });
      let db = await openTarget(dataDir, url);
      await db.query(`INSERT INTO users (name, email) VALUES ('Later', 'later@example.com')`);
      await db.close();
      await restoreBackup({ config: configOf(dataDir, url), from: archive, force: true });
      db = await openTarget(dataDir, url);
      expect(await db.query(`SELECT name FROM users WHERE email = 'later@example.com'`)).toEqual([]);
      expect(await db.query(`SELECT count(*)::int AS n FROM bookings`)).toEqual([{ n: (await manifestOf(archive)).database.tables.bookings }]);
      expect((await db.query<{ extname: string }>(`SELECT extname FROM pg_extension ORDER BY extname`)).map((r) => r.extname)).toEqual(
        expect.arrayContaining(['btree_gist', 'citext', 'cube', 'earthdistance', 'pg_trgm']),
      );
      await db.close();
      const app = await appOn(dataDir, (db = await openTarget(dataDir, url)), url);
      expect(await answersOf(app, photoKeys)).toEqual(expected);
      await app.close();
      await db.close();
    } finally {
      await target.drop();
      await asTestAdmin(`DROP ROLE IF EXISTS ${role}`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, SLOW);

  it('refuses a damaged, tampered or foreign archive before touching the target', async () => {
    const bad = tmp('bad-archives');
    const bytes = readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(join(bad, 'flipped.tar.gz'), flipped);
    writeFileSync(join(bad, 'truncated.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    writeFileSync(join(bad, 'plain.txt'), 'not an archive at all');
    // a photo changed after the manifest was written
    const unpacked = tmp('tampered');
    await tar.extract({ file: archive, cwd: unpacked });
    writeFileSync(join(unpacked, 'files', 'uploads', photoKeys[0]!), 'another picture');
    await tar.create({ gzip: true, file: join(bad, 'tampered.tar.gz'), cwd: unpacked }, ['manifest.json', 'database', 'files']);
    // a file the manifest does not list
    writeFileSync(join(unpacked, 'files', 'uploads', photoKeys[0]!), readFileSync(join(sourceDir, 'uploads', photoKeys[0]!)));
    writeFileSync(join(unpacked, 'files', 'uploads', 'extra.webp'), 'extra');
    await tar.create({ gzip: true, file: join(bad, 'extra.tar.gz'), cwd: unpacked }, ['manifest.json', 'database', 'files']);
    // a tarball of something else
    await tar.create({ gzip: true, file: join(bad, 'foreign.tar.gz'), cwd: unpacked }, ['files']);
    // a manifest of a format this code does not read
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, version: 2 }));
    await tar.create({ gzip: true, file: join(bad, 'newer.tar.gz'), cwd: unpacked }, ['manifest.json', 'database']);
    // a path that would climb out of the folder it is unpacked in
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, entries: [...manifest.entries, { path: 'files/uploads/../../x', bytes: 1, sha256: '0'.repeat(64) }] }));
    await tar.create({ gzip: true, file: join(bad, 'climbing.tar.gz'), cwd: unpacked }, ['manifest.json', 'database']);

    const cases: [string, RegExp][] = [
      ['flipped.tar.gz', /is damaged or is not a Parkly backup/],
      ['truncated.tar.gz', /is damaged or is not a Parkly backup/],
      ['plain.txt', /is damaged or is not a Parkly backup/],
      ['tampered.tar.gz', /is damaged: files\/uploads\/.* does not match its checksum/],
      ['extra.tar.gz', /holds files the manifest does not list \(files\/uploads\/extra.webp\)/],
      ['foreign.tar.gz', /is not a Parkly backup: it has no manifest.json/],
      ['newer.tar.gz', /was made by a newer Parkly \(backup format 2/],
      ['climbing.tar.gz', /its manifest is not valid \(entries\.\d+\.path/],
      ['missing.tar.gz', /does not exist/],
    ];
    const target = await emptyTarget();
    const dataDir = tmp('restore-refused');
    try {
      for (const [name, message] of cases) {
        const attempt = restoreBackup({ config: configOf(dataDir, target.url), from: join(bad, name) });
        await expect(attempt, name).rejects.toThrow(BackupError);
        await expect(attempt, name).rejects.toThrow(message);
        await expect(attempt, name).rejects.toThrow(/Nothing was restored|does not exist|newer Parkly/);
        // nothing was put in place
        expect(readdirNames(dataDir), name).toEqual([]);
      }
      if (target.url) {
        const db = await openPostgres(target.url);
        expect(await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 0 }]);
        await db.close();
      }
    } finally {
      await target.drop();
      for (const dir of [bad, unpacked, dataDir]) rmSync(dir, { recursive: true, force: true });
    }
  }, SLOW);

  it('rolls the whole restore back when the restored database does not hold the rows the manifest counted', async () => {
    const unpacked = tmp('miscounted');
    const file = join(unpacked, '..', `${randomBytes(4).toString('hex')}-miscounted.tar.gz`);
    const target = await emptyTarget();
    const dataDir = tmp('restore-miscounted');
    try {
      await tar.extract({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
      manifest.database.tables.bookings += 1;
      writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
      await tar.create({ gzip: true, file, cwd: unpacked }, ['manifest.json', 'database', 'files']);
      const attempt = restoreBackup({ config: configOf(dataDir, target.url), from: file });
      await expect(attempt).rejects.toThrow(BackupError);
      await expect(attempt).rejects.toThrow(
        TEST_DB_KIND === 'postgres' ? /rolled back; the database is as it was:[\s\S]*restored table bookings does not hold the \d+ rows/ : /The restored table bookings holds \d+ rows, not the \d+ the backup counted/,
      );
      // the files that went in first were taken out again, and no database is left behind
      expect(readdirNames(dataDir)).toEqual([]);
      if (target.url) {
        const db = await openPostgres(target.url);
        expect(await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 0 }]);
        await db.close();
      }
    } finally {
      await target.drop();
      for (const path of [unpacked, dataDir, file]) rmSync(path, { recursive: true, force: true });
    }
  }, SLOW);

  it('refuses a backup of the other kind of database, of a newer Parkly, or with local files into S3', async () => {
    const target = await emptyTarget();
    const dataDir = tmp('restore-misfit');
    const other = TEST_DB_KIND === 'postgres' ? configOf(dataDir) : configOf(dataDir, 'postgres://nobody@127.0.0.1:1/none');
    try {
      await expect(restoreBackup({ config: other, from: archive })).rejects.toThrow(
        TEST_DB_KIND === 'postgres' ? /holds a PostgreSQL database: set DATABASE_URL/ : /holds an embedded \(PGlite\) database: unset DATABASE_URL/,
      );
      const older = tmp('older-migrations');
      cpSync(MIGRATIONS_DIR, older, { recursive: true });
      rmSync(join(older, '001_foundation.sql'));
      await expect(restoreBackup({ config: configOf(dataDir, target.url), from: archive, migrationsDir: older })).rejects.toThrow(
        /made by a newer Parkly: its database has migrations this version does not know \(001_foundation.sql\)/,
      );
      rmSync(older, { recursive: true, force: true });
      const s3 = { ...configOf(dataDir, target.url), s3: { bucket: 'parkly-files', region: 'us-east-1', endpoint: undefined, accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false } };
      await expect(restoreBackup({ config: s3, from: archive })).rejects.toThrow(/holds the files of local storage, but S3_BUCKET is set \(parkly-files\)/);
      expect(readdirNames(dataDir)).toEqual([]);
    } finally {
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, SLOW);

  it('with S3 storage, backs up the database and the push keys only, and says where the files are', async () => {
    const out = join(tmp('backup-s3'), 'db-only.tar.gz');
    try {
      const s3 = { bucket: 'parkly-files', region: 'us-east-1', endpoint: undefined, accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false };
      const { manifest } = await createBackup({ config: { ...configOf(sourceDir, source.url), s3 }, out });
      expect(manifest.files).toEqual({ storage: 's3', bucket: 'parkly-files' });
      expect(manifest.entries.map((e) => e.path).filter((p) => p.startsWith('files/'))).toEqual(['files/vapid.json']);
      await expect(createBackup({ config: configOf(sourceDir, source.url), out })).rejects.toThrow(/already exists: name another file with --out/);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, SLOW);

  it.runIf(TEST_DB_KIND === 'pglite')('refuses to back up or restore an embedded database a running server holds', async () => {
    // a live process that is not this one holds the folder's lock, as a running server does
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(sourceDir, LOCK_FILE), String(holder.pid));
      const out = join(tmp('backup-locked'), 'x.tar.gz');
      await expect(createBackup({ config: configOf(sourceDir), out })).rejects.toThrow(new RegExp(`in use by process ${holder.pid} \\(a running Parkly server\\?\\): stop it first`));
      await expect(restoreBackup({ config: configOf(sourceDir), from: archive, force: true })).rejects.toThrow(/in use by process \d+/);
      expect(existsSync(out)).toBe(false);
      // the data folder is as it was
      expect(readdirNames(sourceDir)).toEqual(['db', LOCK_FILE, 'private', 'uploads', 'vapid.json']);
    } finally {
      holder.kill();
      rmSync(join(sourceDir, LOCK_FILE), { force: true });
    }
  });
});

describe('the PostgreSQL client tools', () => {
  it('must be at least as new as the server they dump, or the pg_dump that wrote the archive they restore', () => {
    expect(() => checkClientVersion('pg_dump', 16, 16, 'the server')).not.toThrow();
    expect(() => checkClientVersion('pg_dump', 17, 16, 'the server')).not.toThrow();
    expect(() => checkClientVersion('pg_dump', 15, 16, 'the server it would dump')).toThrow(
      /pg_dump is PostgreSQL 15's, older than the server it would dump \(PostgreSQL 16\)\. Install the client tools of PostgreSQL 16 or newer \(Debian: apt-get install postgresql-client-16/,
    );
  });
});

const readdirNames = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

async function manifestOf(file: string) {
  const dir = tmp('manifest');
  try {
    await tar.extract({ file, cwd: dir, filter: (p) => p === 'manifest.json' });
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
