import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@parkly/shared/constants';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { insertNotification } from './notifications.repository';
import { notifyUser } from './notifications.service';
import { createTestUser } from './test-users';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe('notifications', () => {
  let t: TestContext;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t.db, { name: 'Alice' });
    bob = await createTestUser(t.db, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const status = (u: TestUser) => t.app.inject({ url: api('notification-status'), headers: u.headers });
  const list = (u: TestUser) => t.app.inject({ url: api('get-notification'), headers: u.headers });
  const remove = (u: TestUser, payload: unknown) =>
    t.app.inject({ method: 'POST', url: api('notification-delete'), headers: u.headers, payload: payload as object });
  const count = async (userId: string) =>
    Number((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM notifications WHERE user_id = $1`, [userId]))[0]!.n);

  it('needs a token for every call', async () => {
    const calls = [
      { method: 'GET' as const, url: api('notification-status') },
      { method: 'GET' as const, url: api('get-notification') },
      { method: 'POST' as const, url: api('notification-delete'), payload: { notification_id: 'x' } },
      { method: 'DELETE' as const, url: api('notification-clear') },
    ];
    for (const call of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-real-token-at-all-0123456789' }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, call.url).toBe(401);
        expect(res.json()).toMatchObject({ message: MESSAGES.unauthenticated, code: 'UNAUTHENTICATED' });
      }
    }
  });

  it('starts empty and read', async () => {
    expect((await status(alice)).json()).toEqual({ is_read: 1 });
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notification: [] });
  });

  it('lists newest first, shows booking_date_time only when set, and marks them read', async () => {
    await notifyUser(t.db, alice.id, { title: 'Welcome to Parkly', description: 'Glad you are here.' }, false);
    await t.db.query(`UPDATE notifications SET created_at = now() - interval '1 hour' WHERE user_id = $1`, [alice.id]);
    const bookingAt = '2025-12-24T03:30:00.000Z';
    await notifyUser(t.db, alice.id, { title: 'Booking confirmed', description: 'See you tomorrow.', bookingDateTime: bookingAt });
    await insertNotification(t.db, bob.id, { title: 'For Bob', description: 'Only Bob sees this.' });

    expect((await status(alice)).json()).toEqual({ is_read: 0 });
    const first = (await list(alice)).json().notification;
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ title: 'Booking confirmed', description: 'See you tomorrow.', booking_date_time: bookingAt, is_read: 0 });
    expect(first[1]).toMatchObject({ title: 'Welcome to Parkly', is_read: 0 });
    expect(first[1]).not.toHaveProperty('booking_date_time');
    expect(Object.keys(first[0]).sort()).toEqual(['booking_date_time', 'created_at', 'description', 'id', 'is_read', 'title']);
    expect(new Date(first[0].created_at).getTime()).toBeGreaterThan(new Date(first[1].created_at).getTime());

    expect((await status(alice)).json()).toEqual({ is_read: 1 });
    const second = (await list(alice)).json().notification;
    expect(second.map((n: { is_read: number }) => n.is_read)).toEqual([1, 1]);
    // reading Alice's panel leaves Bob's unread
    expect((await status(bob)).json()).toEqual({ is_read: 0 });
  });

  it('shows at most 50 and counts the older ones as read', async () => {
    const carol = await createTestUser(t.db);
    for (let i = 0; i < 55; i++) await insertNotification(t.db, carol.id, { title: `Update ${i}`, description: 'Something happened.' });
    await t.db.query(`UPDATE notifications SET created_at = now() - split_part(title, ' ', 2)::int * interval '1 minute' WHERE user_id = $1`, [
      carol.id,
    ]);
    const shown = (await list(carol)).json().notification;
    expect(shown).toHaveLength(50);
    expect([shown[0].title, shown[49].title]).toEqual(['Update 0', 'Update 49']);
    expect((await status(carol)).json()).toEqual({ is_read: 1 });
  });

  it('deletes one of your own notifications', async () => {
    const [n] = (await list(alice)).json().notification;
    const res = await remove(alice, { notification_id: n.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.notificationDeleted });
    expect(await count(alice.id)).toBe(1);
    const again = await remove(alice, { notification_id: n.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers 404 for someone else's notification and leaves it alone", async () => {
    const [bobs] = await t.db.query<{ id: string }>(`SELECT id FROM notifications WHERE user_id = $1`, [bob.id]);
    const res = await remove(alice, { notification_id: bobs!.id });
    expect(res.statusCode).toBe(404);
    expect(await count(bob.id)).toBe(1);
  });

  it('answers 404 for ids that are not UUIDs, and 400 for a missing or absurd one', async () => {
    for (const id of ['abc', 42, "1' OR '1'='1", '00000000-0000-0000-0000-000000000000', '<script>alert(1)</script>', '\u0000']) {
      const res = await remove(alice, { notification_id: id });
      expect(res.statusCode, String(id)).toBe(404);
    }
    for (const payload of [{}, { notification_id: null }, { notification_id: 'x'.repeat(10_000) }, { notification_id: { $ne: 1 } }, []]) {
      const res = await remove(alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const missing = await remove(alice, {});
    expect(missing.json().errors).toHaveProperty('notification_id');
    expect(await count(alice.id)).toBe(1);
  });

  it('refuses malformed JSON and other content types without a 5xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: api('notification-delete'),
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"notification_id":',
    });
    expect(bad.statusCode).toBe(400);
    // fastify reads text/plain as a string, which the schema refuses; unknown types are refused outright
    for (const [type, expected] of [
      ['text/plain', 400],
      ['application/xml', 415],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: api('notification-delete'),
        headers: { ...alice.headers, 'content-type': type },
        payload: 'notification_id=1',
      });
      expect(res.statusCode, type).toBe(expected);
    }
  });

  it('clears only your own notifications', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: api('notification-clear'), headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.notificationDeleted });
    expect(await count(alice.id)).toBe(0);
    expect(await count(bob.id)).toBe(1);
    expect((await list(alice)).json()).toEqual({ notification: [] });
    // clearing an empty list is fine too
    expect((await t.app.inject({ method: 'DELETE', url: api('notification-clear'), headers: alice.headers })).statusCode).toBe(200);
  });
});
