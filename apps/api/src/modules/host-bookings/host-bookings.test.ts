import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, todayIn, zonedIso } from '@parkly/shared/time';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { completeListing, insertBooking, listingCalls, photoFixtures, publishedListing, signUpHost } from '../listings/testing';
import { newGuest, paidBooking, window } from '../bookings/testing';
import { CSV_BATCH } from './host-bookings.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string | null, path: string) => t.app.inject({ method: 'GET', url: api(path), headers: token ? bearer(token) : {} });
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

/** Another published listing of the same host. */
async function anotherListing(calls: ReturnType<typeof listingCalls>, over: Record<string, unknown> = {}) {
  const id: string = (await calls.create(completeListing(over))).json().result.id;
  expect((await calls.upload(id, await photoFixtures.jpeg())).statusCode).toBe(200);
  expect((await calls.publish(id)).statusCode).toBe(200);
  return id;
}

const BREAKDOWN = JSON.stringify({ lines: [], minutes: 60, cancellation_policy: 'moderate', guest_fee_percent: 5, host_commission_percent: 10 });

/** Rows written straight to the table (for times the API will not book) get the frozen price the API writes. */
async function insertStay(b: Parameters<typeof insertBooking>[1]) {
  const id = await insertBooking(t.db, b);
  await t.db.query(`UPDATE bookings SET price_breakdown = $2::jsonb, host_fee = 1000 WHERE id = $1`, [id, BREAKDOWN]);
  return id;
}

/** Every booking of a listing through every page of GET host/bookings. */
async function allPages(token: string, q: Record<string, string>) {
  const seen: { id: string; start: string }[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await get(token, `host/bookings?${qs({ ...q, ...(cursor && { cursor }) })}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    seen.push(...body.result);
    cursor = body.next_cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, pages };
}

/**
 * A host with two listings and, on them: three paid bookings, an unpaid hold, a request and a
 * cancelled one; another host's booking beside them.
 */
async function hostWithBookings() {
  // every window is counted from one whole hour, so a test running past the hour reads the same times
  const base = Date.parse(window(0, 1).start);
  const at = (h: number, hours = 1) => ({ start: new Date(base + h * 3600_000).toISOString(), end: new Date(base + (h + hours) * 3600_000).toISOString() });
  const a = await publishedListing(t.app, { title: 'Basement bay, Forum Mall' });
  const b = await anotherListing(a.calls, { title: 'Driveway on 5th Cross' });
  const one = await paidBooking(t.app, a.id, at(24, 2));
  const two = await paidBooking(t.app, a.id, at(48, 3));
  const three = await paidBooking(t.app, b, at(30, 1));
  const unpaid = await newGuest(t.app);
  const hold = (await unpaid.calls.book({ parking_id: b, ...at(72, 1) })).json().result;
  const cancelled = await paidBooking(t.app, b, at(96, 1));
  expect((await cancelled.guest.calls.cancel(cancelled.booking.id)).statusCode).toBe(200);
  const stranger = await publishedListing(t.app);
  const theirs = await paidBooking(t.app, stranger.id, at(24, 2));
  return { at, host: a.host, listingA: a.id, listingB: b, one, two, three, hold, cancelled, stranger, theirs };
}

let world: Awaited<ReturnType<typeof hostWithBookings>>;
beforeAll(async () => {
  world = await hostWithBookings();
});

describe('who may ask', () => {
  it('answers 401 without a token, on every call', async () => {
    for (const path of ['host/bookings', 'host/bookings/export.csv', 'host/dashboard']) {
      const res = await get(null, path);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthenticated User');
    }
  });

  it('answers 403 to a driver who is not a host, before reading the query', async () => {
    const driver = await signUp(t.app);
    for (const path of ['host/bookings', 'host/bookings?status=bogus', 'host/bookings/export.csv', 'host/dashboard']) {
      const res = await get(driver.token, path);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/host/) });
    }
  });

  it("answers 404 for another host's listing, an unknown one and a non-id, in the list and the CSV", async () => {
    const token = world.host.token;
    for (const id of [world.stranger.id, randomUUID(), 'not-an-id']) {
      for (const path of ['host/bookings', 'host/bookings/export.csv']) {
        const res = await get(token, `${path}?parking_id=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
  });
});

