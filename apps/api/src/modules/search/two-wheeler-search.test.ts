/**
 * A motorcycle search (decision 043): with a window, a listing is found when some unit has a free bay for
 * all of it, as the quote and POST bookings decide (decision 040), and its price is the two-wheeler price the
 * quote gives; without a motorcycle filter nothing changes. Riders, cars and passes book through HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { CARDS, newGuest, window } from '../bookings/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ GUEST_FEE_PERCENT: '5' });
});
afterAll(() => t.close());

/** Each listing stands in a patch of the map of its own, 1 km searches never reaching another's. */
let patch = 0;
const newSpot = () => {
  patch += 1;
  return { lat: 20 + patch * 0.2, lng: 75 + patch * 0.2 };
};

type Spot = { lat: number; lng: number };
type Result = { id: string; price?: number; subtotal?: number; hourly_rate: number | null; daily_rate: number | null; weekly_rate: number | null; monthly_rate: number | null };
type Answer = { result: Result[]; total: number };

/** A listing of a new host at its own spot: one unit fitting `n` two-wheelers, ₹50/hour and ₹400/day for a car, ₹20/hour for a two-wheeler. */
async function bikeListing(n: number, over: Record<string, unknown> = {}) {
  const at = newSpot();
  const listing = await publishedListing(t.app, {
    ...at,
    capacity: 1,
    vehicle_types: ['motorcycle', 'hatchback', 'sedan'],
    two_wheelers_per_unit: n,
    two_wheeler_hourly_rate: 2000,
    ...over,
  });
  return { ...listing, at };
}

