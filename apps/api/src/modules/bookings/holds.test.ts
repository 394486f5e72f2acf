/**
 * Holds are limited (docs/decisions/012-holds-and-declines.md): a driver holds at most
 * BOOKING_LIMITS.unpaidHolds unpaid bookings at once, even when their POSTs arrive together; creating and
 * cancelling is rate limited per driver and per address; a hold that lapses or is dropped before payment
 * tells nobody.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from '@parkly/shared/bookings';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { runBookingJobs } from './booking-jobs';
import { bookingDeps } from './bookings.routes';
import { bookingCalls, newGuest, paidBooking, window } from './testing';

let t: TestContext;
let listing: Awaited<ReturnType<typeof publishedListing>>;
beforeAll(async () => {
  t = await createTestApp();
  listing = await publishedListing(t.app, { capacity: 10 });
});
afterAll(() => t.close());

/** The database's clock now: what anyone is told after it is what a step told them. */
const dbNow = async () => (await t.db.query<{ now: Date }>(`SELECT now() AS now`))[0]!.now;

/** Everything the users were told since `since`: notification titles, then e-mail subjects. */
async function toldSince(since: Date, ...userIds: string[]) {
  const notes = await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = ANY($1::uuid[]) AND created_at >= $2 ORDER BY created_at`, [userIds, since]);
  const mails = await t.db.query<{ subject: string }>(
    `SELECT o.subject FROM email_outbox o JOIN users u ON u.email = o.to_address WHERE u.id = ANY($1::uuid[]) AND o.created_at >= $2 ORDER BY o.created_at`,
    [userIds, since],
  );
  return [...notes.map((n) => n.title), ...mails.map((m) => m.subject)];
}

describe('unpaid holds per driver', () => {
  it(`holds ${BOOKING_LIMITS.unpaidHolds} at once; the next is a 409 TOO_MANY_HOLDS that says what to do`, async () => {
    const guest = await newGuest(t.app);
    const held: string[] = [];
    for (let i = 0; i < BOOKING_LIMITS.unpaidHolds; i++) {
      const res = await guest.calls.book({ parking_id: listing.id, ...window(24 + 3 * i, 2) });
      expect(res.statusCode).toBe(201);
      held.push(res.json().result.id);
    }
    const refused = await guest.calls.book({ parking_id: listing.id, ...window(40, 2) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_HOLDS',
      message: 'You are already holding 3 spaces that are waiting for payment. Pay for one of them or cancel one in My Bookings, then book again.',
    });
    // another driver is not affected
    expect((await (await newGuest(t.app)).calls.book({ parking_id: listing.id, ...window(40, 2) })).statusCode).toBe(201);

    // paying for one frees a place, and so does cancelling one or a hold running out
    expect((await guest.calls.pay(held[0]!)).json().result.status).toBe('confirmed');
    expect((await guest.calls.book({ parking_id: listing.id, ...window(43, 2) })).statusCode).toBe(201);
    expect((await guest.calls.book({ parking_id: listing.id, ...window(46, 2) })).statusCode).toBe(409);
    expect((await guest.calls.cancel(held[1]!)).statusCode).toBe(200);
    expect((await guest.calls.book({ parking_id: listing.id, ...window(46, 2) })).statusCode).toBe(201);
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [held[2]]);
    expect((await guest.calls.book({ parking_id: listing.id, ...window(49, 2) })).statusCode).toBe(201);
    const holds = await t.db.query(`SELECT 1 FROM bookings WHERE guest_id = $1 AND status = 'pending_payment' AND hold_expires_at > now()`, [guest.user.id]);
    expect(holds).toHaveLength(BOOKING_LIMITS.unpaidHolds);
  });

  // on PostgreSQL the POSTs run side by side (without the lock on the driver's row, all eight are held)
  it('never leaves more holds than allowed when one driver posts many at the same moment', async () => {
    // four listings, so the POSTs are not simply taken in turn by the listing's own lock
    const listings = [listing, ...(await Promise.all([1, 2, 3].map(() => publishedListing(t.app, { capacity: 4 }))))];
    const guest = await newGuest(t.app);
    const answers = await Promise.all(listings.flatMap((l, i) => [0, 1].map((j) => guest.calls.book({ parking_id: l.id, ...window(100 + 10 * i + 3 * j, 2) }))));
    const codes = answers.map((r) => (r.statusCode === 201 ? 'created' : r.json().code));
    expect(codes.filter((c) => c === 'created')).toHaveLength(BOOKING_LIMITS.unpaidHolds);
    expect(codes.filter((c) => c !== 'created')).toEqual(Array(8 - BOOKING_LIMITS.unpaidHolds).fill('TOO_MANY_HOLDS'));
    const holds = await t.db.query(`SELECT 1 FROM bookings WHERE guest_id = $1 AND status = 'pending_payment'`, [guest.user.id]);
    expect(holds).toHaveLength(BOOKING_LIMITS.unpaidHolds);
  });
});

describe('a hold that lapses or is dropped before payment tells nobody', () => {
  it('the driver drops their hold: no notification, e-mail or push to the host or to them', async () => {
    const guest = await newGuest(t.app);
    const since = await dbNow();
    const b = (await guest.calls.book({ parking_id: listing.id, ...window(60, 2) })).json().result;
    expect((await guest.calls.cancel(b.id)).json().result.status).toBe('cancelled');
    // (a push only ever goes with a notification)
    expect(await toldSince(since, listing.host.user.id, guest.user.id)).toEqual([]);
  });

  it('the hold runs out: nobody is told; a request that runs out still tells its driver', async () => {
    const guest = await newGuest(t.app);
    const request = await publishedListing(t.app, { instant_book: false });
    const asked = await paidBooking(t.app, request.id, window(64, 2));
    const since = await dbNow();
    const hold = (await guest.calls.book({ parking_id: listing.id, ...window(64, 2) })).json().result;
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [[hold.id, asked.booking.id]]);
    await runBookingJobs(bookingDeps(t.app));
    expect((await guest.calls.get(hold.id)).json().result.status).toBe('expired');
    expect(await toldSince(since, listing.host.user.id, guest.user.id)).toEqual([]);
    expect(await toldSince(since, asked.guest.user.id)).toEqual(['Booking expired', expect.stringMatching(/^Booking expired/)]);
  });

  it('a request the driver withdraws is still news to its host', async () => {
    const request = await publishedListing(t.app, { instant_book: false });
    const { guest, booking } = await paidBooking(t.app, request.id, window(70, 2));
    const since = await dbNow();
    expect((await guest.calls.cancel(booking.id)).json().result.status).toBe('cancelled');
    expect(await toldSince(since, request.host.user.id)).toEqual(['Booking cancelled', expect.stringMatching(/^Booking cancelled/)]);
  });
});

describe('rate limits on creating and cancelling', () => {
  let limited: TestContext;
  let space: Awaited<ReturnType<typeof publishedListing>>;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: '1' });
    space = await publishedListing(limited.app, { capacity: 10 });
  });
  afterAll(() => limited.close());

  const from = (address: string, token: string, path: string, payload: object) =>
    limited.app.inject({ method: 'POST', url: api(path), headers: bearer(token), remoteAddress: address, payload });
  let n = 0;
  const anotherAddress = () => `198.51.100.${(n = (n % 250) + 1)}`;

  it(`allows a driver ${BOOKING_LIMITS.createPerUser.max} bookings and ${BOOKING_LIMITS.cancelPerUser.max} cancellations in 15 minutes, from any address`, async () => {
    const driver = await createTestUser(limited.db);
    // requests the service refuses count too (a past window, an unknown booking): they cost the same to make
    for (let i = 0; i < BOOKING_LIMITS.createPerUser.max; i++) {
      expect((await from(anotherAddress(), driver.token, 'bookings', { parking_id: space.id, ...window(-5, 1) })).statusCode).toBe(422);
    }
    const refused = await from(anotherAddress(), driver.token, 'bookings', { parking_id: space.id, ...window(24, 1) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^You have made many bookings in a short time\. Please try again in (1[0-5]|[2-9]) minutes\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    for (let i = 0; i < BOOKING_LIMITS.cancelPerUser.max; i++) {
      expect((await from(anotherAddress(), driver.token, `bookings/${randomUUID()}/cancel`, {})).statusCode).toBe(404);
    }
    const noMore = await from(anotherAddress(), driver.token, `bookings/${randomUUID()}/cancel`, {});
    expect(noMore.statusCode).toBe(429);
    expect(noMore.json().message).toMatch(/^You have cancelled many bookings in a short time\./);
    expect(noMore.headers['retry-after']).toBeDefined();

    // the limit is the driver's: someone else on the same address books as usual
    const other = await createTestUser(limited.db);
    expect((await from('198.51.100.1', other.token, 'bookings', { parking_id: space.id, ...window(24, 1) })).statusCode).toBe(201);
  });

  it(`allows one address ${BOOKING_LIMITS.createPerAddress.max} bookings in 15 minutes, whoever signs in`, async () => {
    const address = '203.0.113.77';
    const drivers = await Promise.all([1, 2, 3, 4].map(() => createTestUser(limited.db)));
    for (let i = 0; i < BOOKING_LIMITS.createPerAddress.max; i++) {
      // refused by the schema, still counted against the address
      expect((await from(address, drivers[i % drivers.length]!.token, 'bookings', { parking_id: space.id })).statusCode).toBe(400);
    }
    const refused = await from(address, drivers[0]!.token, 'bookings', { parking_id: space.id, ...window(30, 1) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await from('203.0.113.78', drivers[0]!.token, 'bookings', { parking_id: space.id, ...window(30, 1) })).statusCode).toBe(201);
    // without a session it is a 401, as always
    expect((await bookingCalls(limited.app).book({ parking_id: space.id, ...window(30, 1) })).statusCode).toBe(401);
  });
});
