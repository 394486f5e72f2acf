import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, openTestDatabase, TEST_DB_KIND } from '../../test/helper';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createAdmin } from '../modules/admin/users/create-admin';
import { DEMO_PASSWORD, findPublicDemoAccounts, seedDemoData, type PublicDemoAccount } from '../seed/demo';
import { start } from './start';
import { banner, startupPlan, type StartupConfig } from './startup-plan';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const THREE: PublicDemoAccount[] = [
  { email: 'admin@parkly.test', role: 'admin' },
  { email: 'guest@parkly.test', role: 'user' },
  { email: 'host@parkly.test', role: 'user' },
];
const embedded: StartupConfig = { database: 'embedded', demoData: true, paymentProvider: 'simulated' };
const postgres: StartupConfig = { database: 'postgres', demoData: false, paymentProvider: 'stripe' };
const text = (plan: ReturnType<typeof startupPlan>) => plan.warnings.map(banner).join('\n');

describe('startupPlan', () => {
  it("the newcomer's embedded database: the demo loads into it and its accounts are named in one line, no warning", () => {
    const plan = startupPlan(embedded, { empty: true, publicDemoAccounts: [] });
    expect(plan).toEqual({
      seedDemo: true,
      demoNotice: `Demo accounts (password "${DEMO_PASSWORD}"): guest@parkly.test, host@parkly.test, admin@parkly.test`,
      warnings: [],
    });
    // a later start: nothing loaded again, the line names the accounts that still have the demo password
    const later = startupPlan(embedded, { empty: false, publicDemoAccounts: [THREE[1]!] });
    expect(later).toEqual({ seedDemo: false, demoNotice: `Demo accounts (password "${DEMO_PASSWORD}"): guest@parkly.test`, warnings: [] });
    expect(startupPlan({ ...embedded, demoData: false }, { empty: true, publicDemoAccounts: [] })).toEqual({ seedDemo: false, demoNotice: null, warnings: [] });
  });

  it('PostgreSQL without DEMO_DATA: nothing loaded, nothing to warn about with a real provider', () => {
    expect(startupPlan(postgres, { empty: true, publicDemoAccounts: [] })).toEqual({ seedDemo: false, demoNotice: null, warnings: [] });
    expect(startupPlan(postgres, { empty: false, publicDemoAccounts: [] })).toEqual({ seedDemo: false, demoNotice: null, warnings: [] });
  });

  it('PostgreSQL with DEMO_DATA=1: loaded into an empty database, and the public password is warned about', () => {
    const plan = startupPlan({ ...postgres, demoData: true }, { empty: true, publicDemoAccounts: [] });
    expect(plan.seedDemo).toBe(true);
    expect(plan.demoNotice).toBeNull();
    expect(plan.warnings.map((w) => w.title)).toEqual([`Demo accounts with the public password "${DEMO_PASSWORD}" can log in`]);
    const all = text(plan);
    expect(all).toContain('DEMO_DATA=1 loaded the demo content');
    expect(all).toContain('admin@parkly.test is an administrator');
    expect(all).toContain('the other demo accounts under parkly.test');
    expect(all).toContain('npm run create-admin');
    // never loaded into a database that is in use
    expect(startupPlan({ ...postgres, demoData: true }, { empty: false, publicDemoAccounts: [] }).seedDemo).toBe(false);
  });

  it('PostgreSQL at every later start: demo accounts that still have the public password are warned about, DEMO_DATA or not', () => {
    for (const demoData of [false, true]) {
      const plan = startupPlan({ ...postgres, demoData }, { empty: false, publicDemoAccounts: THREE });
      expect(plan.seedDemo).toBe(false);
      expect(plan.warnings).toHaveLength(1);
      expect(text(plan)).toMatch(/admin@parkly\.test, guest@parkly\.test, host@parkly\.test\./);
      expect(text(plan)).not.toContain('loaded the demo content');
    }
    // only the accounts named: no administrator among them, no administrator line
    const guests = startupPlan(postgres, { empty: false, publicDemoAccounts: [THREE[1]!] });
    expect(text(guests)).toContain('guest@parkly.test.');
    expect(text(guests)).not.toContain('administrator:');
    // many: six named, the rest counted
    const many = Array.from({ length: 9 }, (_, i) => ({ email: `d${i}@parkly.test`, role: 'user' as const }));
    expect(text(startupPlan(postgres, { empty: false, publicDemoAccounts: many }))).toContain('d5@parkly.test and 3 more under parkly.test.');
  });

  it('PostgreSQL with PAYMENT_PROVIDER=simulated: warned that no money moves', () => {
    const plan = startupPlan({ ...postgres, paymentProvider: 'simulated' }, { empty: false, publicDemoAccounts: [] });
    expect(plan.warnings.map((w) => w.title)).toEqual(['Payments are simulated: no money moves']);
    expect(text(plan)).toContain('PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY');
    expect(text(plan)).toContain('PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET');
    expect(banner(plan.warnings[0]!).split('\n').every((line) => line.startsWith('!!'))).toBe(true);
  });
});