describe('GET host/bookings', () => {
  it("lists every booking of the host's listings, newest start first, without unpaid holds or anyone else's", async () => {
    const res = await get(world.host.token, 'host/bookings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.result.map((b: { id: string }) => b.id);
    expect(ids).toEqual([world.cancelled.booking.id, world.two.booking.id, world.three.booking.id, world.one.booking.id]);
    expect(ids).not.toContain(world.hold.id);
    expect(ids).not.toContain(world.theirs.booking.id);
    expect(body.next_cursor).toBeUndefined();
    const first = body.result.find((b: { id: string }) => b.id === world.one.booking.id);
    expect(first).toMatchObject({ viewer_role: 'host', status: 'confirmed', host_payout: expect.any(Number), host_fee: expect.any(Number) });
    expect(first.guest.name).toBe(world.one.guest.user.name);
    expect(first.start).toMatch(/\+05:30$/);
    expect(first).not.toHaveProperty('events');
  });

  it('shows unpaid holds only when asked for', async () => {
    const res = await get(world.host.token, 'host/bookings?status=pending_payment');
    expect(res.json().result.map((b: { id: string }) => b.id)).toEqual([world.hold.id]);
  });

  it('filters by status (one or a list), listing and dates', async () => {
    const token = world.host.token;
    const ids = async (q: Record<string, string>) => (await get(token, `host/bookings?${qs(q)}`)).json().result.map((b: { id: string }) => b.id).sort();
    expect(await ids({ status: 'cancelled' })).toEqual([world.cancelled.booking.id]);
    expect(await ids({ status: 'confirmed,cancelled' })).toHaveLength(4);
    expect(await ids({ parking_id: world.listingB })).toEqual([world.three.booking.id, world.cancelled.booking.id].sort());
    expect(await ids({ parking_id: world.listingA, status: 'confirmed' })).toEqual([world.one.booking.id, world.two.booking.id].sort());
    // [from, to) overlaps the booking: one (24h+2h) and three (30h+1h), not two (48h), not the cancelled one (96h)
    const { at } = world;
    expect(await ids({ from: at(25).start, to: at(31).start })).toEqual([world.one.booking.id, world.three.booking.id].sort());
    // a booking that ends exactly at `from` does not overlap it, nor one that starts exactly at `to`
    expect(await ids({ from: at(26).start, to: at(30).start })).toEqual([]);
    expect(await ids({ from: at(40).start })).toEqual([world.two.booking.id, world.cancelled.booking.id].sort());
    expect(await ids({ to: at(25).start })).toEqual([world.one.booking.id]);
  });

  it('totals the whole filter, not just the page: money of the confirmed and completed ones', async () => {
    const all = (await get(world.host.token, 'host/bookings?status=confirmed,completed,cancelled&limit=1')).json();
    expect(all.result).toHaveLength(1);
    const confirmed = (await get(world.host.token, 'host/bookings?status=confirmed')).json().result as { total: number; host_fee: number; host_payout: number }[];
    const sum = (k: 'total' | 'host_fee' | 'host_payout') => confirmed.reduce((s, b) => s + b[k], 0);
    expect(all.summary).toEqual({ count: 4, earning_count: 3, total: sum('total'), host_fee: sum('host_fee'), host_payout: sum('host_payout'), currency: 'INR' });
    expect(sum('total')).toBeGreaterThan(0);
    expect(sum('host_payout') + sum('host_fee')).toBeLessThan(sum('total'));
    const none = (await get(world.host.token, `host/bookings?status=declined`)).json();
    expect(none).toEqual({ result: [], summary: { count: 0, earning_count: 0, total: 0, host_fee: 0, host_payout: 0, currency: 'INR' } });
  });

  it('pages with a cursor in either order, ties broken by id: every booking once', async () => {
    const { host, calls, id } = await publishedListing(t.app, { capacity: 3 });
    const guest = await signUp(t.app);
    const other = await anotherListing(calls, { capacity: 2 });
    const starts = [1, 1, 1, 2, 2, 3, 5, 5, 8].map((d) => new Date(Date.UTC(2025, 0, d, 4, 30)));
    const made: string[] = [];
    for (const [i, start] of starts.entries()) {
      const units = await t.db.query<{ id: string }>(`SELECT id FROM listing_units WHERE listing_id = $1 ORDER BY created_at, id`, [i % 2 ? other : id]);
      made.push(await insertStay({ listingId: i % 2 ? other : id, guestId: guest.user.id, start, end: new Date(start.getTime() + 3600_000), status: 'completed', unitId: units[i % units.length]!.id }));
    }
    for (const order of ['desc', 'asc']) {
      const { seen, pages } = await allPages(host.token, { limit: '2', order });
      expect(pages).toBe(5);
      expect(new Set(seen.map((b) => b.id)).size).toBe(made.length);
      expect(seen.map((b) => b.id).sort()).toEqual([...made].sort());
      const times = seen.map((b) => Date.parse(b.start));
      expect(times).toEqual([...times].sort((x, y) => (order === 'asc' ? x - y : y - x)));
    }
    // a cursor of one order is refused by the other
    const cursor = (await get(host.token, 'host/bookings?limit=2')).json().next_cursor;
    expect((await get(host.token, `host/bookings?limit=2&order=asc&cursor=${cursor}`)).statusCode).toBe(400);
  });

  it('answers 400 with field errors for bad input, never 5xx', async () => {
    const token = world.host.token;
    const bad = async (q: string, field: string) => {
      const res = await get(token, `host/bookings?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(Object.keys(res.json().errors ?? {}), q).toContain(field);
    };
    await bad('status=bogus', 'status');
    await bad('status=confirmed,nope', 'status');
    await bad('from=yesterday', 'from');
    await bad('to=2026-02-30T10:00:00%2B05:30', 'to');
    await bad(`from=${encodeURIComponent('2026-05-02T00:00:00+05:30')}&to=${encodeURIComponent('2026-05-01T00:00:00+05:30')}`, 'to');
    await bad(`from=${encodeURIComponent('2026-05-01T00:00:00Z')}&to=${encodeURIComponent('2026-05-01T00:00:00Z')}`, 'to');
    await bad('limit=0', 'limit');
    await bad('limit=101', 'limit');
    await bad('limit=ten', 'limit');
    await bad('order=sideways', 'order');
    await bad('cursor=not-a-cursor', 'cursor');
    await bad(`cursor=${Buffer.from(JSON.stringify({ k: "2026'; DROP TABLE bookings", id: randomUUID(), o: 'desc' })).toString('base64url')}`, 'cursor');
    await bad(`cursor=${'x'.repeat(400)}`, 'cursor');
    expect((await get(token, 'host/bookings?status=&parking_id=&from=&limit=')).statusCode).toBe(200);
  });
});

describe('GET host/bookings/export.csv', () => {
  const parse = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

  it('downloads exactly the filter as CSV, one row per booking, in the listing time zone', async () => {
    const res = await get(world.host.token, `host/bookings/export.csv?${qs({ parking_id: world.listingA })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="parkly-bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = parse(res.body);
    expect(lines[0]).toBe('Reference,Listing,Unit,Guest,Vehicle,Plate,Start,End,Status,Total,Commission,Host payout,Currency');
    expect(lines).toHaveLength(3);
    const list = (await get(world.host.token, `host/bookings?${qs({ parking_id: world.listingA })}`)).json().result;
    const b = list[0];
    expect(lines[1]).toBe(
      [b.reference, `"${b.listing.title}"`, b.unit_label ?? '', b.guest.name, '', '', b.start, b.end, 'confirmed', (b.total / 100).toFixed(2), (b.host_fee / 100).toFixed(2), (b.host_payout / 100).toFixed(2), 'INR'].join(','),
    );
    expect(lines[1]).toMatch(/\+05:30,/);
  });

  it('carries the vehicle and plate, and escapes quotes, commas, line breaks and formulas', async () => {
    const { id, host } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const v = await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'KA 01 AB 1234', make: 'Honda', model: 'City', color: 'White' });
    const made = (await guest.calls.book({ parking_id: id, ...window(24, 1), vehicle_id: v.json().result.id })).json().result;
    expect((await guest.calls.pay(made.id)).statusCode).toBe(200);
    await t.db.query(`UPDATE listings SET title = $2 WHERE id = $1`, [id, '=HYPERLINK("http://evil.test","Click"), "quoted"\nnext line']);
    await t.db.query(`UPDATE users SET name = $2 WHERE id = $1`, [guest.user.id, '@SUM(1+1)']);
    const lines = parse((await get(host.token, 'host/bookings/export.csv')).body);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.test"",""Click""), ""quoted""\nnext line",`);
    expect(lines[1]).toContain(`,'@SUM(1+1),White Honda City,KA 01 AB 1234,`);
    expect((await get(host.token, 'host/bookings/export.csv?status=declined')).body.replace(/^\uFEFF/, '')).toBe(
      'Reference,Listing,Unit,Guest,Vehicle,Plate,Start,End,Status,Total,Commission,Host payout,Currency\r\n',
    );
  });

  it(`streams every row in batches of ${CSV_BATCH}, each once`, async () => {
    const { id, host } = await publishedListing(t.app, { capacity: 1 });
    const guest = await signUp(t.app);
    const n = CSV_BATCH * 2 + 7;
    await t.db.query(
      `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, subtotal, host_fee, total, price_breakdown)
       SELECT $1, (SELECT id FROM listing_units WHERE listing_id = $1 LIMIT 1), $2,
              tstzrange(timestamptz '2024-01-01 00:00Z' + g * interval '2 hours', timestamptz '2024-01-01 01:00Z' + g * interval '2 hours'),
              'completed', 10000, 1000, 10500, $4::jsonb
         FROM generate_series(1, $3::int) g`,
      [id, guest.user.id, n, BREAKDOWN],
    );
    const res = await get(host.token, `host/bookings/export.csv?order=asc`);
    const lines = parse(res.body).slice(1);
    expect(lines).toHaveLength(n);
    expect(new Set(lines.map((l) => l.split(',')[6])).size).toBe(n);
    expect(lines[0]).toContain('2024-01-01T07:30:00+05:30');
    const summary = (await get(host.token, 'host/bookings?limit=1')).json().summary;
    expect(summary).toMatchObject({ count: n, total: 10500 * n, host_fee: 1000 * n, host_payout: 9000 * n });
  });

  it('refuses bad filters with 400 before any byte', async () => {
    const res = await get(world.host.token, 'host/bookings/export.csv?status=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toBeTruthy();
  });
});

describe('GET host/dashboard', () => {
  it("shows requests with their deadline, the next bookings and what needs doing", async () => {
    const { id, host, calls } = await publishedListing(t.app, { instant_book: false });
    const first = await paidBooking(t.app, id, window(50, 1));
    const second = await paidBooking(t.app, id, window(26, 1));
    expect(first.booking.status).toBe('requested');
    const confirmed = [];
    for (const h of [1, 2, 3, 4, 5, 6]) confirmed.push(await paidBooking(t.app, await anotherListing(calls), window(h * 10, 1)));
    await calls.create({ title: 'Draft spot' });
    const res = await get(host.token, 'host/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json().result;
    expect(d.requests.map((r: { id: string }) => r.id)).toEqual([first.booking.id, second.booking.id]);
    expect(d.requests[0].answer_by).toMatch(/\+05:30$/);
    expect(Date.parse(d.requests[0].answer_by)).toBeLessThanOrEqual(Date.parse(d.requests[1].answer_by));
    expect(d.upcoming.map((b: { id: string }) => b.id)).toEqual(confirmed.slice(0, 5).map((c) => c.booking.id));
    expect(d.todo).toEqual({ drafts: 1, id_status: 'none' });
    expect(d.listings).toEqual({ active: 7, paused: 0, draft: 1 });
    expect(d.time_zone_note).toBeUndefined();
  });

  it("reads today on each listing's own clock", async () => {
    const E = 'Pacific/Kiritimati'; // UTC+14
    const W = 'Pacific/Pago_Pago'; // UTC-11: its days begin an hour after (or 23 hours before) Kiritimati's
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const east = await anotherListing(calls, { time_zone: E });
    const west = await anotherListing(calls, { time_zone: W });
    const guest = await signUp(t.app);
    const eastStart = Date.parse(zonedIso(todayIn(E), '00:00', E));
    const westStart = Date.parse(zonedIso(todayIn(W), '00:00', W));
    // half an hour of Kiritimati's today that is not Pago Pago's today
    const e = new Date(westStart > eastStart ? eastStart + 60_000 : eastStart + 23 * 3600_000);
    const half = (start: Date) => new Date(start.getTime() + 30 * 60_000);
    const eastToday = await insertStay({ listingId: east, guestId: guest.user.id, start: e, end: half(e) });
    const westNotToday = await insertStay({ listingId: west, guestId: guest.user.id, start: e, end: half(e) });
    // late today in Pago Pago, ending tomorrow there; and one tomorrow
    const late = new Date(zonedIso(todayIn(W), '22:30', W));
    const westArrival = await insertStay({ listingId: west, guestId: guest.user.id, start: late, end: new Date(late.getTime() + 3 * 3600_000) });
    const tomorrow = new Date(zonedIso(addLocalDays(todayIn(W), 1), '12:00', W));
    await insertStay({ listingId: west, guestId: guest.user.id, start: tomorrow, end: half(tomorrow) });
    await insertStay({ listingId: east, guestId: guest.user.id, start: e, end: half(e), status: 'cancelled' });

    const d = (await get(host.token, 'host/dashboard')).json().result;
    const ids = (list: { id: string }[]) => list.map((b) => b.id).sort();
    expect(ids(d.arrivals_today)).toEqual([eastToday, westArrival].sort());
    expect(ids(d.arrivals_today)).not.toContain(westNotToday);
    expect(ids(d.departures_today)).toEqual([eastToday]);
    expect(d.arrivals_today.find((b: { id: string }) => b.id === eastToday).start).toMatch(new RegExp(`^${todayIn(E)}T.*\\+14:00$`));
    expect(d.time_zone_note).toMatch(/time zone/);
  });
});
