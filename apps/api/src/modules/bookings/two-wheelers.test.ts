/**
 * Two-wheelers share a unit (decision 040): a listing's unit fits two_wheelers_per_unit riders at once and
 * never one more; a car and bikes never share a unit at the same time; a rider pays the two-wheeler rates.
 * Every check goes through HTTP as the driver or host would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { bookingCalls, newGuest, window } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new driver with one vehicle of this type; answers the driver's calls and the vehicle's id. */
async function driverWith(app: App, vehicleType: string) {
  const guest = await newGuest(app);
  const res = await app.inject({
    method: 'POST',
    url: api('vehicles'),
    headers: bearer(guest.token),
    payload: { vehicle_type: vehicleType, plate: `KA01${vehicleType === 'motorcycle' ? 'MC' : 'AB'}${Math.floor(1000 + Math.random() * 8999)}` },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`vehicle failed: ${res.statusCode} ${res.body}`);
  return { ...guest, vehicleId: res.json().result.id as string };
}

const rider = (app: App) => driverWith(app, 'motorcycle');
const carDriver = (app: App) => driverWith(app, 'sedan');

/** One unit that fits `n` two-wheelers; ₹50/hour and ₹400/day for cars, ₹20/hour for two-wheelers. */
const bikeListing = (n: number, over: Record<string, unknown> = {}) =>
  publishedListing(t.app, { capacity: 1, vehicle_types: ['motorcycle', 'hatchback', 'sedan'], two_wheelers_per_unit: n, two_wheeler_hourly_rate: 2000, ...over });

const quoteFor = (id: string, w: { start: string; end: string }, vehicleType?: string) =>
  bookingCalls(t.app).call('GET', `parkings/${id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}${vehicleType ? `&vehicle_type=${vehicleType}` : ''}`);

describe('listing fields', () => {
  it('the host sets two-wheelers per unit and the two-wheeler rates; the public page shows them', async () => {
    const { id, calls } = await bikeListing(3, { two_wheeler_daily_rate: 15000 });
    const managed = (await calls.manage(id)).json().result;
    expect(managed).toMatchObject({ two_wheelers_per_unit: 3, two_wheeler_hourly_rate: 2000, two_wheeler_daily_rate: 15000, two_wheeler_weekly_rate: null, two_wheeler_monthly_rate: null });
    const pub = (await bookingCalls(t.app).call('GET', `parkings/${id}`)).json().result;
    expect(pub).toMatchObject({ two_wheelers_per_unit: 3, two_wheeler_hourly_rate: 2000, two_wheeler_daily_rate: 15000 });
    expect(pub.two_wheeler_note).toBe('Up to 3 two-wheelers share a space; a car takes it whole. Two-wheelers pay ₹20 per hour, ₹150 per day.');
    // a listing that says nothing: one per unit, the car rates
    const plain = await publishedListing(t.app);
    expect((await plain.calls.manage(plain.id)).json().result).toMatchObject({ two_wheelers_per_unit: 1, two_wheeler_hourly_rate: null });
    expect((await bookingCalls(t.app).call('GET', `parkings/${plain.id}`)).json().result.two_wheeler_note).toBeNull();
  });

  it('refuses out-of-range values with field errors (400, never 5xx)', async () => {
    const { id, calls } = await bikeListing(2);
    for (const [body, field] of [
      [{ two_wheelers_per_unit: 0 }, 'two_wheelers_per_unit'],
      [{ two_wheelers_per_unit: 7 }, 'two_wheelers_per_unit'],
      [{ two_wheelers_per_unit: 2.5 }, 'two_wheelers_per_unit'],
      [{ two_wheelers_per_unit: 'four' }, 'two_wheelers_per_unit'],
      [{ two_wheeler_hourly_rate: 50 }, 'two_wheeler_hourly_rate'],
      [{ two_wheeler_daily_rate: -1 }, 'two_wheeler_daily_rate'],
    ] as const) {
      const res = await calls.patch(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    }
    const ok = await calls.patch(id, { two_wheelers_per_unit: 6, two_wheeler_hourly_rate: null });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ two_wheelers_per_unit: 6, two_wheeler_hourly_rate: null });
  });
});

describe('quote', () => {
  it('prices a motorcycle at the two-wheeler rate, a car (or no vehicle type) at the car rate', async () => {
    const { id } = await bikeListing(2);
    const w = window(24, 3);
    const bike = (await quoteFor(id, w, 'motorcycle')).json().result;
    expect(bike).toMatchObject({ available: true, subtotal: 6000 });
    expect(bike.lines[0]).toMatchObject({ kind: 'hourly', label: 'Two-wheeler hourly rate', quantity: 3, unit_amount: 2000 });
    expect((await quoteFor(id, w, 'sedan')).json().result).toMatchObject({ subtotal: 15000 });
    expect((await quoteFor(id, w)).json().result).toMatchObject({ subtotal: 15000 });
    // a missing two-wheeler rate falls back to the car rate: 10 hours are capped at the car's day rate
    expect((await quoteFor(id, window(24, 30), 'motorcycle')).json().result.subtotal).toBe(40000 + 6 * 2000);
    expect((await quoteFor(id, w, 'helicopter')).statusCode).toBe(400);
  });
});

