import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, bearer, createTestApp, signUp, TEST_DB_KIND, type TestContext } from '../../../../test/helper';
import { openDatabase } from '../../../db/open';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { createAdmin } from './create-admin';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'a long and private passphrase';
const newEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: api('login'), payload: { email, password } });
const roleOf = async (email: string) => (await t.db.query<{ role: string }>(`SELECT role FROM users WHERE email = $1`, [email]))[0]?.role;

describe('createAdmin', () => {
  it('makes a new administrator who can log in and open the console, recorded in the audit log', async () => {
    const email = newEmail('first-admin');
    const result = await createAdmin(t.db, { email: `  ${email.toUpperCase()} `, password: PASSWORD, name: 'Meera Admin' });
    expect(result).toEqual({ outcome: 'created', id: expect.any(String), email });
    const res = await login(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ name: 'Meera Admin' });
    expect((await t.app.inject({ url: api('admin/dashboard'), headers: bearer(res.json().token) })).statusCode).toBe(200);
    const audit = await t.db.query<{ actor_id: string | null; action: string; details: Record<string, unknown> }>(
      `SELECT actor_id, action, details FROM audit_log WHERE subject_id = $1`,
      [result.id],
    );
    expect(audit).toEqual([{ actor_id: null, action: 'user.role', details: { before: null, after: { role: 'admin' }, via: 'npm run create-admin', password_replaced: false } }]);
  });

  it('refuses weak and common passwords as sign-up does, and the public demo password, writing nothing', async () => {
    const email = newEmail('weak');
    for (const password of ['password123', 'qwertyuiop', 'aaaaaaaaaa', 'Parkly123', DEMO_PASSWORD, 'PARKLY-DEMO']) {
      await expect(createAdmin(t.db, { email, password }), password).rejects.toMatchObject({ code: 'VALIDATION', errors: { password: expect.stringMatching(/too common/) } });
    }
    await expect(createAdmin(t.db, { email, password: 'short' })).rejects.toMatchObject({ errors: { password: 'Use at least 8 characters' } });
    await expect(createAdmin(t.db, { email, password: 'x'.repeat(500) })).rejects.toMatchObject({ errors: { password: expect.stringMatching(/at most/) } });
    await expect(createAdmin(t.db, { email, password: undefined })).rejects.toMatchObject({ errors: { password: 'Enter a password' } });
    await expect(createAdmin(t.db, { email: 'not-an-email', password: PASSWORD })).rejects.toMatchObject({ errors: { email: 'Enter a valid e-mail address' } });
    await expect(createAdmin(t.db, { email, password: PASSWORD, name: ' ' })).rejects.toMatchObject({ errors: { name: 'Enter your name' } });
    expect(await roleOf(email)).toBeUndefined();
  });

  it('promotes an existing account with the new password and signs out its sessions', async () => {
    const { token, user, password } = await signUp(t.app, { email: newEmail('promoted') });
    const result = await createAdmin(t.db, { email: user.email, password: PASSWORD });
    expect(result).toEqual({ outcome: 'promoted', id: user.id, email: user.email });
    expect(await roleOf(user.email)).toBe('admin');
    // whoever held the account before is signed out, and its old password no longer works
    expect((await t.app.inject({ url: api('get_profile'), headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    // again: an administrator already, the password replaced
    expect(await createAdmin(t.db, { email: user.email, password: 'yet another long passphrase' })).toMatchObject({ outcome: 'updated' });
    expect((await login(user.email, 'yet another long passphrase')).statusCode).toBe(200);
  });

  it('refuses a suspended account, changing nothing', async () => {
    const { user } = await signUp(t.app, { email: newEmail('suspended') });
    await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'Fraud' WHERE id = $1`, [user.id]);
    await expect(createAdmin(t.db, { email: user.email, password: PASSWORD })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/is suspended/) });
    expect(await roleOf(user.email)).toBe('user');
    const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE subject_id = $1`, [user.id]);
    expect(row!.n).toBe(0);
  });
});

describe('npm run create-admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'parkly-create-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The command as npm runs it, on this run's database (PostgreSQL), or an embedded one in a folder of its own (PGlite). */
  function run(args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
      cwd: join(import.meta.dirname, '../../../..'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...(TEST_DB_KIND === 'postgres' && { DATABASE_URL: t.db.url! }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('says what is wrong with the input and exits 2, before opening the database', async () => {
    const usage = await run([]);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toContain('Usage: npm run create-admin -- --email you@example.com --password');
    const weak = await run(['--email', 'boss@example.com', '--password', 'password123']);
    expect(weak).toMatchObject({ code: 2, stdout: '', stderr: '--password: This password is too common. Choose one that is harder to guess.\n' });
    const demo = await run(['--email', 'boss@example.com', '--password', DEMO_PASSWORD]);
    expect(demo).toMatchObject({ code: 2, stderr: expect.stringContaining('--password: This password is too common') });
    expect((await run(['--email', 'boss', '--password', PASSWORD])).stderr).toBe('--email: Enter a valid e-mail address\n');
    expect((await run(['--email', 'boss@example.com', '--password', PASSWORD, '--role', 'x'])).code).toBe(2);
    // the embedded database would have been made in DATA_DIR by now
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
  });

  it('makes the administrator and says so; a second run promotes nothing new and says the password is replaced', async () => {
    const email = newEmail('cli-admin');
    const first = await run(['--email', email, '--password', PASSWORD, '--name', 'Command Line']);
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0, stdout: `Created the administrator ${email}. Log in with it and open /admin.\n` });
    const second = await run(['--email', email, '--password', 'another long passphrase']);
    expect(second).toMatchObject({ code: 0, stdout: `${email} was already an administrator: its password is replaced, and its sessions are signed out.\n` });
    // what the command wrote, read from its database
    const db = TEST_DB_KIND === 'postgres' ? t.db : await openDatabase({ dataDir });
    try {
      const [row] = await db.query<{ name: string; role: string }>(`SELECT name, role FROM users WHERE email = $1`, [email]);
      expect(row).toEqual({ name: 'Command Line', role: 'admin' });
    } finally {
      if (db !== t.db) await db.close();
    }
  });
});
