import sharp from 'sharp';
import type { App } from '../../app';
import type { Database } from '../../db/database';
import { api, bearer, multipartFile, signUp } from '../../../test/helper';

/** Private strings a test can search every public answer for. */
export const SECRET = {
  line1: '42, Secret Lane 7th Cross',
  postalCode: '560034',
  access: 'Gate code 4711, then bay B-12 behind the blue door',
};

/** A listing body with everything publishing needs except a photo. */
export function completeListing(over: Record<string, unknown> = {}) {
  return {
    title: 'Covered basement spot near Forum Mall',
    description: 'A covered basement bay with CCTV and a guard at the gate, five minutes from Forum Mall.',
    parking_type: 'covered_lot',
    vehicle_types: ['hatchback', 'sedan', 'suv'],
    amenities: ['covered', 'cctv', 'security_guard'],
    address: { line1: SECRET.line1, locality: 'Koramangala', city: 'Bengaluru', state: 'Karnataka', postal_code: SECRET.postalCode, country: 'IN' },
    lat: 12.934567,
    lng: 77.624891,
    capacity: 2,
    hourly_rate: 5000,
    daily_rate: 40000,
    weekly_rate: null,
    monthly_rate: 450000,
    instant_book: true,
    cancellation_policy: 'moderate',
    access_instructions: SECRET.access,
    ...over,
  };
}

export const photoFixtures = {
  jpeg: (width = 640, height = 480, background = '#3a7') =>
    sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer(),
};

/** A signed-up user who became a host. */
export async function signUpHost(app: App) {
  const user = await signUp(app);
  const res = await app.inject({ method: 'POST', url: api('become-host'), headers: bearer(user.token) });
  if (res.statusCode !== 200) throw new Error(`become-host failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Calls on listings as one user, answering the raw inject response. */
export function listingCalls(app: App, token: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({ method, url: api(path), headers: bearer(token), ...(payload !== undefined && { payload: payload as object }) });
  return {
    call,
    create: (body: unknown = {}) => call('POST', 'parkings', body),
    patch: (id: string, body: unknown) => call('PATCH', `parkings/${id}`, body),
    manage: (id: string) => call('GET', `parkings/${id}/manage`),
    publish: (id: string) => call('POST', `parkings/${id}/publish`),
    remove: (id: string) => call('DELETE', `parkings/${id}`),
    mine: () => call('GET', 'parkings/mine'),
    upload: (id: string, content: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => {
      const form = multipartFile(content, filename, type);
      return app.inject({ method: 'POST', url: api(`parkings/${id}/photos`), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    },
  };
}

/** A complete, published listing of a new host; answers its id and the host. */
export async function publishedListing(app: App, over: Record<string, unknown> = {}) {
  const host = await signUpHost(app);
  const calls = listingCalls(app, host.token);
  const id: string = (await calls.create(completeListing(over))).json().result.id;
  const photo = await calls.upload(id, await photoFixtures.jpeg());
  if (photo.statusCode !== 200) throw new Error(`photo upload failed: ${photo.statusCode} ${photo.body}`);
  const res = await calls.publish(id);
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  return { id, host, calls };
}

/** Writes a booking row directly, as the bookings module will; answers its id. */
export async function insertBooking(
  db: Database,
  b: { listingId: string; guestId: string; start: Date; end: Date; status?: string; unitId?: string },
) {
  const unitId =
    b.unitId ??
    (await db.query<{ id: string }>(`SELECT id FROM listing_units WHERE listing_id = $1 AND removed_at IS NULL ORDER BY created_at LIMIT 1`, [b.listingId]))[0]!.id;
  const rows = await db.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, subtotal, total)
     VALUES ($1, $2, $3, tstzrange($4::timestamptz, $5::timestamptz), $6, 10000, 10500) RETURNING id`,
    [b.listingId, unitId, b.guestId, b.start.toISOString(), b.end.toISOString(), b.status ?? 'confirmed'],
  );
  return rows[0]!.id;
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000);