describe('riders share a unit', () => {
  it('two riders on a 2-bay unit, the third gets 409 SLOT_TAKEN; cancelling frees a bay', async () => {
    const { id } = await bikeListing(2);
    const w = window(30, 2);
    const riders = [await rider(t.app), await rider(t.app), await rider(t.app)];
    const first = await riders[0]!.calls.book({ parking_id: id, ...w, vehicle_id: riders[0]!.vehicleId });
    expect(first.statusCode).toBe(201);
    expect(first.json().result.total).toBe(4000 + 200); // ₹20/hour × 2 + 5% fee
    const second = await riders[1]!.calls.book({ parking_id: id, ...w, vehicle_id: riders[1]!.vehicleId });
    expect(second.statusCode).toBe(201);
    expect((await quoteFor(id, w, 'motorcycle')).json().result).toMatchObject({ available: false, reason: 'taken' });
    const third = await riders[2]!.calls.book({ parking_id: id, ...w, vehicle_id: riders[2]!.vehicleId });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('SLOT_TAKEN');
    const bays = await t.db.query<{ bays: string }>(`SELECT bays::text AS bays FROM bookings WHERE listing_id = $1 ORDER BY bays`, [id]);
    expect(bays.map((b) => b.bays)).toEqual(['[0,1)', '[1,2)']);

    // the first rider cancels: their bay is free for the third
    expect((await riders[0]!.calls.cancel(first.json().result.id)).statusCode).toBe(200);
    const again = await riders[2]!.calls.book({ parking_id: id, ...w, vehicle_id: riders[2]!.vehicleId });
    expect(again.statusCode).toBe(201);
  });

  it('a car is refused while a bike holds the unit, and a bike while a car does', async () => {
    const { id } = await bikeListing(4);
    const w = window(36, 2);
    const r = await rider(t.app);
    const c = await carDriver(t.app);
    expect((await r.calls.book({ parking_id: id, ...w, vehicle_id: r.vehicleId })).statusCode).toBe(201);
    expect((await quoteFor(id, w, 'sedan')).json().result).toMatchObject({ available: false, reason: 'taken' });
    expect((await quoteFor(id, w, 'motorcycle')).json().result.available).toBe(true);
    const car = await c.calls.book({ parking_id: id, ...w, vehicle_id: c.vehicleId });
    expect(car.statusCode).toBe(409);
    expect(car.json().code).toBe('SLOT_TAKEN');
    // no vehicle at all is a car: the whole unit
    const nobody = await newGuest(t.app);
    expect((await nobody.calls.book({ parking_id: id, ...w })).statusCode).toBe(409);

    // the other way round, later that day
    const later = window(40, 2);
    expect((await c.calls.book({ parking_id: id, ...later, vehicle_id: c.vehicleId })).statusCode).toBe(201);
    const r2 = await rider(t.app);
    const bike = await r2.calls.book({ parking_id: id, ...later, vehicle_id: r2.vehicleId });
    expect(bike.statusCode).toBe(409);
    expect(bike.json().code).toBe('SLOT_TAKEN');
    expect((await quoteFor(id, later, 'motorcycle')).json().result).toMatchObject({ available: false, reason: 'taken' });
  });

  it('a rider’s more time stays on their bay at the two-wheeler rate, beside another rider', async () => {
    const { id } = await bikeListing(2);
    const w = window(50, 2);
    const a = await rider(t.app);
    const b = await rider(t.app);
    const stay = await a.calls.book({ parking_id: id, ...w, vehicle_id: a.vehicleId });
    expect(stay.statusCode, stay.body).toBe(201);
    expect((await a.calls.pay(stay.json().result.id)).statusCode).toBe(200);
    // another rider holds the other bay across the stay's end
    const after = { start: new Date(Date.parse(w.end) - 3600_000).toISOString(), end: new Date(Date.parse(w.end) + 2 * 3600_000).toISOString() };
    expect((await b.calls.book({ parking_id: id, ...after, vehicle_id: b.vehicleId })).statusCode).toBe(201);
    const more = { start: w.end, end: new Date(Date.parse(w.end) + 3600_000).toISOString() };
    const ext = await a.calls.book({ parking_id: id, ...more, extends_booking_id: stay.json().result.id });
    expect(ext.statusCode, ext.body).toBe(201);
    // 3 hours at ₹20 less the 2 paid: ₹20, plus the 5 % fee
    expect(ext.json().result).toMatchObject({ subtotal: 2000, total: 2100 });
    const bays = await t.db.query<{ id: string; bays: string }>(`SELECT id, bays::text AS bays FROM bookings WHERE listing_id = $1 AND guest_id = $2 ORDER BY lower(during)`, [id, a.user.id]);
    expect(bays.map((r) => r.bays)).toEqual([bays[0]!.bays, bays[0]!.bays]);
    expect(bays[0]!.bays).not.toBe('[0,6)');
  });

  it('the database refuses a car over a rider and a rider over a car (the exclusion constraint)', async () => {
    const { id } = await bikeListing(3);
    const [unit] = await t.db.query<{ id: string }>(`SELECT id FROM listing_units WHERE listing_id = $1`, [id]);
    const guest = await newGuest(t.app);
    const insert = (bays: string, fromH: number) =>
      t.db.query(
        `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, bays)
         VALUES ($1, $2, $3, tstzrange(now() + $4::int * interval '1 hour', now() + ($4::int + 2) * interval '1 hour'), 'confirmed', $5::int4range)`,
        [id, unit!.id, guest.user.id, fromH, bays],
      );
    await insert('[0,1)', 100);
    await insert('[1,2)', 100);
    await expect(insert('[1,2)', 101)).rejects.toMatchObject({ code: '23P01' });
    await expect(insert('[0,6)', 101)).rejects.toMatchObject({ code: '23P01' });
    await expect(insert('[6,7)', 200)).rejects.toThrow();
  });

  it('a booking with another driver’s vehicle is 404, never a place', async () => {
    const { id } = await bikeListing(2);
    const r = await rider(t.app);
    const other = await newGuest(t.app);
    const res = await other.calls.book({ parking_id: id, ...window(50, 2), vehicle_id: r.vehicleId });
    expect(res.statusCode).toBe(404);
  });

  it('busy times: full for a car while one rider is there, full for a rider only when every bay is', async () => {
    const { id } = await bikeListing(2);
    const w = window(60, 2);
    const busy = async (vehicleType?: string) =>
      (await bookingCalls(t.app).call('GET', `parkings/${id}/busy?from=${encodeURIComponent(window(0, 1).start)}&days=5${vehicleType ? `&vehicle_type=${vehicleType}` : ''}`)).json().result.full;
    const a = await rider(t.app);
    expect((await a.calls.book({ parking_id: id, ...w, vehicle_id: a.vehicleId })).statusCode).toBe(201);
    expect(await busy()).toEqual([{ start: w.start, end: w.end }]);
    expect(await busy('motorcycle')).toEqual([]);
    const b = await rider(t.app);
    expect((await b.calls.book({ parking_id: id, ...w, vehicle_id: b.vehicleId })).statusCode).toBe(201);
    expect(await busy('motorcycle')).toEqual([{ start: w.start, end: w.end }]);
  });

  it('a second unit: a rider joins the shared unit first, leaving the other wholly free for a car', async () => {
    const { id } = await bikeListing(3, { capacity: 2 });
    const w = window(70, 2);
    const a = await rider(t.app);
    const b = await rider(t.app);
    const first = (await a.calls.book({ parking_id: id, ...w, vehicle_id: a.vehicleId })).json().result;
    const second = (await b.calls.book({ parking_id: id, ...w, vehicle_id: b.vehicleId })).json().result;
    const units = await t.db.query<{ unit_id: string }>(`SELECT unit_id FROM bookings WHERE id IN ($1, $2)`, [first.id, second.id]);
    expect(new Set(units.map((u) => u.unit_id)).size).toBe(1);
    const c = await carDriver(t.app);
    expect((await c.calls.book({ parking_id: id, ...w, vehicle_id: c.vehicleId })).statusCode).toBe(201);
  });
});

