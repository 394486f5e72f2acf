import { stayPrice } from '@parkly/shared/pricing';
import { SEARCH_COUNT_CAP } from '@parkly/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { SECRET, completeListing, insertBooking, listingCalls, photoFixtures, signUpHost } from '../listings/testing';
import { areaBands, insideSquare, searchListings, viewCube, type SearchFilter } from './search.repository';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let guestId: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ GUEST_FEE_PERCENT: '5' });
  host = await signUpHost(t.app);
  guestId = (await signUp(t.app)).user.id;
  photo = await photoFixtures.jpeg(320, 240);
});
afterAll(() => t.close());

const KM_PER_DEGREE = 111.195;
/** A point `km` north of (lat, lng). */
const north = (at: { lat: number; lng: number }, km: number) => ({ lat: at.lat + km / KM_PER_DEGREE, lng: at.lng });

/** Each test searches its own patch of the map, so the listings of other tests never show up. */
let area = 0;
const newArea = () => {
  area += 1;
  return { lat: 8 + area * 0.5, lng: 70 + area * 0.5 };
};

/** A published listing at a position, with any fields overridden; answers its id. */
async function live(at: { lat: number; lng: number }, over: Record<string, unknown> = {}) {
  const calls = listingCalls(t.app, host.token);
  const created = await calls.create(completeListing({ ...at, ...over }));
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().result.id;
  expect((await calls.upload(id, photo)).statusCode).toBe(200);
  const published = await calls.publish(id);
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

type Answer = {
  result: { id: string; distance_km: number; price?: number; subtotal?: number; lat: number; lng: number; hourly_rate: number | null; rating: { average: number | null; count: number } }[];
  total: number;
  total_capped: boolean;
  next_cursor?: string;
};

function searchRaw(query: Record<string, string | number | boolean | undefined>) {
  const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return t.app.inject({ method: 'GET', url: api(`parkings/search?${qs}`) });
}

async function search(query: Record<string, string | number | boolean | undefined>): Promise<Answer> {
  const res = await searchRaw(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (a: Answer) => a.result.map((r) => r.id);
const near = (at: { lat: number; lng: number }, extra: Record<string, string | number | boolean | undefined> = {}) => ({ lat: at.lat, lng: at.lng, ...extra });

/** 'YYYY-MM-DD' of the next given weekday (0 Sunday .. 6 Saturday) at least two days ahead, as a calendar date. */
function nextWeekday(day: number) {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== day) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const ist = (date: string, time: string) => `${date}T${time}:00+05:30`;

describe('where: radius and map view', () => {
  it('orders by distance and keeps the radius edge', async () => {
    const c = newArea();
    const a = await live(north(c, 0.5));
    const b = await live(north(c, 1.5));
    const edgeIn = await live(north(c, 2.9));
    await live(north(c, 3.1));
    const answer = await search(near(c, { radius_km: 3 }));
    expect(ids(answer)).toEqual([a, b, edgeIn]);
    expect(answer.total).toBe(3);
    expect(answer.total_capped).toBe(false);
    expect(answer.result.map((r) => Math.round(r.distance_km * 10) / 10)).toEqual([0.5, 1.5, 2.9]);
    expect(answer.next_cursor).toBeUndefined();
    // the default radius is 5 km
    expect((await search(near(c))).total).toBe(4);
  });

  it('finds only listings inside a map view, nearest its middle first', async () => {
    const c = newArea();
    const middle = await live(c);
    const inside = await live({ lat: c.lat + 0.02, lng: c.lng + 0.02 });
    await live({ lat: c.lat + 0.06, lng: c.lng });
    const bbox = [c.lng - 0.05, c.lat - 0.05, c.lng + 0.05, c.lat + 0.05].join(',');
    expect(ids(await search({ bbox }))).toEqual([middle, inside]);
  });

  it('finds a map view away from the searched point, corners and edges included, nearest the point first', async () => {
    const c = newArea();
    const view = { minLng: c.lng + 0.1, minLat: c.lat + 0.1, maxLng: c.lng + 0.13, maxLat: c.lat + 0.12 };
    // between the point and the view (outside it), then the view's corners, an edge and its middle
    await live({ lat: c.lat + 0.05, lng: c.lng + 0.05 });
    const near1 = await live({ lat: view.minLat, lng: view.minLng });
    const mid = await live({ lat: (view.minLat + view.maxLat) / 2, lng: (view.minLng + view.maxLng) / 2 });
    const edge = await live({ lat: view.maxLat, lng: view.minLng + 0.01 });
    const far = await live({ lat: view.maxLat, lng: view.maxLng });
    await live({ lat: view.maxLat + 0.001, lng: view.maxLng });
    const bbox = [view.minLng, view.minLat, view.maxLng, view.maxLat].join(',');
    const answer = await search({ bbox, lat: c.lat, lng: c.lng });
    expect(ids(answer)).toEqual([near1, mid, edge, far]);
    expect(answer.result[0]!.distance_km).toBeCloseTo(Math.hypot(0.1, 0.1 * Math.cos((c.lat * Math.PI) / 180)) * KM_PER_DEGREE, 0);
  });

  it('holds every point of a map view in the box the position index walks', () => {
    const R = 6378168;
    const views = [
      { minLng: 77.5, minLat: 12.9, maxLng: 77.55, maxLat: 12.94 },
      { minLng: -0.7, minLat: -0.7, maxLng: 0.8, maxLat: 0.8 },
      { minLng: 89.2, minLat: 60, maxLng: 90.7, maxLat: 61.5 },
      { minLng: -90.7, minLat: -61.5, maxLng: -89.2, maxLat: -60 },
      { minLng: 178.5, minLat: 88.5, maxLng: 180, maxLat: 90 },
      { minLng: -180, minLat: -90, maxLng: -178.5, maxLat: -88.5 },
    ];
    for (const v of views) {
      const cube = viewCube(v);
      for (let i = 0; i <= 20; i++) {
        for (let j = 0; j <= 20; j++) {
          const lat = ((v.minLat + ((v.maxLat - v.minLat) * i) / 20) * Math.PI) / 180;
          const lng = ((v.minLng + ((v.maxLng - v.minLng) * j) / 20) * Math.PI) / 180;
          const at = [R * Math.cos(lat) * Math.cos(lng), R * Math.cos(lat) * Math.sin(lng), R * Math.sin(lat)];
          at.forEach((x, k) => {
            expect(x).toBeGreaterThanOrEqual(cube.low[k]!);
            expect(x).toBeLessThanOrEqual(cube.high[k]!);
          });
        }
      }
      // and not much more: the box is about the view's size (a degree is 111 km), not a circle around the origin
      cube.low.forEach((lo, k) => expect(cube.high[k]! - lo).toBeLessThan(1.6 * 111_200 + 2));
    }
  });

  it('never shows drafts, paused or deleted listings', async () => {
    const c = newArea();
    const shown = await live(c);
    const paused = await live(north(c, 0.2));
    const gone = await live(north(c, 0.3));
    const calls = listingCalls(t.app, host.token);
    await calls.create(completeListing(north(c, 0.4)));
    expect((await calls.call('POST', `parkings/${paused}/pause`)).statusCode).toBe(200);
    expect((await calls.remove(gone)).statusCode).toBe(200);
    expect(ids(await search(near(c, { radius_km: 1 })))).toEqual([shown]);
  });

  it('answers rounded positions and nothing private', async () => {
    const c = newArea();
    await live({ lat: c.lat + 0.001234, lng: c.lng + 0.004321 });
    const res = await searchRaw(near(c));
    expect(res.body).not.toContain(SECRET.access);
    expect(res.body).not.toContain(SECRET.line1);
    expect(res.body).not.toContain(SECRET.postalCode);
    expect(res.body).not.toMatch(/access_instructions|line1|postal_code/);
    const [r] = (res.json() as Answer).result;
    expect(r!.lat).toBe(Math.round((c.lat + 0.001234) * 1000) / 1000);
    expect(r!.lng).toBe(Math.round((c.lng + 0.004321) * 1000) / 1000);
  });
});

describe('filters', () => {
  it('filters by parking type, vehicle (and its size), amenities, instant book, rating and text', async () => {
    const c = newArea();
    const garage = await live(c, {
      title: 'Lock-up garage by the lake',
      parking_type: 'garage',
      vehicle_types: ['hatchback', 'sedan', 'suv'],
      amenities: ['covered', 'cctv'],
      max_height_m: 1.7,
      instant_book: false,
    });
    const ev = await live(north(c, 0.2), { parking_type: 'open_lot', vehicle_types: ['sedan', 'suv'], amenities: ['ev_charging', 'cctv'], ev_connector: 'ccs2', ev_power_kw: 30 });
    const bikes = await live(north(c, 0.4), { parking_type: 'driveway', vehicle_types: ['motorcycle'], amenities: [] });
    await t.db.query(`UPDATE listings SET rating_avg = 4.8, rating_count = 12 WHERE id = $1`, [ev]);

    expect(ids(await search(near(c, { parking_type: 'garage' })))).toEqual([garage]);
    expect(ids(await search(near(c, { parking_type: 'garage,driveway' })))).toEqual([garage, bikes]);
    // an SUV is too tall for the 1.7 m garage
    expect(ids(await search(near(c, { vehicle_type: 'suv' })))).toEqual([ev]);
    expect(ids(await search(near(c, { vehicle_type: 'sedan' })))).toEqual([garage, ev]);
    expect(ids(await search(near(c, { vehicle_type: 'motorcycle' })))).toEqual([bikes]);
    expect(ids(await search(near(c, { amenities: 'ev_charging' })))).toEqual([ev]);
    expect(ids(await search(near(c, { amenities: 'cctv,covered' })))).toEqual([garage]);
    expect(ids(await search(near(c, { instant_book: true })))).toEqual([ev, bikes]);
    expect(ids(await search(near(c, { instant_book: false })))).toEqual([garage]);
    expect(ids(await search(near(c, { min_rating: 4.5 })))).toEqual([ev]);
    expect(ids(await search(near(c, { q: 'LAKE' })))).toEqual([garage]);
    expect(ids(await search(near(c, { q: '100%_off' })))).toEqual([]);
  });

  it('filters and sorts by price: the window price with a window, an hour without', async () => {
    const c = newArea();
    const cheap = await live(c, { hourly_rate: 2000, daily_rate: 10000 });
    const dear = await live(north(c, 0.1), { hourly_rate: 9000, daily_rate: 30000 });
    const dailyOnly = await live(north(c, 0.2), { hourly_rate: null, daily_rate: 20000, monthly_rate: null });
    // an hour: 2000, 9000, 20000 (a day) plus the 5 % service fee
    expect(ids(await search(near(c, { sort: 'price' })))).toEqual([cheap, dear, dailyOnly]);
    expect(ids(await search(near(c, { min_price: 5000, max_price: 10000 })))).toEqual([dear]);

    const date = addDays(nextWeekday(3), 0);
    const window = { start: ist(date, '09:00'), end: ist(date, '18:00') };
    const answer = await search(near(c, { sort: 'price', ...window }));
    // nine hours: 10000 (capped by the day), 30000 (capped), 20000
    expect(ids(answer)).toEqual([cheap, dailyOnly, dear]);
    expect(answer.result.map((r) => r.subtotal)).toEqual([10000, 20000, 30000]);
    expect(answer.result.map((r) => r.price)).toEqual([10500, 21000, 31500]);
    const rates = { hourly_rate: 9000, daily_rate: 30000, weekly_rate: null, monthly_rate: 450000 };
    expect(answer.result[2]!.subtotal).toBe(stayPrice(9 * 60, rates));
    expect(ids(await search(near(c, { ...window, max_price: 21000 })))).toEqual([cheap, dailyOnly]);
    // no price without a window
    expect((await search(near(c))).result[0]!.price).toBeUndefined();
  });

  it('sorts by rating, best first', async () => {
    const c = newArea();
    const [a, b, d] = [await live(c), await live(north(c, 0.1)), await live(north(c, 0.2))];
    await t.db.query(`UPDATE listings SET rating_avg = 4.2, rating_count = 5 WHERE id = $1`, [a]);
    await t.db.query(`UPDATE listings SET rating_avg = 4.9, rating_count = 30 WHERE id = $1`, [d]);
    expect(ids(await search(near(c, { sort: 'rating' })))).toEqual([d, a, b]);
  });
});

describe('pages', () => {
  it('walks every match once with the cursor, in order, for each sort', async () => {
    const c = newArea();
    const all: string[] = [];
    for (let i = 0; i < 7; i++) all.push(await live(north(c, i * 0.3), { hourly_rate: 3000 + (i % 3) * 1000 }));
    for (const sort of ['distance', 'price', 'rating'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await search(near(c, { sort, limit: 3, cursor }));
        expect(page.total).toBe(7);
        expect(page.total_capped).toBe(false);
        seen.push(...ids(page));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect([...seen].sort()).toEqual([...all].sort());
      expect(seen).toEqual(ids(await search(near(c, { sort, limit: 50 }))));
    }
    expect(ids(await search(near(c, { limit: 50 })))).toEqual(all);
  });
});

/**
 * `count` copies of a published listing, straight in SQL (creating hundreds over HTTP is slow), each with
 * one unit: positions repeat every 60 copies (so some listings tie on distance), hourly rates every 7 and
 * ratings every 5 (ties on price and rating too). Answers their ids.
 */
async function copies(template: string, count: number) {
  const rows = await t.db.query<{ id: string }>(
    `INSERT INTO listings (host_id, title, description, parking_type, vehicle_types, amenities, address_line1, locality, city, state,
                           postal_code, country, lat, lng, time_zone, capacity, hourly_rate, daily_rate, weekly_rate, monthly_rate,
                           currency, instant_book, cancellation_policy, access_instructions, status, published_at, rating_avg, rating_count)
     SELECT l.host_id, l.title, l.description, l.parking_type, l.vehicle_types, l.amenities, l.address_line1, l.locality, l.city, l.state,
            l.postal_code, l.country, l.lat + (g % 60) * 0.0002, l.lng, l.time_zone, 1, 3000 + (g % 7) * 500, l.daily_rate, l.weekly_rate,
            l.monthly_rate, l.currency, l.instant_book, l.cancellation_policy, l.access_instructions, 'active', now(),
            CASE WHEN g % 5 = 0 THEN NULL ELSE 3 + (g % 5) * 0.5 END, (g % 5) * 3
       FROM listings l, generate_series(1, $2::integer) g
      WHERE l.id = $1
     RETURNING id`,
    [template, count],
  );
  await t.db.query(`INSERT INTO listing_units (listing_id, label) SELECT id, 'Bay 1' FROM unnest($1::uuid[]) AS id`, [rows.map((r) => r.id)]);
  return rows.map((r) => r.id);
}

/** Every page of a search, walked with the cursor: the ids in order, and each page's total and flag. */
async function walkPages(query: Record<string, string | number | boolean | undefined>) {
  const seen: Answer['result'] = [];
  const totals: [number, boolean][] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await search({ ...query, cursor });
    seen.push(...page.result);
    totals.push([page.total, page.total_capped]);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, totals, pages };
}

describe('by price or rating, only the first candidates are ranked', () => {
  it('ranks every candidate when too few of the first ones pass the checks', async () => {
    const c = newArea();
    const template = await live(c);
    await copies(template, 40);
    const date = nextWeekday(4);
    const window = { start: new Date(ist(date, '09:00')).toISOString(), end: new Date(ist(date, '11:00')).toISOString(), minutes: 120 };
    const filter: SearchFilter = { origin: c, radiusM: 15_000, window, guestFeePercent: 5, sort: 'price', limit: 50, countCap: 50 };
    const order = (await searchListings(t.db, filter)).map((r) => r.id);
    expect(order).toHaveLength(41);
    // a page of 2 with a cap of 2 walks 3 listings, so the first try ranks 12: book the 11 cheapest
    for (const id of order.slice(0, 11)) await insertBooking(t.db, { listingId: id, guestId, start: new Date(window.start), end: new Date(window.end) });
    for (const sort of ['price', 'rating'] as const) {
      const full = (await searchListings(t.db, { ...filter, sort })).map((r) => r.id);
      const small = await searchListings(t.db, { ...filter, sort, limit: 2, countCap: 2 });
      expect(small.map((r) => r.id)).toEqual(full.slice(0, 3));
      expect(Number(small[0]!.total)).toBe(3);
    }
  });

  it('ranks every candidate when the first ones, ties and all, are booked', async () => {
    const c = newArea();
    const template = await live(c);
    const all = [template, ...(await copies(template, 30))];
    // every price apart, so the first try ranks exactly 12 (a page of 2 with a cap of 2 walks 3); the template
    // (which has more than one unit, so one booking does not take it) the dearest
    await t.db.query(`UPDATE listings SET hourly_rate = 3000 + 10 * array_position($1::uuid[], id) WHERE id = ANY($1::uuid[])`, [[...all.slice(1), template]]);
    const date = nextWeekday(5);
    const window = { start: new Date(ist(date, '09:00')).toISOString(), end: new Date(ist(date, '11:00')).toISOString(), minutes: 120 };
    const filter: SearchFilter = { origin: c, radiusM: 15_000, window, guestFeePercent: 5, sort: 'price', limit: 50, countCap: 50 };
    const order = (await searchListings(t.db, filter)).map((r) => r.id);
    expect(order).toEqual([...all.slice(1), template]);
    for (const id of order.slice(0, 11)) await insertBooking(t.db, { listingId: id, guestId, start: new Date(window.start), end: new Date(window.end) });
    const small = await searchListings(t.db, { ...filter, limit: 2, countCap: 2 });
    expect(small.map((r) => r.id)).toEqual(order.slice(11, 14));
    expect(Number(small[0]!.total)).toBe(3);
    // the answer came from ranking all 31 candidates, not the first 12
    expect(Number(small[0]!.ranked_n)).toBe(31);
    // a cursor into a run of equal prices: ties are ordered by distance, then id
    await t.db.query(`UPDATE listings SET hourly_rate = 5000 WHERE id = ANY($1::uuid[])`, [order.slice(11)]);
    const pages = await walkPages(near(c, { sort: 'price', limit: 4, radius_km: 15, start: window.start, end: window.end }));
    const tied = await search(near(c, { sort: 'price', limit: 50, radius_km: 15, start: window.start, end: window.end }));
    expect(pages.seen.map((r) => r.id)).toEqual(ids(tied));
    expect(ids(tied)).toHaveLength(20);
    expect(tied.result.every((r, i) => i === 0 || r.distance_km >= tied.result[i - 1]!.distance_km)).toBe(true);
    // the first try's cut (12) falls inside the run of equal prices: every listing tied with the 12th is ranked
    const cut = await searchListings(t.db, { ...filter, limit: 2, countCap: 2 });
    expect(cut.map((r) => r.id)).toEqual(ids(tied).slice(0, 3));
    expect(Number(cut[0]!.ranked_n)).toBe(31);
  });

  it('skips the exact distance only inside a square well within the circle', () => {
    const R = 6378168;
    const rad = (d: number) => (d * Math.PI) / 180;
    const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
      2 * R * Math.asin(Math.sqrt(Math.sin((rad(b.lat) - rad(a.lat)) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin((rad(b.lng) - rad(a.lng)) / 2) ** 2));
    for (const lat of [-60, -12.5, -0.01, 0, 12.97, 28.6, 70]) {
      for (const radiusM of [500, 15_000, 50_000]) {
        const origin = { lat, lng: 77.59 };
        const sq = insideSquare(origin, radiusM)!;
        expect(sq).toBeDefined();
        for (let i = 0; i <= 40; i++) {
          for (let j = 0; j <= 40; j++) {
            const at = { lat: sq.minLat + ((sq.maxLat - sq.minLat) * i) / 40, lng: sq.minLng + ((sq.maxLng - sq.minLng) * j) / 40 };
            expect(metres(origin, at)).toBeLessThan(radiusM);
          }
        }
        // most of the circle's candidates skip it: the square's side is about 1.4 radii
        expect(metres({ lat: sq.minLat, lng: origin.lng }, { lat: sq.maxLat, lng: origin.lng })).toBeGreaterThan(1.35 * radiusM);
      }
    }
    expect(insideSquare({ lat: 89.9, lng: 0 }, 50_000)).toBeUndefined();
    expect(insideSquare({ lat: 0, lng: 179.9 }, 50_000)).toBeUndefined();
  });

  it('reads an area as latitude bands that hold the whole circle, or leaves it to the position index', () => {
    const R = 6378168;
    for (const lat of [-60, -12.5, 0, 12.97, 28.6, 70]) {
      for (const radiusM of [500, 15_000, 50_000]) {
        const origin = { lat, lng: 77.59 };
        const b = areaBands({ origin, radiusM })!;
        expect(b).toBeDefined();
        for (let deg = 0; deg < 360; deg += 5) {
          // the point radiusM away in that direction (the destination on the sphere)
          const d = radiusM / R;
          const th = (deg * Math.PI) / 180;
          const p1 = (lat * Math.PI) / 180;
          const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(th));
          const l2 = (77.59 * Math.PI) / 180 + Math.atan2(Math.sin(th) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
          const at = { lat: (p2 * 180) / Math.PI, lng: (l2 * 180) / Math.PI };
          expect(at.lat).toBeGreaterThanOrEqual(b.minLat);
          expect(at.lat).toBeLessThanOrEqual(b.maxLat);
          expect(at.lng).toBeGreaterThanOrEqual(b.minLng);
          expect(at.lng).toBeLessThanOrEqual(b.maxLng);
          expect(b.bands).toContain(Math.floor(at.lat * 10));
        }
      }
    }
    expect(areaBands({ origin: { lat: 89.9, lng: 0 }, radiusM: 50_000 })).toBeUndefined();
    expect(areaBands({ origin: { lat: 0, lng: 179.9 }, radiusM: 50_000 })).toBeUndefined();
    expect(areaBands({ origin: { lat: 0, lng: 0 }, bbox: { minLng: 1, minLat: 2, maxLng: 1.5, maxLat: 2.25 } })).toEqual({
      minLng: 1, minLat: 2, maxLng: 1.5, maxLat: 2.25, bands: [20, 21, 22],
    });
  });
});

describe('counting stops at the cap', () => {
  it(`answers total ${SEARCH_COUNT_CAP} and total_capped past ${SEARCH_COUNT_CAP} matches, and pages through every match in order`, async () => {
    const c = newArea();
    const template = await live(c);
    // thirty past the cap
    const all = [template, ...(await copies(template, SEARCH_COUNT_CAP + 29))];
    const first = await search(near(c, { limit: 5 }));
    expect(first.total).toBe(SEARCH_COUNT_CAP);
    expect(first.total_capped).toBe(true);

    const inOrder: Record<'distance' | 'price' | 'rating', (a: Answer['result'][number], b: Answer['result'][number]) => boolean> = {
      distance: (a, b) => a.distance_km <= b.distance_km,
      price: (a, b) => a.hourly_rate! <= b.hourly_rate!,
      rating: (a, b) => (a.rating.average ?? 0) > (b.rating.average ?? 0) || ((a.rating.average ?? 0) === (b.rating.average ?? 0) && a.rating.count >= b.rating.count),
    };
    for (const sort of ['distance', 'price', 'rating'] as const) {
      const big = await walkPages(near(c, { sort, limit: 50 }));
      expect(big.pages).toBe(Math.ceil(all.length / 50));
      // later pages count from the start too
      expect(big.totals.every(([total, capped]) => total === SEARCH_COUNT_CAP && capped)).toBe(true);
      const walked = big.seen.map((r) => r.id);
      expect(new Set(walked).size).toBe(all.length);
      expect([...walked].sort()).toEqual([...all].sort());
      expect(big.seen.every((r, i) => i === 0 || inOrder[sort](big.seen[i - 1]!, r))).toBe(true);
      // pages of another size cut the same order elsewhere
      const small = await walkPages(near(c, { sort, limit: 17 }));
      expect(small.seen.map((r) => r.id)).toEqual(walked);
    }

    // with a window, booked listings drop out as they are walked
    const date = nextWeekday(3);
    const window = { start: ist(date, '09:00'), end: ist(date, '11:00') };
    const booked = all.slice(1, 21);
    for (const id of booked) await insertBooking(t.db, { listingId: id, guestId, start: new Date(window.start), end: new Date(window.end) });
    for (const sort of ['distance', 'price'] as const) {
      const timed = await walkPages(near(c, { sort, limit: 50, ...window }));
      expect(timed.totals.every(([total, capped]) => total === SEARCH_COUNT_CAP && capped)).toBe(true);
      expect([...timed.seen.map((r) => r.id)].sort()).toEqual(all.filter((id) => !booked.includes(id)).sort());
    }

    // one match more than the cap is past it; as many as the cap are not
    await t.db.query(`UPDATE listings SET status = 'paused' WHERE id = ANY($1::uuid[])`, [all.slice(SEARCH_COUNT_CAP + 1)]);
    expect(await search(near(c, { limit: 1 }))).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    await t.db.query(`UPDATE listings SET status = 'paused' WHERE id = $1`, [all[SEARCH_COUNT_CAP]]);
    expect(await search(near(c, { limit: 1 }))).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: false });
    const rest = await search(near(c, { limit: 1, ...window }));
    expect(rest).toMatchObject({ total: SEARCH_COUNT_CAP - booked.length, total_capped: false });
  });
});

describe('when: only listings free for the whole window', () => {
  it('lets bookings touch the window but not overlap it; a second unit keeps the listing findable', async () => {
    const c = newArea();
    const one = await live(c, { capacity: 1 });
    const two = await live(north(c, 0.1), { capacity: 2 });
    const date = nextWeekday(4);
    const [start, end] = [ist(date, '10:00'), ist(date, '12:00')];
    const at = (time: string) => new Date(ist(date, time));
    // ends as the window starts, starts as it ends: no conflict
    await insertBooking(t.db, { listingId: one, guestId, start: at('08:00'), end: at('10:00') });
    await insertBooking(t.db, { listingId: one, guestId, start: at('12:00'), end: at('14:00') });
    expect(ids(await search(near(c, { start, end })))).toEqual([one, two]);

    // overlapping by a minute on either side: the one-unit listing is gone
    expect(ids(await search(near(c, { start: ist(date, '09:59'), end })))).toEqual([two]);
    expect(ids(await search(near(c, { start, end: ist(date, '12:01') })))).toEqual([two]);

    // one of two units booked: still found; both booked: gone
    const units = await t.db.query<{ id: string }>(`SELECT id FROM listing_units WHERE listing_id = $1 ORDER BY created_at, id`, [two]);
    await insertBooking(t.db, { listingId: two, guestId, start: at('11:00'), end: at('11:30'), unitId: units[0]!.id });
    expect(ids(await search(near(c, { start, end })))).toEqual([one, two]);
    await insertBooking(t.db, { listingId: two, guestId, start: at('09:00'), end: at('10:30'), unitId: units[1]!.id, status: 'requested' });
    expect(ids(await search(near(c, { start, end })))).toEqual([one]);
    // a cancelled or expired booking holds nothing
    await insertBooking(t.db, { listingId: one, guestId, start: at('10:00'), end: at('12:00'), status: 'cancelled' });
    await insertBooking(t.db, { listingId: one, guestId, start: at('10:00'), end: at('12:00'), status: 'expired' });
    expect(ids(await search(near(c, { start, end })))).toEqual([one]);
    // without a window, bookings do not matter
    expect(ids(await search(near(c)))).toEqual([one, two]);
  });

  it('leaves out listings blacked out during the window', async () => {
    const c = newArea();
    const id = await live(c);
    const date = nextWeekday(5);
    const calls = listingCalls(t.app, host.token);
    const res = await calls.call('POST', `parkings/${id}/blackouts`, { start: ist(date, '12:00'), end: ist(addDays(date, 1), '00:00'), reason: 'Family function' });
    expect(res.statusCode, res.body).toBe(201);
    expect(ids(await search(near(c, { start: ist(date, '08:00'), end: ist(date, '12:00') })))).toEqual([id]);
    expect(ids(await search(near(c, { start: ist(date, '11:00'), end: ist(date, '13:00') })))).toEqual([]);
  });

  it('keeps to opening hours in the listing time zone, across midnight', async () => {
    const c = newArea();
    const nights = await live(c, { opening_hours: { mon: [{ open: '18:00', close: '24:00' }], tue: [{ open: '00:00', close: '08:00' }] } });
    const dubai = await live(north(c, 0.1), {
      time_zone: 'Asia/Dubai',
      opening_hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '09:00', close: '18:00' }]])),
    });
    const monday = nextWeekday(1);
    const tuesday = addDays(monday, 1);
    expect(ids(await search(near(c, { start: ist(monday, '20:00'), end: ist(tuesday, '07:00') })))).toEqual([nights]);
    expect(ids(await search(near(c, { start: ist(monday, '20:00'), end: ist(tuesday, '09:00') })))).toEqual([]);
    // 17:00 to 19:00 India: the night spot opens at 18:00; Dubai (15:30 to 17:30 there) is open
    expect(ids(await search(near(c, { start: ist(monday, '17:00'), end: ist(monday, '19:00') })))).toEqual([dubai]);
    // 09:30 to 17:30 in Dubai is 11:00 to 19:00 in India
    expect(ids(await search(near(c, { start: ist(tuesday, '11:00'), end: ist(tuesday, '19:00') })))).toEqual([dubai]);
    // 10:00 India is 08:30 in Dubai: not open yet
    expect(ids(await search(near(c, { start: ist(tuesday, '10:00'), end: ist(tuesday, '17:00') })))).toEqual([]);
  });

  it('joins Sunday night to Monday morning, needs every hour of a stay of a week or more, and follows edited hours', async () => {
    const c = newArea();
    const every = (open: string, close: string) => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open, close }]]));
    const weekend = await live(c, { opening_hours: { sun: [{ open: '20:00', close: '24:00' }], mon: [{ open: '00:00', close: '06:00' }] } });
    const allWeek = await live(north(c, 0.1), { opening_hours: every('00:00', '24:00') });
    const daytime = await live(north(c, 0.2), { opening_hours: every('08:00', '20:00') });
    const sunday = nextWeekday(0);
    const monday = addDays(sunday, 1);
    expect(ids(await search(near(c, { start: ist(sunday, '21:00'), end: ist(monday, '05:00') })))).toEqual([weekend, allWeek]);
    expect(ids(await search(near(c, { start: ist(sunday, '21:00'), end: ist(monday, '07:00') })))).toEqual([allWeek]);
    // eight days: only a listing open every minute of the week
    expect(ids(await search(near(c, { start: ist(monday, '10:00'), end: ist(addDays(monday, 8), '10:00') })))).toEqual([allWeek]);
    expect(ids(await search(near(c, { start: ist(monday, '07:00'), end: ist(monday, '09:00') })))).toEqual([allWeek]);

    const res = await listingCalls(t.app, host.token).call('PATCH', `parkings/${daytime}`, { opening_hours: every('06:00', '22:00') });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(await search(near(c, { start: ist(monday, '07:00'), end: ist(monday, '09:00') })))).toEqual([allWeek, daytime]);
  });

  it('respects the minimum and maximum stay', async () => {
    const c = newArea();
    const id = await live(c, { min_duration_minutes: 120, max_duration_minutes: 24 * 60 });
    const date = nextWeekday(2);
    expect(ids(await search(near(c, { start: ist(date, '10:00'), end: ist(date, '11:00') })))).toEqual([]);
    expect(ids(await search(near(c, { start: ist(date, '10:00'), end: ist(date, '12:00') })))).toEqual([id]);
    expect(ids(await search(near(c, { start: ist(date, '10:00'), end: ist(addDays(date, 2), '10:00') })))).toEqual([]);
  });
});

