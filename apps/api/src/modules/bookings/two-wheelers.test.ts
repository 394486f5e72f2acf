/**
 * Two-wheelers share a unit (decision 040): a listing's unit fits two_wheelers_per_unit riders at once and
 * never one more; a car and bikes never share a unit at the same time; a rider pays the two-wheeler rates.
 * Every check goes through HTTP as the driver or host would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
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
