import { randomUUID } from 'node:crypto';
import { FAVORITES_MAX } from '@parkly/shared/favorites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { SECRET, completeListing, listingCalls, publishedListing, signUpHost } from '../listings/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The favorites calls as one user (or nobody, without a token). */
function favoriteCalls(token?: string) {
  const headers = token ? bearer(token) : {};
  return {
    list: () => t.app.inject({ method: 'GET', url: api('favorites'), headers }),
    add: (payload: unknown) => t.app.inject({ method: 'POST', url: api('favorites'), headers, payload: payload as object }),
    remove: (id: string) => t.app.inject({ method: 'DELETE', url: api(`favorites/${encodeURIComponent(id)}`), headers }),
  };
}

const ids = (res: { json(): { result: { id: string }[] } }) => res.json().result.map((f) => f.id);

describe('favorites without a session', () => {
  it('answers 401 Unauthenticated User to every call and saves nothing', async () => {
    const { id } = await publishedListing(t.app);
    const anonymous = favoriteCalls();
    for (const res of [await anonymous.list(), await anonymous.add({ parking_id: id }), await anonymous.remove(id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthenticated User');
    }
    const revoked = favoriteCalls('x'.repeat(43));
    expect((await revoked.add({ parking_id: id })).statusCode).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM favorites WHERE listing_id = $1`, [id])).length).toBe(0);
  });
});

describe('POST favorites', () => {
  it('saves a listing once: 201 the first time, 200 after, one row', async () => {
    const { id } = await publishedListing(t.app);
    const me = favoriteCalls((await signUp(t.app)).token);
    const first = await me.add({ parking_id: id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ result: { parking_id: id, favorited: true } });
    const again = await me.add({ parking_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: { parking_id: id, favorited: true } });
    expect(ids(await me.list())).toEqual([id]);
  });

  it('answers 404 for a malformed, unknown, draft or deleted listing, and 400 without an id', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const draft: string = (await calls.create(completeListing())).json().result.id;
    const { id: gone, calls: goneCalls } = await publishedListing(t.app);
    expect((await goneCalls.remove(gone)).statusCode).toBe(200);

    const me = favoriteCalls((await signUp(t.app)).token);
    for (const parking_id of ['abc', "1' OR '1'='1", `${randomUUID()}x`, randomUUID(), draft, gone]) {
      const res = await me.add({ parking_id });
      expect(res.statusCode, parking_id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Listing not found' });
    }
    for (const payload of [{}, { parking_id: '' }, { parking_id: 42 }, { parking_id: null }]) {
      const res = await me.add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect(ids(await me.list())).toEqual([]);
  });

  it('saves a paused listing, which stays in the list marked unavailable', async () => {
    const { id, calls } = await publishedListing(t.app);
    expect((await calls.call('POST', `parkings/${id}/pause`)).statusCode).toBe(200);
    const me = favoriteCalls((await signUp(t.app)).token);
    expect((await me.add({ parking_id: id })).statusCode).toBe(201);
    expect((await me.list()).json().result[0]).toMatchObject({ id, status: 'paused', available: false });
  });

  it(`refuses a favorite beyond ${FAVORITES_MAX} with 409, but still answers one already saved`, async () => {
    const host = await signUpHost(t.app);
    const user = await signUp(t.app);
    // many live listings at once, straight into the table: the cap is about counting, not publishing
    const rows = await t.db.query<{ id: string }>(
      `INSERT INTO listings (host_id, title, status, published_at)
       SELECT $1, 'Bulk listing ' || n, 'active', now() FROM generate_series(1, $2::int) AS n RETURNING id`,
      [host.user.id, FAVORITES_MAX + 1],
    );
    const saved = rows.slice(0, FAVORITES_MAX).map((r) => r.id);
    await t.db.query(`INSERT INTO favorites (user_id, listing_id) SELECT $1, unnest($2::uuid[])`, [user.user.id, saved]);
    const me = favoriteCalls(user.token);
    const over = await me.add({ parking_id: rows[FAVORITES_MAX]!.id });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CONFLICT');
    expect((await me.add({ parking_id: saved[0] })).statusCode).toBe(200);
    expect((await me.list()).json().result).toHaveLength(FAVORITES_MAX);
  });
});

describe('DELETE favorites/:parking_id', () => {
  it('forgets a favorite and answers the same when called again', async () => {
    const { id } = await publishedListing(t.app);
    const me = favoriteCalls((await signUp(t.app)).token);
    await me.add({ parking_id: id });
    for (let i = 0; i < 2; i++) {
      const res = await me.remove(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: { parking_id: id, favorited: false } });
    }
    expect(ids(await me.list())).toEqual([]);
  });

  it('answers 404 for a malformed id, and favorited false for an unknown listing', async () => {
    const me = favoriteCalls((await signUp(t.app)).token);
    expect((await me.remove('not-a-listing')).statusCode).toBe(404);
    const unknown = randomUUID();
    const res = await me.remove(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { parking_id: unknown, favorited: false } });
  });
});

describe('GET favorites', () => {
  it('lists the public card of each saved listing, newest first, with the position rounded', async () => {
    const older = await publishedListing(t.app, { title: 'Older saved garage', lat: 12.934567, lng: 77.624891 });
    const newer = await publishedListing(t.app, { title: 'Newer saved driveway', parking_type: 'driveway', instant_book: false });
    const me = favoriteCalls((await signUp(t.app)).token);
    await me.add({ parking_id: older.id });
    await me.add({ parking_id: newer.id });
    const res = await me.list();
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().result;
    expect([first.id, second.id]).toEqual([newer.id, older.id]);
    expect(first).toMatchObject({ title: 'Newer saved driveway', parking_type: 'driveway', instant_book: false, status: 'active', available: true });
    expect(second).toMatchObject({
      title: 'Older saved garage',
      parking_type: 'covered_lot',
      locality: 'Koramangala',
      city: 'Bengaluru',
      lat: 12.935,
      lng: 77.625,
      hourly_rate: 5000,
      daily_rate: 40000,
      weekly_rate: null,
      monthly_rate: 450000,
      currency: 'INR',
      rating: { average: null, count: 0 },
      instant_book: true,
    });
    expect(second.cover_thumb_url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(second.cover_url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(Date.parse(second.favorited_at)).toBeLessThanOrEqual(Date.parse(first.favorited_at));
  });

  it('never carries the street line, the PIN code or the access instructions', async () => {
    const { id } = await publishedListing(t.app);
    const me = favoriteCalls((await signUp(t.app)).token);
    await me.add({ parking_id: id });
    const body = (await me.list()).body;
    expect(body).toContain(id);
    for (const secret of [SECRET.line1, SECRET.postalCode, SECRET.access, 'access_instructions', 'address_line1', 'line1', 'postal_code']) {
      expect(body).not.toContain(secret);
    }
    for (const exact of ['12.934567', '77.624891']) expect(body).not.toContain(exact);
  });

  it("shows each person only their own favorites, and another's delete changes nothing", async () => {
    const { id } = await publishedListing(t.app);
    const mine = favoriteCalls((await signUp(t.app)).token);
    const theirs = favoriteCalls((await signUp(t.app)).token);
    await mine.add({ parking_id: id });
    expect(ids(await theirs.list())).toEqual([]);
    expect((await theirs.remove(id)).json().result.favorited).toBe(false);
    expect(ids(await mine.list())).toEqual([id]);
  });

  it('drops a listing once it is deleted or its host has left, without losing the others', async () => {
    const kept = await publishedListing(t.app);
    const deleted = await publishedListing(t.app);
    const hostLeaves = await publishedListing(t.app);
    const me = favoriteCalls((await signUp(t.app)).token);
    for (const l of [kept, deleted, hostLeaves]) expect((await me.add({ parking_id: l.id })).statusCode).toBe(201);
    expect((await deleted.calls.remove(deleted.id)).statusCode).toBe(200);
    const left = await t.app.inject({ method: 'GET', url: api('delete-account'), headers: bearer(hostLeaves.host.token) });
    expect(left.statusCode).toBe(200);
    expect(ids(await me.list())).toEqual([kept.id]);
    // the host's listing itself left the marketplace, and its private text with it
    const [row] = await t.db.query<{ status: string; access_instructions: string | null }>(`SELECT status, access_instructions FROM listings WHERE id = $1`, [hostLeaves.id]);
    expect(row).toEqual({ status: 'deleted', access_instructions: null });
    expect((await t.app.inject({ method: 'GET', url: api(`parkings/${hostLeaves.id}`) })).statusCode).toBe(404);
  });

  it('are erased when their owner deletes the account', async () => {
    const { id } = await publishedListing(t.app);
    const user = await signUp(t.app);
    expect((await favoriteCalls(user.token).add({ parking_id: id })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: api('delete-account'), headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await t.db.query(`SELECT 1 FROM favorites WHERE user_id = $1`, [user.user.id])).length).toBe(0);
  });

  it('goes with the account when a user row is removed', async () => {
    const { id } = await publishedListing(t.app);
    const user = await signUp(t.app);
    await favoriteCalls(user.token).add({ parking_id: id });
    await t.db.query(`DELETE FROM sessions WHERE user_id = $1`, [user.user.id]);
    await t.db.query(`DELETE FROM users WHERE id = $1`, [user.user.id]);
    expect((await t.db.query(`SELECT 1 FROM favorites WHERE user_id = $1`, [user.user.id])).length).toBe(0);
  });
});
