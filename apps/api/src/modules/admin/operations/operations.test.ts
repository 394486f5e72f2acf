import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, TEST_DB_KIND, type TestContext } from '../../../../test/helper';
import { createTestUser } from '../../notifications/test-users';
import { recordJobRun } from './job-runs';

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
