import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { notify } from './notify';
import { notifyUser } from './notifications.service';
import { createTestUser } from './test-users';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/**
 * Unread counts are kept as they change (migration 200), not counted over a user's history: the
 * count stays right through every way notifications change, for a user with a long read history.
 */
describe('unread notification counts', () => {
  let t: TestContext;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    host = await createTestUser(t.db, { name: 'Busy Host', host: true });
    // a long history, all read: it must cost nothing to count around
    await t.db.query(
      `INSERT INTO notifications (user_id, title, description, is_read, created_at)
       SELECT $1, 'Old booking ' || g, 'Read long ago', true, now() - interval '30 days' + g * interval '1 second' FROM generate_series(1, 2000) g`,
      [host.id],
    );
  });
  afterAll(() => t.close());

  const status = async (u: TestUser) => (await t.app.inject({ url: api('notification-status'), headers: u.headers })).json<{ is_read: number }>().is_read;
  /** the kept count, and the count of the user's unread rows it must equal */
  const counts = async (userId: string) => {
    const [row] = await t.db.query<{ kept: number; actual: number }>(
      `SELECT (SELECT coalesce(sum(unread), 0)::int FROM notification_unread_counts WHERE user_id = $1) AS kept,
              (SELECT count(*)::int FROM notifications WHERE user_id = $1 AND NOT is_read) AS actual`,
      [userId],
    );
    return row!;
  };
  const lastUnreadEvent = async (userId: string) => {
    const [row] = await t.db.query<{ data: { notifications: number } }>(
      `SELECT data FROM realtime_events WHERE user_id = $1 AND type = 'unread' ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return row?.data.notifications;
  };

  it('starts at zero for a user whose whole history is read', async () => {
    expect(await counts(host.id)).toEqual({ kept: 0, actual: 0 });
    expect(await status(host)).toBe(1);
  });

  it('counts new notices, one at a time and several in one change, and says so on the realtime channel', async () => {
    await notifyUser(t.db, host.id, { title: 'New booking', description: 'Bay 1' }, false);
    expect(await lastUnreadEvent(host.id)).toBe(1);
    await t.db.transaction((tx) =>
      notify(tx, [
        { userId: host.id, title: 'New booking', description: 'Bay 2' },
        { userId: host.id, title: 'New booking', description: 'Bay 3' },
      ]),
    );
    expect(await lastUnreadEvent(host.id)).toBe(3);
    expect(await counts(host.id)).toEqual({ kept: 3, actual: 3 });
    expect(await status(host)).toBe(0);
  });

  it('counts nothing for notices whose transaction rolled back', async () => {
    const undo = new Error('undo');
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { userId: host.id, title: 'Never', description: 'Rolled back' });
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(await counts(host.id)).toEqual({ kept: 3, actual: 3 });
  });

  it('drops to zero when the list is read, and counts a deleted unread one out', async () => {
    const list = await t.app.inject({ url: api('get-notification'), headers: host.headers });
    expect(list.statusCode).toBe(200);
    expect(await counts(host.id)).toEqual({ kept: 0, actual: 0 });
    expect(await status(host)).toBe(1);

    await notifyUser(t.db, host.id, { title: 'Booking cancelled', description: 'Bay 2' }, false);
    await notifyUser(t.db, host.id, { title: 'Booking cancelled', description: 'Bay 3' }, false);
    const [unread] = await t.db.query<{ id: string }>(`SELECT id FROM notifications WHERE user_id = $1 AND NOT is_read LIMIT 1`, [host.id]);
    const [read] = await t.db.query<{ id: string }>(`SELECT id FROM notifications WHERE user_id = $1 AND is_read LIMIT 1`, [host.id]);
    for (const id of [unread!.id, read!.id]) {
      const res = await t.app.inject({ method: 'POST', url: api('notification-delete'), headers: host.headers, payload: { notification_id: id } });
      expect(res.statusCode).toBe(200);
    }
    expect(await counts(host.id)).toEqual({ kept: 1, actual: 1 });
    expect(await status(host)).toBe(0);
  });

  it('drops to zero on Clear All', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: api('notification-clear'), headers: host.headers });
    expect(res.statusCode).toBe(200);
    expect(await counts(host.id)).toEqual({ kept: 0, actual: 0 });
    expect(await status(host)).toBe(1);
  });

  it('stays right under many changes at once (on PostgreSQL, each on its own connection)', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.db.transaction((tx) =>
          notify(tx, [
            { userId: host.id, title: 'New booking', description: `Bay ${i}` },
            { userId: host.id, title: 'New booking', description: `Bay ${i}b` },
          ]),
        ),
      ),
    );
    expect(await counts(host.id)).toEqual({ kept: 48, actual: 48 });
    await t.app.inject({ url: api('get-notification'), headers: host.headers });
    expect(await counts(host.id)).toEqual({ kept: 0, actual: 0 });
  });

  it('keeps other users apart, and goes with a user deleted outright', async () => {
    const other = await createTestUser(t.db);
    await notifyUser(t.db, other.id, { title: 'Hello', description: 'Welcome' }, false);
    await notifyUser(t.db, host.id, { title: 'New booking', description: 'Bay 9' }, false);
    expect(await counts(other.id)).toEqual({ kept: 1, actual: 1 });
    expect(await counts(host.id)).toEqual({ kept: 1, actual: 1 });
    await t.db.query(`DELETE FROM sessions WHERE user_id = $1`, [other.id]);
    await t.db.query(`DELETE FROM users WHERE id = $1`, [other.id]);
    expect(await counts(other.id)).toEqual({ kept: 0, actual: 0 });
    const [left] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_unread_counts WHERE user_id = $1`, [other.id]);
    expect(left!.n).toBe(0);
  });
});
