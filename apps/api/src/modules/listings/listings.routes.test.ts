import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { completeListing, hoursFromNow, insertBooking, listingCalls, photoFixtures, publishedListing, signUpHost } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const publicGet = (id: string, token?: string) => t.app.inject({ url: api(`parkings/${id}`), headers: token ? bearer(token) : {} });
const row = async (id: string) =>
  (await t.db.query<Record<string, unknown>>(`SELECT * FROM listings WHERE id = $1`, [id]))[0]!;

describe('POST parkings', () => {
  it('refuses a signed-in user who is not a host, and anyone signed out', async () => {
    const guest = await signUp(t.app);
    const res = await listingCalls(t.app, guest.token).create(completeListing());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Become a host to list a space' });
    const anonymous = await t.app.inject({ method: 'POST', url: api('parkings'), payload: completeListing() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Unauthenticated User');
    expect((await t.db.query(`SELECT 1 FROM listings`)).length).toBe(0);
  });

  it('saves a draft from the first wizard step alone, with one unit', async () => {
    const host = await signUpHost(t.app);
    const res = await listingCalls(t.app, host.token).create({ parking_type: 'driveway', vehicle_types: ['sedan', 'suv', 'sedan'] });
    expect(res.statusCode).toBe(201);
    const l = res.json().result;
    expect(l).toMatchObject({
      status: 'draft',
      parking_type: 'driveway',
      vehicle_types: ['sedan', 'suv'],
      amenities: [],
      capacity: 1,
      time_zone: 'Asia/Kolkata',
      currency: 'INR',
      instant_book: true,
      cancellation_policy: 'moderate',
      opening_hours: null,
      hourly_rate: null,
      photos: [],
      published_at: null,
    });
    expect(l.units.map((u: { label: string }) => u.label)).toEqual(['Space 1']);
    expect(Object.keys(l.missing).sort()).toEqual(['address.city', 'address.line1', 'photos', 'position', 'rates', 'title']);
  });

  it('takes the whole pinned body at once and keeps every field', async () => {
    const host = await signUpHost(t.app);
    const hours = { mon: [{ open: '08:00', close: '13:00' }, { open: '14:00', close: '24:00' }], sat: [{ open: '00:00', close: '24:00' }] };
    const res = await listingCalls(t.app, host.token).create(
      completeListing({
        amenities: ['ev_charging', 'covered'],
        ev_connector: 'type2',
        ev_power_kw: 7.4,
        time_zone: 'Asia/Kolkata',
        max_height_m: 2.1,
        max_length_m: 5,
        min_duration_minutes: 60,
        max_duration_minutes: 43200,
        opening_hours: hours,
        capacity: 3,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({
      title: 'Covered basement spot near Forum Mall',
      address: { line1: '42, Secret Lane 7th Cross', locality: 'Koramangala', city: 'Bengaluru', state: 'Karnataka', postal_code: '560034', country: 'IN' },
      lat: 12.934567,
      lng: 77.624891,
      ev_connector: 'type2',
      ev_power_kw: 7.4,
      max_height_m: 2.1,
      max_length_m: 5,
      max_width_m: null,
      min_duration_minutes: 60,
      max_duration_minutes: 43200,
      opening_hours: hours,
      hourly_rate: 5000,
      weekly_rate: null,
      capacity: 3,
      access_instructions: expect.stringContaining('Gate code'),
      missing: { photos: 'Add at least one photo' },
    });
    expect(res.json().result.units).toHaveLength(3);
  });
});

describe('the wizard flow', () => {
  it('saves each step as a draft, names what is missing, and publishes once complete', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const id: string = (await calls.create({ parking_type: 'garage' })).json().result.id;

    const early = await calls.publish(id);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('VALIDATION');
    expect(Object.keys(early.json().errors).sort()).toEqual(
      ['address.city', 'address.line1', 'photos', 'position', 'rates', 'title', 'vehicle_types'].sort(),
    );
    expect(early.json().message).toMatch(/a title.*the map position.*a photo.*a rate/);

    const steps = [
      { vehicle_types: ['hatchback', 'motorcycle'] },
      { address: { line1: '12, 4th Main Road', locality: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', postal_code: '560038' }, lat: 12.9784, lng: 77.6408 },
      { title: 'Lockable garage in Indiranagar 2nd Stage', description: 'Private garage with a shutter.', amenities: ['covered', 'gated'], max_height_m: 2.2 },
      { hourly_rate: 6000, daily_rate: 45000, monthly_rate: null, instant_book: false },
      { opening_hours: { mon: [{ open: '07:00', close: '22:00' }] }, min_duration_minutes: 60 },
      { access_instructions: 'Ring the bell at the side door; the key is with the security desk.', cancellation_policy: 'flexible' },
    ];
    for (const step of steps) {
      const res = await calls.patch(id, step);
      expect(res.statusCode, JSON.stringify(step)).toBe(200);
      expect(res.json().result.status).toBe('draft');
    }
    const beforePhoto = await calls.publish(id);
    expect(beforePhoto.statusCode).toBe(400);
    expect(beforePhoto.json().errors).toEqual({ photos: 'Add at least one photo' });

    expect((await calls.upload(id, await photoFixtures.jpeg())).statusCode).toBe(200);
    const published = await calls.publish(id);
    expect(published.statusCode).toBe(200);
    expect(published.json().result).toMatchObject({ status: 'active', missing: {}, instant_book: false, cancellation_policy: 'flexible' });
    expect(published.json().result.published_at).toEqual(expect.any(String));

    // publishing again changes nothing
    const again = await calls.publish(id);
    expect(again.json().result.published_at).toBe(published.json().result.published_at);

    const pub = await publicGet(id);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().result).toMatchObject({ status: 'active', available: true, title: 'Lockable garage in Indiranagar 2nd Stage', locality: 'Indiranagar' });
  });

  it('refuses to publish without a rate, a photo or a position, naming each', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const id: string = (await calls.create(completeListing({ hourly_rate: null, daily_rate: null, monthly_rate: null, lat: null, lng: null }))).json().result.id;
    const res = await calls.publish(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      photos: 'Add at least one photo',
      rates: 'Offer at least one rate: hourly, daily, weekly or monthly',
      position: 'Place the pin on the map (latitude and longitude)',
    });
    expect((await row(id)).status).toBe('draft');
  });

  it('asks for the connector type when the space offers EV charging', async () => {
    const { id, calls } = await publishedListing(t.app);
    const res = await calls.patch(id, { amenities: ['ev_charging'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ev_connector: 'Choose the connector type of the EV charger' });
    expect((await calls.patch(id, { amenities: ['ev_charging'], ev_connector: 'ccs2', ev_power_kw: 30 })).statusCode).toBe(200);
    // dropping the amenity drops the charger details with it
    expect((await calls.patch(id, { amenities: ['covered'] })).json().result).toMatchObject({ ev_connector: null, ev_power_kw: null });
    const orphan = await calls.patch(id, { ev_connector: 'type2' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toHaveProperty('ev_connector');
  });
});

describe('bad input', () => {
  let host: Awaited<ReturnType<typeof signUpHost>>;
  let id: string;
  beforeAll(async () => {
    host = await signUpHost(t.app);
    id = (await listingCalls(t.app, host.token).create(completeListing())).json().result.id;
  });

  it.each([
    ['a negative rate', { hourly_rate: -5000 }, 'hourly_rate'],
    ['a zero rate', { daily_rate: 0 }, 'daily_rate'],
    ['a rate in fractions of a paisa', { daily_rate: 1234.5 }, 'daily_rate'],
    ['an absurd rate', { monthly_rate: 99_999_999_999 }, 'monthly_rate'],
    ['a rate sent as text', { hourly_rate: '50' }, 'hourly_rate'],
    ['latitude 200', { lat: 200, lng: 77.6 }, 'lat'],
    ['longitude -181', { lat: 12.9, lng: -181 }, 'lng'],
    ['a latitude without a longitude', { lat: 12.9 }, 'lng'],
    ['capacity 0', { capacity: 0 }, 'capacity'],
    ['capacity 10000', { capacity: 10_000 }, 'capacity'],
    ['a fractional capacity', { capacity: 1.5 }, 'capacity'],
    ['opening hours that end before they start', { opening_hours: { mon: [{ open: '18:00', close: '09:00' }] } }, 'opening_hours.mon.0.close'],
    ['overlapping opening hours', { opening_hours: { tue: [{ open: '08:00', close: '12:00' }, { open: '11:00', close: '15:00' }] } }, 'opening_hours.tue.1.open'],
    ['an impossible time', { opening_hours: { wed: [{ open: '25:00', close: '26:00' }] } }, 'opening_hours.wed.0.open'],
    ['an unknown weekday', { opening_hours: { funday: [{ open: '08:00', close: '12:00' }] } }, 'opening_hours'],
    ['hours closed on every day', { opening_hours: { mon: [] } }, 'opening_hours'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
    ['an offset instead of a time zone', { time_zone: '+05:30' }, 'time_zone'],
    ['an unknown vehicle type', { vehicle_types: ['sedan', 'spaceship'] }, 'vehicle_types.1'],
    ['an unknown amenity', { amenities: ['helipad'] }, 'amenities.0'],
    ['an unknown parking type', { parking_type: 'rooftop' }, 'parking_type'],
    ['an unknown cancellation policy', { cancellation_policy: 'never' }, 'cancellation_policy'],
    ['a title too short', { title: 'Spot' }, 'title'],
    ['a title too long', { title: 'x'.repeat(101) }, 'title'],
    ['a description too long', { description: 'x'.repeat(4001) }, 'description'],
    ['a city name too long', { address: { city: 'x'.repeat(101) } }, 'address.city'],
    ['a PIN code of 5 digits', { address: { postal_code: '56003' } }, 'address.postal_code'],
    ['a minimum stay longer than the maximum', { min_duration_minutes: 600, max_duration_minutes: 60 }, 'max_duration_minutes'],
    ['a height limit of 10 cm', { max_height_m: 0.1 }, 'max_height_m'],
    ['a length limit of 100 m', { max_length_m: 100 }, 'max_length_m'],
    ['an unknown charger connector', { ev_connector: 'tesla_v1' }, 'ev_connector'],
    ['a NUL character in the title', { title: 'Nice spot\u0000here' }, 'title'],
    ['instant book as text', { instant_book: 'yes' }, 'instant_book'],
  ])('refuses %s, naming the field, and changes nothing', async (_label, body, field) => {
    const calls = listingCalls(t.app, host.token);
    const before = await row(id);
    const res = await calls.patch(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await row(id)).toEqual(before);
    // the same body is refused when creating, too
    expect((await calls.create(body)).statusCode).toBe(400);
  });

  it('refuses a minimum stay longer than the saved maximum', async () => {
    const calls = listingCalls(t.app, host.token);
    expect((await calls.patch(id, { max_duration_minutes: 120 })).statusCode).toBe(200);
    const res = await calls.patch(id, { min_duration_minutes: 240 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('max_duration_minutes');
  });

  it('never answers 5xx, whatever the body', async () => {
    const bodies = [
      [],
      'text',
      null,
      { address: 'MG Road' },
      { address: null },
      { opening_hours: [] },
      { opening_hours: { mon: 'all day' } },
      { opening_hours: { mon: [{ open: '08:00' }] } },
      { vehicle_types: 'sedan' },
      { lat: Number.MAX_VALUE, lng: 1 },
      { hourly_rate: 1e308 },
      { title: '\ud800 lone surrogate', description: '\u202e reversed' },
      { address: { line1: 'a'.repeat(10_000) } },
      { time_zone: 'Asia/Kolkata; DROP TABLE listings' },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({ method: 'PATCH', url: api(`parkings/${id}`), headers: { ...bearer(host.token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('a published listing stays complete', () => {
  it('refuses to remove every rate or the position of a live listing', async () => {
    const { id, calls } = await publishedListing(t.app);
    const before = await row(id);
    const res = await calls.patch(id, { hourly_rate: null, daily_rate: null, monthly_rate: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('rates');
    expect((await calls.patch(id, { lat: null, lng: null })).json().errors).toHaveProperty('position');
    expect(await row(id)).toEqual(before);
    expect((await calls.patch(id, { hourly_rate: 7000 })).json().result.hourly_rate).toBe(7000);
  });
});

describe('pause and resume', () => {
  it('moves a listing between active and paused only, and the public page says paused', async () => {
    const { id, host } = await publishedListing(t.app);
    const call = (action: string) => listingCalls(t.app, host.token).call('POST', `parkings/${id}/${action}`);
    expect((await call('resume')).statusCode).toBe(409);
    const paused = await call('pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().result.status).toBe('paused');
    expect((await call('pause')).statusCode).toBe(409);
    expect((await publicGet(id)).json().result).toMatchObject({ status: 'paused', available: false });
    const resumed = await call('resume');
    expect(resumed.json().result.status).toBe('active');
    expect((await publicGet(id)).json().result).toMatchObject({ status: 'active', available: true });
  });

  it('refuses to pause a draft', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const id: string = (await calls.create({ parking_type: 'street' })).json().result.id;
    const res = await calls.call('POST', `parkings/${id}/pause`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
  });
});

describe('GET parkings/:id (public)', () => {
  it('answers a live listing to anyone, with the host card and rounded position', async () => {
    const { id, host } = await publishedListing(t.app);
    await t.db.query(`UPDATE users SET id_verification_status = 'approved' WHERE id = $1`, [host.user.id]);
    const res = await publicGet(id);
    expect(res.statusCode).toBe(200);
    const l = res.json().result;
    expect(l).toMatchObject({
      id,
      status: 'active',
      parking_type: 'covered_lot',
      locality: 'Koramangala',
      city: 'Bengaluru',
      lat: 12.935,
      lng: 77.625,
      hourly_rate: 5000,
      rating: { average: null, count: 0 },
      is_own: false,
      host: { id: host.user.id, name: 'Test', verified: true, profile_image: null },
    });
    expect(l.photos).toHaveLength(1);
    expect(l.photos[0].url).toMatch(/^\/uploads\/listings\//);
    expect(new Date(l.host.member_since).toISOString()).toBe(l.host.member_since);
    for (const key of ['access_instructions', 'address', 'postal_code', 'address_line1', 'missing', 'units']) expect(l).not.toHaveProperty(key);
    expect((await publicGet(id, host.token)).json().result.is_own).toBe(true);
  });

  it('answers 404 for drafts, deleted, unknown and malformed ids', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const draft: string = (await calls.create(completeListing())).json().result.id;
    const { id: gone, calls: goneCalls } = await publishedListing(t.app);
    expect((await goneCalls.remove(gone)).statusCode).toBe(200);
    for (const id of [draft, gone, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1'; DROP TABLE listings; --"]) {
      const res = await publicGet(encodeURIComponent(id), host.token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Listing not found' });
    }
  });
});

describe('GET parkings/mine and GET parkings/:id/manage', () => {
  it("lists the host's own listings with cover, rates and upcoming bookings", async () => {
    const { id, host, calls } = await publishedListing(t.app);
    const draft: string = (await calls.create({ parking_type: 'carport' })).json().result.id;
    const deleted: string = (await calls.create({ parking_type: 'street' })).json().result.id;
    await calls.remove(deleted);
    const guest = await signUp(t.app);
    await insertBooking(t.db, { listingId: id, guestId: guest.user.id, start: hoursFromNow(24), end: hoursFromNow(26) });
    await insertBooking(t.db, { listingId: id, guestId: guest.user.id, start: hoursFromNow(-30), end: hoursFromNow(-28), status: 'completed' });
    await insertBooking(t.db, { listingId: id, guestId: guest.user.id, start: hoursFromNow(48), end: hoursFromNow(50), status: 'cancelled' });

    const res = await calls.mine();
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list.map((l: { id: string }) => l.id).sort()).toEqual([id, draft].sort());
    const live = list.find((l: { id: string }) => l.id === id);
    expect(live).toMatchObject({
      status: 'active',
      title: 'Covered basement spot near Forum Mall',
      parking_type: 'covered_lot',
      hourly_rate: 5000,
      daily_rate: 40000,
      currency: 'INR',
      capacity: 2,
      locality: 'Koramangala',
      city: 'Bengaluru',
      upcoming_bookings: 1,
      photo_count: 1,
      missing: {},
    });
    expect(live.cover_thumb_url).toMatch(/^\/uploads\/listings\/.+-th\.webp$/);
    expect(list.find((l: { id: string }) => l.id === draft)).toMatchObject({ status: 'draft', cover_thumb_url: null, upcoming_bookings: 0 });
    expect(Object.keys(list.find((l: { id: string }) => l.id === draft).missing)).toContain('photos');
    // another host sees none of these
    const other = await signUpHost(t.app);
    expect((await listingCalls(t.app, other.token).mine()).json().result).toEqual([]);
    expect(host.user.id).toBeTruthy();
  });

  it('answers everything to the owner and to admins, and 404 to anyone else', async () => {
    const { id, calls } = await publishedListing(t.app);
    const mine = await calls.manage(id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result).toMatchObject({ lat: 12.934567, access_instructions: expect.stringContaining('Gate code'), address: { line1: expect.any(String) } });
    expect(mine.json().result.units).toHaveLength(2);

    const other = await signUpHost(t.app);
    const res = await listingCalls(t.app, other.token).manage(id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Gate code');

    const admin = await signUp(t.app);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    expect((await listingCalls(t.app, admin.token).manage(id)).statusCode).toBe(200);
    expect((await listingCalls(t.app, admin.token).patch(id, { daily_rate: 41000 })).json().result.daily_rate).toBe(41000);
  });
});

describe("another host's listing", () => {
  it('cannot be read for managing, edited, published, paused or deleted: 404 and nothing changes', async () => {
    const { id } = await publishedListing(t.app);
    const before = await row(id);
    const intruder = listingCalls(t.app, (await signUpHost(t.app)).token);
    const attempts = [
      intruder.manage(id),
      intruder.patch(id, { title: 'Taken over listing', hourly_rate: 100 }),
      intruder.publish(id),
      intruder.call('POST', `parkings/${id}/pause`),
      intruder.call('POST', `parkings/${id}/resume`),
      intruder.remove(id),
      intruder.upload(id, await photoFixtures.jpeg()),
      intruder.call('GET', `parkings/${id}/units`),
      intruder.call('POST', `parkings/${id}/units`, { label: 'Mine now' }),
      intruder.call('GET', `parkings/${id}/blackouts`),
      intruder.call('POST', `parkings/${id}/blackouts`, { start: hoursFromNow(1).toISOString(), end: hoursFromNow(5).toISOString() }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Listing not found');
    }
    expect(await row(id)).toEqual(before);
    const counts = await t.db.query<{ photos: number; units: number; blackouts: number }>(
      `SELECT (SELECT count(*)::int FROM listing_photos WHERE listing_id = $1) AS photos,
              (SELECT count(*)::int FROM listing_units WHERE listing_id = $1) AS units,
              (SELECT count(*)::int FROM listing_blackouts WHERE listing_id = $1) AS blackouts`,
      [id],
    );
    expect(counts[0]).toEqual({ photos: 1, units: 2, blackouts: 0 });
  });
});

describe('DELETE parkings/:id', () => {
  it('deletes softly: the row stays, marked deleted, and disappears from every read', async () => {
    const { id, calls } = await publishedListing(t.app);
    const res = await calls.remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { id, status: 'deleted' } });
    const r = await row(id);
    expect(r.status).toBe('deleted');
    expect(r.deleted_at).not.toBeNull();
    expect((await calls.manage(id)).statusCode).toBe(404);
    expect((await calls.remove(id)).statusCode).toBe(404);
    expect((await calls.patch(id, { title: 'Back from the dead' })).statusCode).toBe(404);
  });

  it('is refused with 409 while a future booking holds a unit, and allowed once it is cancelled', async () => {
    const { id, calls } = await publishedListing(t.app);
    const guest = await signUp(t.app);
    const bookingId = await insertBooking(t.db, { listingId: id, guestId: guest.user.id, start: hoursFromNow(72), end: hoursFromNow(75) });
    const res = await calls.remove(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This listing has 1 upcoming booking. Cancel them or wait until they have ended before deleting it.' });
    expect((await row(id)).status).toBe('active');

    await t.db.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [bookingId]);
    await insertBooking(t.db, { listingId: id, guestId: guest.user.id, start: hoursFromNow(-10), end: hoursFromNow(-8), status: 'confirmed' });
    expect((await calls.remove(id)).statusCode).toBe(200);
  });
});

describe('capacity and units', () => {
  it('keeps units in step with the capacity, and will not drop a booked unit', async () => {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const id: string = (await calls.create(completeListing({ capacity: 2 }))).json().result.id;
    const grown = await calls.patch(id, { capacity: 4 });
    expect(grown.json().result.units.map((u: { label: string }) => u.label)).toEqual(['Space 1', 'Space 2', 'Space 3', 'Space 4']);

    const guest = await signUp(t.app);
    const units = grown.json().result.units as { id: string; label: string }[];
    for (const u of units.slice(1)) {
      await insertBooking(t.db, { listingId: id, guestId: guest.user.id, unitId: u.id, start: hoursFromNow(5), end: hoursFromNow(6) });
    }
    const refused = await calls.patch(id, { capacity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.capacity).toMatch(/down to 3/);
    expect((await calls.manage(id)).json().result.capacity).toBe(4);

    const shrunk = await calls.patch(id, { capacity: 3 });
    expect(shrunk.statusCode).toBe(200);
    expect(shrunk.json().result.units.map((u: { label: string }) => u.label)).toEqual(['Space 2', 'Space 3', 'Space 4']);
    expect(shrunk.json().result.capacity).toBe(3);
    // a freed number is used again
    expect((await calls.patch(id, { capacity: 4 })).json().result.units.map((u: { label: string }) => u.label)).toContain('Space 1');
  });
});