/** The real start-up path (what server.ts runs) on the test run's database, on a free port. */
describe(`start (${TEST_DB_KIND})`, () => {
  let db: Database & { url?: string };
  let dataDir: string;
  let running: Awaited<ReturnType<typeof start>> | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parkly-start-'));
    // as a data folder that has been used before: a fresh one adds a warning of its own (no uploads folder yet)
    mkdirSync(join(dataDir, 'uploads'));
    // PostgreSQL: a database of the test's own; PGlite: the embedded database start() opens in DATA_DIR
    if (TEST_DB_KIND === 'postgres') db = await openTestDatabase();
    else {
      db = await openDatabase({ dataDir });
      await migrate(db);
    }
  });
  afterEach(async () => {
    if (running) {
      await running.app.close();
      await running.db.close();
      running = null;
    }
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts as the server does with these variables; answers what it printed and logged, and a way to call it. */
  async function startWith(env: Record<string, string>) {
    // PGlite holds its folder: one process (here, one handle) at a time
    if (TEST_DB_KIND === 'pglite') await db.close();
    const out: string[] = [];
    const err: string[] = [];
    const log: { level: number; msg: string }[] = [];
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: '0',
      NODE_ENV: 'test',
      ...(TEST_DB_KIND === 'postgres' && { DATABASE_URL: db.url! }),
      ...env,
    });
    const stream = { write: (line: string) => void log.push(JSON.parse(line) as { level: number; msg: string }) };
    running = await start(config, { logger: { level: 'warn', stream }, out: (l) => out.push(l), err: (l) => err.push(l) });
    const { port } = running.app.server.address() as { port: number };
    const login = (email: string, password: string) =>
      fetch(`http://127.0.0.1:${port}${api('login')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return { out: out.join('\n'), err: err.join('\n'), log, login, plan: running.plan };
  }

  async function stop() {
    await running!.app.close();
    await running!.db.close();
    running = null;
    if (TEST_DB_KIND === 'pglite') db = await openDatabase({ dataDir });
  }

  it.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL with no DEMO_DATA: no demo accounts, the public login fails, simulated payments are warned about', async () => {
    const s = await startWith({ PAYMENT_PROVIDER: 'simulated' });
    expect(s.plan.seedDemo).toBe(false);
    const res = await s.login('admin@parkly.test', DEMO_PASSWORD);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await running!.db.query(`SELECT count(*)::int AS n FROM users WHERE email::text LIKE '%parkly.test'`))[0]).toEqual({ n: 0 });
    expect(s.err).toContain('!!  WARNING: Payments are simulated: no money moves');
    expect(s.err).not.toContain('Demo accounts');
    expect(s.out).toContain('database: PostgreSQL');
    expect(s.out).not.toContain(DEMO_PASSWORD);
    expect(s.log).toEqual([expect.objectContaining({ level: 40, msg: 'Payments are simulated: no money moves' })]);
    await stop();
  });

  it.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL with demo accounts left from an earlier start: warned at every start until they are safe', async () => {
    await seedDemoData(db);
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' };
    const first = await startWith(stripe);
    expect(first.plan.seedDemo).toBe(false);
    expect(first.err).toContain(`WARNING: Demo accounts with the public password "${DEMO_PASSWORD}" can log in`);
    expect(first.err).toContain('admin@parkly.test is an administrator');
    expect(first.log.map((l) => [l.level, l.msg])).toEqual([[40, `Demo accounts with the public password "${DEMO_PASSWORD}" can log in`]]);
    // the warning is true: the public password logs in
    expect((await first.login('admin@parkly.test', DEMO_PASSWORD)).status).toBe(200);
    await stop();

    // the admin gets a password of its own, the others are suspended: the next start says nothing
    await createAdmin(db, { email: 'admin@parkly.test', password: 'a brand new passphrase' });
    const second = await startWith(stripe);
    expect(second.err).toMatch(/guest@parkly\.test, host@parkly\.test\./);
    expect(second.err).not.toContain('administrator:');
    await stop();
    await db.query(`UPDATE users SET suspended_at = now() WHERE email::text LIKE '%parkly.test' AND role = 'user'`);
    const third = await startWith(stripe);
    expect(third.err).toBe('');
    expect(third.log).toEqual([]);
    expect((await third.login('admin@parkly.test', DEMO_PASSWORD)).status).toBe(401);
  });

  it.runIf(TEST_DB_KIND === 'pglite')('the embedded database: demo accounts named in one friendly line, never a warning', async () => {
    await seedDemoData(db);
    const s = await startWith({ DEMO_DATA: '0' });
    expect(s.out).toContain(`Demo accounts (password "${DEMO_PASSWORD}"): guest@parkly.test, host@parkly.test, admin@parkly.test`);
    expect(s.out).toContain('database: PGlite');
    expect(s.err).toBe('');
    expect(s.log).toEqual([]);
    expect((await s.login('admin@parkly.test', DEMO_PASSWORD)).status).toBe(200);
    await stop();
    await createAdmin(db, { email: 'admin@parkly.test', password: 'a brand new passphrase' });
    expect((await findPublicDemoAccounts(db)).map((a) => a.email)).toEqual(['guest@parkly.test', 'host@parkly.test']);
  });
});

describe('the server process', () => {
  /** Runs `tsx src/server.ts` with only these variables; answers its exit code and what it wrote to stderr. */
  function runServer(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: join(tmpdir(), 'parkly-never-opened'), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  }

  it('refuses to start on PostgreSQL with no payment provider, before touching the database, and says what to set', async () => {
    // nothing listens on port 9: the server never gets as far as connecting
    const r = await runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:9/parkly' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('PAYMENT_PROVIDER: must be set on PostgreSQL');
    expect(r.stderr).toContain('PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    expect(r.stderr).toContain('PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET');
    expect(r.stderr).toContain('PAYMENT_PROVIDER=simulated');
    expect(r.stderr).not.toContain('Cannot open the database');
  });

  it('refuses to start with PAYMENT_PROVIDER=razorpay without its keys, naming them', async () => {
    const r = await runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:9/parkly', PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_Abcdef123456' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('RAZORPAY_KEY_SECRET: is required with PAYMENT_PROVIDER=razorpay');
    expect(r.stderr).toContain('RAZORPAY_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=razorpay');
    expect(r.stderr).not.toContain('Cannot open the database');
  });

  it('refuses TRUST_PROXY=true at start with what to set instead', async () => {
    const r = await runServer({ TRUST_PROXY: 'true' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TRUST_PROXY: "true" would trust every hop.*number of proxies in front of the app/);
  });
});