/** A new driver with one vehicle of this type. */
async function driverWith(app: App, vehicleType: string) {
  const guest = await newGuest(app);
  const res = await app.inject({
    method: 'POST',
    url: api('vehicles'),
    headers: bearer(guest.token),
    payload: { vehicle_type: vehicleType, plate: `KA01${vehicleType === 'motorcycle' ? 'MC' : 'AB'}${Math.floor(1000 + Math.random() * 8999)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...guest, vehicleId: res.json().result.id as string };
}

/** Books and pays a stay (or, with `plan`, a monthly pass from `w.start`) of the listing as a new driver of this vehicle type. */
async function paid(listingId: string, vehicleType: string, w: { start: string; end?: string }, plan?: 'monthly') {
  const driver = await driverWith(t.app, vehicleType);
  const body = plan ? { parking_id: listingId, start: w.start, plan, vehicle_id: driver.vehicleId } : { parking_id: listingId, ...w, vehicle_id: driver.vehicleId };
  const created = await driver.calls.book(body);
  expect(created.statusCode, created.body).toBe(201);
  const done = await driver.calls.pay(created.json().result.id, { card: CARDS.ok });
  expect(done.statusCode, done.body).toBe(200);
  return { driver, booking: done.json().result as { id: string; total: number } };
}
const rider = (listingId: string, w: { start: string; end: string }) => paid(listingId, 'motorcycle', w);
const car = (listingId: string, w: { start: string; end: string }) => paid(listingId, 'sedan', w);

async function search(at: Spot, query: Record<string, string | undefined>): Promise<Answer> {
  const qs = new URLSearchParams(
    Object.entries({ lat: String(at.lat), lng: String(at.lng), radius_km: '1', ...query }).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, v]])),
  );
  const res = await t.app.inject({ method: 'GET', url: api(`parkings/search?${qs}`) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The ids a search finds around `at` for the window, for a vehicle type (or none). */
const found = async (at: Spot, w: { start: string; end: string }, vehicleType?: string) =>
  (await search(at, { ...w, vehicle_type: vehicleType })).result.map((r) => r.id);

async function quote(id: string, w: { start: string; end: string }, vehicleType?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: api(`parkings/${id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}${vehicleType ? `&vehicle_type=${vehicleType}` : ''}`),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { available: boolean; reason?: string; subtotal: number; total: number };
}

describe('a motorcycle search finds a free bay', () => {
  it('a unit with N-1 riders is found for a rider and not for a car; with N riders not for a rider either', async () => {
    const { id, at } = await bikeListing(3);
    const w = window(48, 3);
    await rider(id, w);
    await rider(id, w);
    // N-1 = 2 riders: one bay left
    expect(await found(at, w, 'motorcycle')).toEqual([id]);
    expect(await found(at, w)).toEqual([]);
    expect(await found(at, w, 'sedan')).toEqual([]);
    expect((await quote(id, w, 'motorcycle')).available).toBe(true);
    // a window that touches none of them: everyone finds it
    const later = window(60, 2);
    expect(await found(at, later)).toEqual([id]);
    expect(await found(at, later, 'motorcycle')).toEqual([id]);

    // the Nth rider takes the last bay: full for riders too, as the quote says
    await rider(id, w);
    expect(await found(at, w, 'motorcycle')).toEqual([]);
    expect(await quote(id, w, 'motorcycle')).toMatchObject({ available: false, reason: 'taken' });
    // a window that overlaps the riders only in part is full as well
    const overlapping = { start: new Date(Date.parse(w.start) + 2 * 3600_000).toISOString(), end: new Date(Date.parse(w.end) + 2 * 3600_000).toISOString() };
    expect(await found(at, overlapping, 'motorcycle')).toEqual([]);
  });

  it('a car booking hides the unit from riders, and a unit riders share from cars', async () => {
    const { id, at } = await bikeListing(4);
    const w = window(50, 4);
    await car(id, w);
    expect(await found(at, w, 'motorcycle')).toEqual([]);
    expect(await found(at, w)).toEqual([]);
    expect(await quote(id, w, 'motorcycle')).toMatchObject({ available: false, reason: 'taken' });
    // an hour after the car leaves, a rider finds it again
    const after = { start: w.end, end: new Date(Date.parse(w.end) + 3600_000).toISOString() };
    expect(await found(at, after, 'motorcycle')).toEqual([id]);
  });

  it('a monthly pass holds its bay to no end: a car pass blocks riders, a rider pass takes one bay, months later too', async () => {
    const carPass = await bikeListing(2, { monthly_rate: 300000 });
    const start = window(24, 1).start;
    await paid(carPass.id, 'sedan', { start }, 'monthly');
    // two months on, the pass still holds the whole unit
    const months = window(24 * 62, 3);
    expect(await found(carPass.at, months, 'motorcycle')).toEqual([]);
    expect(await found(carPass.at, months)).toEqual([]);

    const riderPass = await bikeListing(2, { monthly_rate: 300000, two_wheeler_monthly_rate: 90000 });
    await paid(riderPass.id, 'motorcycle', { start }, 'monthly');
    // one bay of two held to no end: a rider still finds the other, a car never does
    expect(await found(riderPass.at, months, 'motorcycle')).toEqual([riderPass.id]);
    expect(await found(riderPass.at, months)).toEqual([]);
    // a rider in the other bay for that window fills the unit
    await rider(riderPass.id, months);
    expect(await found(riderPass.at, months, 'motorcycle')).toEqual([]);
    expect(await quote(riderPass.id, months, 'motorcycle')).toMatchObject({ available: false, reason: 'taken' });
  });

  it('a listing whose every unit riders hold in part is found for a rider (decision 040 left it out)', async () => {
    const { id, at } = await bikeListing(2, { capacity: 2 });
    const w = window(52, 2);
    // riders join a shared unit first: the first two fill one unit, the third starts the other; the first leaves
    const first = await rider(id, w);
    await rider(id, w);
    await rider(id, w);
    expect((await first.driver.calls.cancel(first.booking.id)).statusCode).toBe(200);
    const held = await t.db.query<{ units: number; riders: number }>(
      `SELECT count(DISTINCT unit_id)::int AS units, count(*)::int AS riders FROM bookings WHERE listing_id = $1 AND status = 'confirmed'`,
      [id],
    );
    expect(held).toEqual([{ units: 2, riders: 2 }]);
    // one rider on each unit: no unit wholly free, a bay free on each
    expect(await quote(id, w, 'motorcycle')).toMatchObject({ available: true });
    expect(await found(at, w, 'motorcycle')).toEqual([id]);
    expect(await found(at, w)).toEqual([]);
    await rider(id, w);
    expect(await found(at, w, 'motorcycle')).toEqual([id]);
    await rider(id, w);
    expect(await found(at, w, 'motorcycle')).toEqual([]);
    expect(await quote(id, w, 'motorcycle')).toMatchObject({ available: false, reason: 'taken' });
  });

  it('counts bays, not riders: one bay free for the whole window is found, as the quote finds it', async () => {
    // two riders one after the other on the same bay: two rider bookings overlap a window across both, yet the other bay is free all along
    const { id, at } = await bikeListing(2);
    const first = window(54, 2);
    const second = { start: first.end, end: new Date(Date.parse(first.end) + 2 * 3600_000).toISOString() };
    await rider(id, first);
    await rider(id, second);
    const across = { start: first.start, end: second.end };
    expect(await quote(id, across, 'motorcycle')).toMatchObject({ available: true });
    expect(await found(at, across, 'motorcycle')).toEqual([id]);

    // a unit of four with riders on bays 2 and 3: the host cannot lower it to two while they hold them (decision
    // 040: refused with a 409), and bays 0 and 1 are free to the search as to the quote
    const lowered = await bikeListing(4);
    const w = window(56, 2);
    const riders = [await rider(lowered.id, w), await rider(lowered.id, w), await rider(lowered.id, w), await rider(lowered.id, w)];
    const bays = async () =>
      (await t.db.query<{ bays: string }>(`SELECT bays::text AS bays FROM bookings WHERE listing_id = $1 AND status = 'confirmed' ORDER BY bays`, [lowered.id])).map((b) => b.bays);
    expect(await bays()).toEqual(['[0,1)', '[1,2)', '[2,3)', '[3,4)']);
    for (const r of riders.slice(0, 2)) expect((await r.driver.calls.cancel(r.booking.id)).statusCode).toBe(200);
    expect((await lowered.calls.patch(lowered.id, { two_wheelers_per_unit: 2 })).statusCode).toBe(409);
    expect(await bays()).toEqual(['[2,3)', '[3,4)']);
    expect(await quote(lowered.id, w, 'motorcycle')).toMatchObject({ available: true });
    expect(await found(lowered.at, w, 'motorcycle')).toEqual([lowered.id]);
    // and the other way: lowered to two while riders hold bays 0 and 1 of another listing, it is full
    const full = await bikeListing(4);
    await rider(full.id, w);
    await rider(full.id, w);
    expect((await full.calls.patch(full.id, { two_wheelers_per_unit: 2 })).statusCode).toBe(200);
    expect(await quote(full.id, w, 'motorcycle')).toMatchObject({ available: false, reason: 'taken' });
    expect(await found(full.at, w, 'motorcycle')).toEqual([]);
  });
});

describe("a motorcycle search's price", () => {
  it('equals the quote for a motorcycle, and the car search the quote for a car, for stays of every length', async () => {
    // a two-wheeler hourly and weekly rate; the day rate is the car's (no two-wheeler day rate)
    const { id, at } = await bikeListing(2, { hourly_rate: 6000, daily_rate: 40000, weekly_rate: 200000, monthly_rate: 600000, two_wheeler_weekly_rate: 70000 });
    for (const w of [window(30, 3), window(30, 11), window(30, 30), window(30, 24 * 9), window(30, 24 * 40)]) {
      const bike = (await search(at, { ...w, vehicle_type: 'motorcycle' })).result[0]!;
      const q = await quote(id, w, 'motorcycle');
      expect(bike.id).toBe(id);
      expect({ price: bike.price, subtotal: bike.subtotal }, `${w.start} to ${w.end}`).toEqual({ price: q.total, subtotal: q.subtotal });
      const carResult = (await search(at, w)).result[0]!;
      const cq = await quote(id, w);
      expect({ price: carResult.price, subtotal: carResult.subtotal }).toEqual({ price: cq.total, subtotal: cq.subtotal });
      expect(carResult.subtotal).toBeGreaterThan(bike.subtotal!);
    }
    // three hours: ₹20 × 3 and the 5% fee, where a car pays ₹60 × 3
    expect((await search(at, { ...window(30, 3), vehicle_type: 'motorcycle' })).result[0]).toMatchObject({ subtotal: 6000, price: 6300 });
    // the card's rates are the ones the rider pays: the two-wheeler rate where set, else the car's
    const shown = (await search(at, { vehicle_type: 'motorcycle' })).result[0]!;
    expect(shown).toMatchObject({ hourly_rate: 2000, daily_rate: 40000, weekly_rate: 70000, monthly_rate: 600000 });
    expect(shown.price).toBeUndefined();
    expect((await search(at, {})).result[0]).toMatchObject({ hourly_rate: 6000, daily_rate: 40000, weekly_rate: 200000, monthly_rate: 600000 });
  });

  it('a listing without two-wheeler rates prices a rider at the car rates', async () => {
    const { id, at } = await bikeListing(3, { two_wheeler_hourly_rate: null });
    const w = window(32, 5);
    const bike = (await search(at, { ...w, vehicle_type: 'motorcycle' })).result[0]!;
    expect(bike.subtotal).toBe(25000);
    expect(bike.price).toBe((await quote(id, w, 'motorcycle')).total);
  });

  it('sorts and filters by the two-wheeler price for a rider, by the car price otherwise', async () => {
    const at = newSpot();
    const near = { lat: at.lat + 0.001, lng: at.lng };
    const make = (where: Spot, over: Record<string, unknown>) =>
      publishedListing(t.app, { ...where, capacity: 1, vehicle_types: ['motorcycle', 'sedan'], two_wheelers_per_unit: 2, daily_rate: null, ...over });
    // cheap for a car, dear for a bike; dear for a car, cheap for a bike; a car-only listing
    const a = (await make(at, { hourly_rate: 3000, two_wheeler_hourly_rate: 2500 })).id;
    const b = (await make(near, { hourly_rate: 9000, two_wheeler_hourly_rate: 1000 })).id;
    const carOnly = (await publishedListing(t.app, { ...near, capacity: 1, vehicle_types: ['sedan'], hourly_rate: 1500, daily_rate: null })).id;
    const w = window(34, 2);
    const byPrice = async (query: Record<string, string | undefined>) => (await search(at, { ...query, sort: 'price' })).result.map((r) => [r.id, r.subtotal, r.hourly_rate]);
    expect(await byPrice({ ...w, vehicle_type: 'motorcycle' })).toEqual([
      [b, 2000, 1000],
      [a, 5000, 2500],
    ]);
    expect(await byPrice(w)).toEqual([
      [carOnly, 3000, 1500],
      [a, 6000, 3000],
      [b, 18000, 9000],
    ]);
    // without a window the hour's price orders them, for a rider the two-wheeler hour
    expect((await byPrice({ vehicle_type: 'motorcycle' })).map(([id, , rate]) => [id, rate])).toEqual([
      [b, 1000],
      [a, 2500],
    ]);
    // price filters read the same price (₹30 to ₹60 for the two hours, fee included)
    const filtered = await search(at, { ...w, vehicle_type: 'motorcycle', min_price: '3000', max_price: '6000' });
    expect(filtered.result.map((r) => [r.id, r.price])).toEqual([[a, 5250]]);
    expect((await search(at, { ...w, min_price: '3000', max_price: '6000' })).result.map((r) => r.id)).toEqual([carOnly]);
    // a bay held: a rider's ranking skips the listing, the other stays
    await rider(b, w);
    await rider(b, w);
    expect((await byPrice({ ...w, vehicle_type: 'motorcycle' })).map(([id]) => id)).toEqual([a]);
  });
});