describe('fewer two-wheelers per unit', () => {
  const tz = 'Asia/Kolkata';
  const lower = async (l: Awaited<ReturnType<typeof bikeListing>>, n: number) => l.calls.patch(l.id, { two_wheelers_per_unit: n });

  it('is refused while riders hold the bays it takes away, saying how many, until when and how low it can go', async () => {
    const l = await bikeListing(3);
    const early = window(80, 2);
    const late = window(90, 3);
    const [a, b, c] = [await rider(t.app), await rider(t.app), await rider(t.app)];
    // bays 0 and 1 early; bays 0, 1 and 2 late (the third rider's hold unpaid: it holds its bay all the same)
    expect((await a.calls.book({ parking_id: l.id, ...early, vehicle_id: a.vehicleId })).statusCode).toBe(201);
    expect((await b.calls.book({ parking_id: l.id, ...early, vehicle_id: b.vehicleId })).statusCode).toBe(201);
    const lateBookings = [];
    for (const r of [a, b, c]) {
      const made = await r.calls.book({ parking_id: l.id, ...late, vehicle_id: r.vehicleId });
      expect(made.statusCode, made.body).toBe(201);
      lateBookings.push(made.json().result.id as string);
    }

    const toTwo = await lower(l, 2);
    expect(toTwo.statusCode).toBe(409);
    expect(toTwo.json().code).toBe('CONFLICT');
    const until = `${formatDateTime(late.end, tz)} ${zoneAbbreviation(tz, new Date(late.end))}`;
    expect(toTwo.json().errors.two_wheelers_per_unit).toBe(`A rider holds a two-wheeler place beyond 2 per space until ${until}. Until it ends, this can go down to 3 at the lowest.`);
    const toOne = await lower(l, 1);
    expect(toOne.statusCode).toBe(409);
    expect(toOne.json().errors.two_wheelers_per_unit).toBe(`3 riders hold two-wheeler places beyond 1 per space until ${until}. Until they end, this can go down to 3 at the lowest.`);
    // nothing changed
    expect((await l.calls.manage(l.id)).json().result.two_wheelers_per_unit).toBe(3);

    // raising, or keeping the bays in use, is fine
    expect((await lower(l, 4)).statusCode).toBe(200);
    expect((await lower(l, 3)).statusCode).toBe(200);

    // the third rider lets their bay go: down to 2 now; a new third rider finds no bay
    expect((await c.calls.cancel(lateBookings[2]!)).statusCode).toBe(200);
    const ok = await lower(l, 2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.two_wheelers_per_unit).toBe(2);
    const d = await rider(t.app);
    const refused = await d.calls.book({ parking_id: l.id, ...late, vehicle_id: d.vehicleId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
  });

  it('counts a rider’s running monthly pass until it has ended', async () => {
    const l = await bikeListing(2, { two_wheeler_monthly_rate: 90000 });
    const [a, b] = [await rider(t.app), await rider(t.app)];
    // a stay across the pass's start takes bay 0, so the pass takes bay 1
    const stay = await a.calls.book({ parking_id: l.id, start: '2027-06-01T08:00:00+05:30', end: '2027-06-01T12:00:00+05:30', vehicle_id: a.vehicleId });
    expect(stay.statusCode).toBe(201);
    const pass = await b.calls.book({ parking_id: l.id, start: '2027-06-01T09:00:00+05:30', plan: 'monthly', vehicle_id: b.vehicleId });
    expect(pass.statusCode, pass.body).toBe(201);
    expect((await b.calls.pay(pass.json().result.id)).statusCode).toBe(200);
    const bays = await t.db.query<{ id: string; bays: string }>(`SELECT id, bays::text AS bays FROM bookings WHERE listing_id = $1`, [l.id]);
    expect(bays.find((x) => x.id === pass.json().result.id)?.bays).toBe('[1,2)');

    const refused = await lower(l, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.two_wheelers_per_unit).toBe('A rider holds a two-wheeler place beyond 1 per space with a monthly pass that runs until notice is given. Until it ends, this can go down to 2 at the lowest.');

    // test setup: the pass is given notice and its month has passed (as the clock would have it), so it no longer holds the bay
    expect((await b.calls.call('POST', `bookings/${pass.json().result.id}/notice`, {})).statusCode).toBe(200);
    await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '40 days', now() - interval '1 hour'), ends_at = now() - interval '1 hour' WHERE id = $1`, [pass.json().result.id]);
    expect((await lower(l, 1)).statusCode).toBe(200);
  });

  it('raced against a rider taking the last bay: either the rider or the host is refused, never both let through', async () => {
    for (let round = 0; round < 4; round++) {
      const l = await bikeListing(3);
      const w = window(110 + round * 4, 2);
      const [a, b, c] = [await rider(t.app), await rider(t.app), await rider(t.app)];
      for (const r of [a, b]) expect((await r.calls.book({ parking_id: l.id, ...w, vehicle_id: r.vehicleId })).statusCode).toBe(201);
      const [third, lowered] = await Promise.all([c.calls.book({ parking_id: l.id, ...w, vehicle_id: c.vehicleId }), lower(l, 2)]);
      const outcome = [third.statusCode, lowered.statusCode].sort();
      expect(outcome, `${third.body} ${lowered.body}`).toSatisfy((o: number[]) => (o[0] === 200 && o[1] === 409) || (o[0] === 201 && o[1] === 409));
      const perUnit = (await l.calls.manage(l.id)).json().result.two_wheelers_per_unit as number;
      const held = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE listing_id = $1 AND lower(bays) >= $2 AND status = 'pending_payment'`, [l.id, perUnit]);
      expect(held[0]!.n).toBe(0);
    }
  });
});

