import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../../test/helper';
import { createTestUser } from '../../notifications/test-users';
import { recordAdminAction } from '../admin-audit';

type Entry = {
  id: string;
  action: string;
  actor: { id: string; name: string; email: string } | null;
  subject_type: string | null;
  subject_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown> | null;
  ip: string | null;
  created_at: string;
};

describe('GET admin/audit', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  let other: Awaited<ReturnType<typeof createTestUser>>;
  const listingId = randomUUID();
  const userId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.db, { name: 'Audrey Auditor', email: 'audrey@example.com', role: 'admin' });
    other = await createTestUser(t.db, { name: 'Omar Other', email: 'omar@example.com', role: 'admin' });
    const actor = (u: { id: string }) => ({ id: u.id, ip: '198.51.100.7' });
    await recordAdminAction(t.db, actor(admin), {
      action: 'user.suspend',
      subjectType: 'user',
      subjectId: userId,
      before: { suspended_at: null },
      after: { suspended_at: '2026-01-01T00:00:00.000Z' },
      reason: 'Fake address reported twice',
    });
    await recordAdminAction(t.db, actor(other), {
      action: 'listing.suspend',
      subjectType: 'listing',
      subjectId: listingId,
      before: { status: 'active', title: 'Koramangala basement' },
      after: { status: 'suspended', title: 'Koramangala basement' },
      reason: 'Photos of another place',
    });
    await recordAdminAction(t.db, actor(admin), { action: 'user.reinstate', subjectType: 'user', subjectId: userId, before: { a: 1 }, after: { a: 2 } });
    // an account event a user causes is in the log too, with its own details
    await t.db.query(`INSERT INTO audit_log (actor_id, action, subject_type, subject_id, details) VALUES ($1::uuid, 'account.password_changed', 'user', $1::text, '{"via":"profile"}')`, [
      other.id,
    ]);
    // one apart each, in the order written (PGlite's clock can give two statements the same instant)
    await t.db.query(
      `UPDATE audit_log SET created_at = now() - CASE action WHEN 'user.suspend' THEN interval '4 minutes' WHEN 'listing.suspend' THEN interval '3 minutes'
         WHEN 'user.reinstate' THEN interval '2 minutes' ELSE interval '1 minute' END`,
    );
  });
  afterAll(() => t.close());

  const audit = async (query = '') => {
    const res = await t.app.inject({ url: api(`admin/audit${query}`), headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as { result: Entry[]; page: { page: number; page_size: number; total: number } };
  };
  const actions = async (query: string) => (await audit(query)).result.map((e) => e.action);

  it('lists entries newest first with who, what, when, the subject, the reason and before/after', async () => {
    const all = await audit();
    expect(all.page).toEqual({ page: 1, page_size: 25, total: 4 });
    expect(all.result.map((e) => e.action)).toEqual(['account.password_changed', 'user.reinstate', 'listing.suspend', 'user.suspend']);
    expect(all.result[2]).toEqual({
      id: expect.any(String),
      action: 'listing.suspend',
      actor: { id: other.id, name: 'Omar Other', email: 'omar@example.com' },
      subject_type: 'listing',
      subject_id: listingId,
      reason: 'Photos of another place',
      before: { status: 'active', title: 'Koramangala basement' },
      after: { status: 'suspended', title: 'Koramangala basement' },
      details: null,
      ip: '198.51.100.7',
      created_at: expect.any(String),
    });
    expect(all.result[0]).toMatchObject({ reason: null, before: null, after: null, details: { via: 'profile' } });
    expect(all.result[1]).toMatchObject({ reason: null, before: { a: 1 }, after: { a: 2 } });
  });

  it('searches by action prefix, actor, subject and free text', async () => {
    expect(await actions('?action=user.')).toEqual(['user.reinstate', 'user.suspend']);
    expect(await actions('?action=user.suspend')).toEqual(['user.suspend']);
    expect(await actions('?action=listing')).toEqual(['listing.suspend']);
    expect(await actions('?actor=OMAR')).toEqual(['account.password_changed', 'listing.suspend']);
    expect(await actions('?actor=audrey%40example')).toEqual(['user.reinstate', 'user.suspend']);
    expect(await actions(`?subject=${userId}`)).toEqual(['user.reinstate', 'user.suspend']);
    expect(await actions(`?subject=${listingId.slice(0, 8)}`)).toEqual(['listing.suspend']);
    expect(await actions('?q=koramangala')).toEqual(['listing.suspend']);
    expect(await actions('?q=fake%20address')).toEqual(['user.suspend']);
    expect(await actions('?q=audrey')).toEqual(['user.reinstate', 'user.suspend']);
    expect(await actions('?q=audrey&action=user.suspend')).toEqual(['user.suspend']);
    expect(await actions('?q=%25')).toEqual([]);
    expect(await actions('?action=nothing')).toEqual([]);
  });

  it('pages, and refuses bad input with 400; non-admins get 403', async () => {
    expect((await audit('?page=2')).result).toEqual([]);
    const bad = await t.app.inject({ url: api(`admin/audit?page=0&action=${'a'.repeat(101)}`), headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['page', 'action']));
    const user = await createTestUser(t.db);
    expect((await t.app.inject({ url: api('admin/audit'), headers: user.headers })).statusCode).toBe(403);
  });
});
