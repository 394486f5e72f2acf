import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../../test/helper';
import { createTestUser } from '../../notifications/test-users';

describe('GET admin/dashboard', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const res = await t.app.inject({ url: api('admin/dashboard'), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().result;
  };

  it('counts users, hosts and what waits for an admin', async () => {
    const before = await dashboard();
    const host = await createTestUser(t.db, { name: 'New Host', host: true });
    await t.db.query(
      `INSERT INTO government_ids (user_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, 'ids/x.pdf', 'id.pdf', 'application/pdf', 10)`,
      [host.id],
    );
    await t.db.query(`INSERT INTO contact_messages (name, email, subject, message) VALUES ('A', 'a@example.com', 'Hi', 'Help')`);
    await t.db.query(`INSERT INTO support_questions (question) VALUES ('Can I park a boat?')`);
    const after = await dashboard();
    expect(after.currency).toBe('INR');
    expect(after.totals.users).toBe(before.totals.users + 1);
    expect(after.totals.hosts).toBe(before.totals.hosts + 1);
    expect(after.periods.today.new_users).toBe(before.periods.today.new_users + 1);
    expect(after.periods.month.new_users).toBeGreaterThanOrEqual(after.periods.week.new_users);
    expect(after.waiting.id_checks).toBe(before.waiting.id_checks + 1);
    expect(after.waiting.support_messages).toBe(before.waiting.support_messages + 2);
    for (const p of ['today', 'week', 'month'] as const) expect(after.periods[p]).toEqual(expect.objectContaining({ bookings: expect.any(Number), gross_booking_value: expect.any(Number) }));
  });
});
