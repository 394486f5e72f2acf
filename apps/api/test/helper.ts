import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { API_BASE } from '@parkly/shared/constants';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/** Which database this run uses: PGlite always, PostgreSQL when the runner sets PARKLY_TEST_DB=postgres. */
export const TEST_DB_KIND = process.env.PARKLY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Runs one statement as TEST_DATABASE_URL's user (creating and dropping databases and roles). */
export async function asTestAdmin(sql: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PARKLY_TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, named `<prefix>_<random>` (PARKLY_TEST_DB_PREFIX, e.g. one per worktree); `drop` removes it. */
export async function createScratchDatabase(prefix = process.env.PARKLY_TEST_DB_PREFIX ?? 'parkly_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asTestAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asTestAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The migrated template global-setup.ts made for this run, when the tests run under its config. */
function template(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined; // outside a vitest worker (a script importing the test helpers)
  }
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close (its address in
 * `url`). Both start from the run's migrated template when there is one; migrate() then finds nothing to do.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (TEST_DB_KIND === 'pglite') {
    const file = template('pgliteTemplate');
    const db = file ? await openPglite(undefined, { loadDataDir: new Blob([readFileSync(file)]) }) : await openPglite();
    await migrate(db);
    return db;
  }
  const scratch = await createScratchDatabase(undefined, template('postgresTemplate'));
  const db = await openPostgres(scratch.url);
  await migrate(db);
  return {
    ...db,
    url: scratch.url,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

export interface TestContext {
  app: App;
  db: Database & { url?: string };
  dataDir: string;
  close(): Promise<void>;
}

type WebOptions = Pick<BuildOptions, 'webDistDir' | 'rendererFile'>;

/**
 * The whole app on a fresh database and data folder. Rate limits are off unless env turns them on. The
 * app serves no web app unless `web` makes one in the data folder (a built web folder, a renderer).
 */
export async function createTestApp(env: Record<string, string> = {}, web: (dataDir: string) => WebOptions = (dir) => ({ webDistDir: join(dir, 'no-web') })): Promise<TestContext> {
  const db = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const app = await buildApp({ config, db, ...web(dataDir) });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const api = (path: string) => `${API_BASE}/${path.replace(/^\//, '')}`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** Signs up a new user through the public call and returns its token and profile. */
export async function signUp(app: App, over: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  const body = {
    name: over.name ?? `Test User ${counter}`,
    email: over.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: over.password ?? 'a sensible passphrase',
  };
  const res = await app.inject({ method: 'POST', url: api('signup'), payload: body });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; result: { id: string; email: string; name: string } };
  return { token: json.token, user: json.result, password: body.password };
}

/** A multipart body with one `file` field, for inject(). */
export function multipartFile(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----parkly${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
