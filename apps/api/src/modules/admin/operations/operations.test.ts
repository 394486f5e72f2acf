import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, TEST_DB_KIND, type TestContext } from '../../../../test/helper';
import { createTestUser } from '../../notifications/test-users';
import { recordJobRun, trackJobRun } from './job-runs';

describe('GET admin/health', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
  });
  afterAll(() => t.close());

  it('shows the database, the outbox backlog and failures, the jobs and push', async () => {
    await t.db.query(`INSERT INTO email_outbox (to_address, subject, body_text) VALUES ('a@example.com', 'Waiting', 'x')`);
    await t.db.query(`INSERT INTO email_outbox (to_address, subject, body_text, status, last_error) VALUES ('b@example.com', 'Gave up', 'x', 'failed', 'refused')`);
    await recordJobRun(t.db, 'booking-lifecycle', null);
    await recordJobRun(t.db, 'mail-outbox', null);
    await recordJobRun(t.db, 'mail-outbox', new Error('SMTP is down'));

    const res = await t.app.inject({ url: api('admin/health'), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const h = res.json().result;
    expect(h.database.kind).toBe(TEST_DB_KIND);
    if (TEST_DB_KIND === 'postgres') expect(h.database.size_bytes).toBeGreaterThan(0);
    expect(h.outbox).toMatchObject({ waiting: 1, failed: 1 });
    expect(h.outbox.oldest_waiting_at).toEqual(expect.any(String));
    const mail = h.jobs.find((j: { name: string }) => j.name === 'mail-outbox');
    expect(mail).toMatchObject({ last_error: 'SMTP is down', last_ok_at: expect.any(String) });
    expect(h.jobs.find((j: { name: string }) => j.name === 'booking-lifecycle')).toMatchObject({ last_error: null });
    expect(h.push).toEqual({ subscriptions: 0, failures: expect.any(Number) });
    expect(h.realtime.sockets).toBe(0);
  });
});

describe('trackJobRun', () => {
  it('writes a run at once when it fails or follows a failure, and quiet successes at most once a minute', async () => {
    const t = await createTestApp();
    try {
      const log = { warn: () => undefined } as unknown as Parameters<typeof trackJobRun>[1];
      const name = `test-job-${Date.now()}`;
      const row = async () => (await t.db.query<{ runs: string; last_error: string | null }>(`SELECT runs::text, last_error FROM job_runs WHERE name = $1`, [name]))[0];
      for (let i = 0; i < 3; i++) await trackJobRun(t.db, log, name, async () => 'ok');
      expect(await row()).toEqual({ runs: '1', last_error: null });
      await expect(trackJobRun(t.db, log, name, async () => Promise.reject(new Error('SMTP is down')))).rejects.toThrow('SMTP is down');
      // the failure is written at once, counting the two quiet runs before it
      expect(await row()).toEqual({ runs: '4', last_error: 'SMTP is down' });
      await trackJobRun(t.db, log, name, async () => 'ok');
      expect(await row()).toEqual({ runs: '5', last_error: null });
    } finally {
      await t.close();
    }
  });
});

describe('GET ready', () => {
  it('is ready once every migration is applied, and not while one is missing or the database is gone', async () => {
    const t = await createTestApp();
    try {
      const ok = await t.app.inject({ url: api('ready') });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ready' });
      // as while a migration runs: the newest file is not recorded yet
      const [last] = await t.db.query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`);
      await t.db.query(`DELETE FROM schema_migrations WHERE name = $1`, [last!.name]);
      const migrating = await t.app.inject({ url: api('ready') });
      expect(migrating.statusCode).toBe(503);
      expect(migrating.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'The database schema is being updated' });
      // health is liveness: the process and database answer
      expect((await t.app.inject({ url: api('health') })).statusCode).toBe(200);
      await t.db.close();
      const gone = await t.app.inject({ url: api('ready') });
      expect(gone.statusCode).toBe(503);
      expect(gone.body).not.toMatch(/pglite|postgres|stack/i);
    } finally {
      await t.app.close();
    }
  });
});