describe('bad input', () => {
  const c = { lat: 12.97, lng: 77.59 };
  const cases: [string, Record<string, string | number>, string][] = [
    ['lat 999', { lat: 999, lng: 77 }, 'lat'],
    ['lat that is not a number', { lat: 'north', lng: 77 }, 'lat'],
    ['lat without lng', { lat: 12 }, 'lng'],
    ['no place at all', {}, 'lat'],
    ['a radius of 500 km', near(c, { radius_km: 500 }), 'radius_km'],
    ['a bbox with min above max', { bbox: '77.7,12.9,77.5,13.0' }, 'bbox'],
    ['a bbox of three numbers', { bbox: '77.5,12.9,77.7' }, 'bbox'],
    ['a bbox as large as India', { bbox: '68,8,97,35' }, 'bbox'],
    ['end before start', near(c, { start: '2030-01-02T10:00:00+05:30', end: '2030-01-02T09:00:00+05:30' }), 'end'],
    ['a window of 10 years', near(c, { start: '2030-01-01T10:00:00+05:30', end: '2040-01-01T10:00:00+05:30' }), 'end'],
    ['a window in the past', near(c, { start: '2020-01-01T10:00:00+05:30', end: '2020-01-01T12:00:00+05:30' }), 'end'],
    ['start without end', near(c, { start: '2030-01-01T10:00:00+05:30' }), 'end'],
    ['a start that is not a time', near(c, { start: 'tomorrow', end: '2030-01-01T10:00:00+05:30' }), 'start'],
    ['limit 100000', near(c, { limit: 100000 }), 'limit'],
    ['limit 0', near(c, { limit: 0 }), 'limit'],
    ['an unknown type', near(c, { parking_type: 'helipad' }), 'parking_type'],
    ['an unknown amenity', near(c, { amenities: 'cctv,jacuzzi' }), 'amenities'],
    ['an unknown vehicle', near(c, { vehicle_type: 'tank' }), 'vehicle_type'],
    ['min price above max price', near(c, { min_price: 5000, max_price: 100 }), 'max_price'],
    ['a negative price', near(c, { min_price: -1 }), 'min_price'],
    ['an unknown sort', near(c, { sort: 'random' }), 'sort'],
    ['a malformed cursor', near(c, { cursor: 'not-a-cursor' }), 'cursor'],
    ['a forged cursor', near(c, { cursor: Buffer.from('["distance",1,2,"x\'; DROP TABLE listings;--"]').toString('base64url') }), 'cursor'],
    ['a 1000-character q', near(c, { q: 'x'.repeat(1000) }), 'q'],
  ];
  it.each(cases)('%s: 400 naming the field', async (_name, query, field) => {
    const res = await searchRaw(query);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors?: Record<string, string> };
    expect(body.errors?.[field], res.body).toBeTruthy();
    expect(body.message).not.toMatch(/select|sql|stack|zod/i);
  });

  it('answers a cursor of another sort with 400', async () => {
    const a = newArea();
    await live(a);
    await live(north(a, 0.1));
    const first = await search(near(a, { limit: 1 }));
    const res = await searchRaw(near(a, { limit: 1, sort: 'price', cursor: first.next_cursor! }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cursor).toBeTruthy();
  });

  it('treats a SQL-looking q as ordinary text', async () => {
    const a = newArea();
    await live(a);
    for (const q of ["' OR 1=1 --", "'; DROP TABLE listings; --", '%', '_', '\\']) {
      const res = await searchRaw(near(a, { q }));
      expect(res.statusCode).toBe(200);
      expect((res.json() as Answer).result).toEqual([]);
    }
    expect((await search(near(a))).total).toBe(1);
  });
});

describe('GET parkings/types', () => {
  it('counts live listings of every type', async () => {
    const before = (await t.app.inject({ method: 'GET', url: api('parkings/types') })).json().result as { parking_type: string; count: number; cover_url: string | null }[];
    expect(before.map((r) => r.parking_type)).toEqual(['driveway', 'garage', 'carport', 'open_lot', 'covered_lot', 'street', 'indoor_storage', 'outdoor_storage']);
    await live(newArea(), { parking_type: 'carport' });
    const after = (await t.app.inject({ method: 'GET', url: api('parkings/types'), headers: bearer(host.token) })).json().result as typeof before;
    const count = (rows: typeof before, type: string) => rows.find((r) => r.parking_type === type)!.count;
    expect(count(after, 'carport')).toBe(count(before, 'carport') + 1);
    expect(after.find((r) => r.parking_type === 'carport')).toMatchObject({ cover_url: expect.stringMatching(/^\/uploads\/.+\.webp$/) });
    expect(after.find((r) => r.parking_type === 'street')).toEqual({ parking_type: 'street', count: 0, cover_url: null });
  });
});
