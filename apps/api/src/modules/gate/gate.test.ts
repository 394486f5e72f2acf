import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@parkly/shared/constants';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { bookingCalls, newGuest, window } from '../bookings/testing';
import { PASS_KEY_FILE, verifyPass } from './pass-keys';

// The gate pass (decision 034): the pass for the driver and the host, its signature, the gate's check-in and
// check-out as events of the booking process with their window, and gate accounts' permissions.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: bearer(token), ...(payload && { payload }) });

/** A confirmed booking of a new listing by a new driver with a vehicle; answers all three. */
async function confirmedBooking(w = window(24, 2), listing?: Awaited<ReturnType<typeof publishedListing>>) {
  const l = listing ?? (await publishedListing(t.app));
  const guest = await newGuest(t.app);
  const vehicle = await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'KA 01 AB 1234' });
  const created = await guest.calls.book({ parking_id: l.id, ...w, vehicle_id: vehicle.json().result.id });
  expect(created.statusCode, created.body).toBe(201);
  const paid = await guest.calls.pay(created.json().result.id);
  expect(paid.json().result.status).toBe('confirmed');
  return { listing: l, guest, booking: paid.json().result as { id: string }, w };
}

async function passOf(token: string, id: string) {
  const res = await call(token, 'GET', `bookings/${id}/pass`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { code: string; qr_payload: string; plate: string; valid_from: string; valid_to: string; listing_title: string; unit_label: string };
}

async function publicKey() {
  const res = await t.app.inject({ url: api('gate-pass-key') });
  expect(res.statusCode).toBe(200);
  const { jwk, alg } = res.json().result;
  expect(alg).toBe('ES256');
  return createPublicKey({ key: jwk, format: 'jwk' });
}

describe('GET bookings/:id/pass', () => {
  it('gives the driver and the host the same pass: a code a guard can type, the plate, the window, the space', async () => {
    const { listing, guest, booking, w } = await confirmedBooking();
    const pass = await passOf(guest.token, booking.id);
    expect(pass.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(pass).toMatchObject({ plate: 'KA 01 AB 1234', listing_title: expect.any(String), unit_label: expect.any(String) });
    expect(Date.parse(pass.valid_from)).toBe(Date.parse(w.start));
    expect(Date.parse(pass.valid_to)).toBe(Date.parse(w.end));
    // on the listing's clock
    expect(pass.valid_from).toMatch(/\+05:30$/);
    const again = await passOf(listing.host.token, booking.id);
    expect(again.code).toBe(pass.code);
  });

  it('signs the QR payload: it verifies with the served public key, and not once a byte is changed', async () => {
    const { guest, booking } = await confirmedBooking();
    const pass = await passOf(guest.token, booking.id);
    const key = await publicKey();
    const claims = verifyPass({ publicKey: key }, pass.qr_payload);
    expect(claims).toMatchObject({ b: booking.id, c: pass.code, p: 'KA 01 AB 1234', f: pass.valid_from, t: pass.valid_to });
    const [prefix, body, sig] = pass.qr_payload.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, t: '2099-01-01T00:00:00+05:30' })).toString('base64url');
    expect(verifyPass({ publicKey: key }, `${prefix}.${forged}.${sig}`)).toBeNull();
    const flipped = sig!.slice(0, 10) + (sig![10] === 'A' ? 'B' : 'A') + sig!.slice(11);
    expect(verifyPass({ publicKey: key }, `${prefix}.${body}.${flipped}`)).toBeNull();
    expect(verifyPass({ publicKey: key }, 'not a pass')).toBeNull();
  });

  it("answers 404 for someone else's booking (and an id that is not one), 401 without a session", async () => {
    const { booking } = await confirmedBooking();
    const stranger = await signUp(t.app);
    expect((await call(stranger.token, 'GET', `bookings/${booking.id}/pass`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', 'bookings/nope/pass')).statusCode).toBe(404);
    expect((await t.app.inject({ url: api(`bookings/${booking.id}/pass`) })).statusCode).toBe(401);
  });

  it('answers 409 with a clear message for a booking not confirmed', async () => {
    const listing = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const hold = (await guest.calls.book({ parking_id: listing.id, ...window(24, 2) })).json().result;
    const res = await call(guest.token, 'GET', `bookings/${hold.id}/pass`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/confirmed booking: the booking is awaiting payment/);
  });
});

describe('the signing key', () => {
  it('is generated once into DATA_DIR (mode 0600) and kept; GATE_PASS_PRIVATE_KEY replaces it', async () => {
    const served = (await t.app.inject({ url: api('gate-pass-key') })).json().result.jwk;
    const file = join(t.dataDir, PASS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createPublicKey(readFileSync(file, 'utf8')).export({ format: 'jwk' })).toMatchObject({ x: served.x, y: served.y });

    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const other = await createTestApp({ GATE_PASS_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    try {
      const jwk = (await other.app.inject({ url: api('gate-pass-key') })).json().result.jwk;
      expect(createPublicKey(pem).export({ format: 'jwk' })).toMatchObject({ x: jwk.x, y: jwk.y });
      expect(existsSync(join(other.dataDir, PASS_KEY_FILE))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('POST host/check-in and host/check-out', () => {
  it('opens 15 minutes before the start (not 16), refuses a second check-in, checks out once, and says so in the history', async () => {
    const { listing, guest, booking, w } = await confirmedBooking(window(3, 2));
    const { code } = await passOf(guest.token, booking.id);
    const start = Date.parse(w.start);
    vi.useFakeTimers({ toFake: ['Date'], now: start - 16 * 60_000 });
    const early = await call(listing.host.token, 'POST', 'host/check-in', { code });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Too early: this pass is valid from .*Check-in opens 15 minutes before\.$/);

    vi.setSystemTime(start - 15 * 60_000);
    // typed as a guard might: lower case, with a space
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const inside = await call(listing.host.token, 'POST', 'host/check-in', { code: typed });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().result).toMatchObject({ booking_id: booking.id, guest_name: guest.user.name.split(' ')[0], plate: 'KA 01 AB 1234', checked_out_at: null });
    expect(Date.parse(inside.json().result.checked_in_at)).toBe(start - 15 * 60_000);

    const twice = await call(listing.host.token, 'POST', 'host/check-in', { code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^Already checked in at /);

    vi.setSystemTime(start + 60 * 60_000);
    const out = await call(listing.host.token, 'POST', 'host/check-out', { code });
    expect(out.statusCode).toBe(200);
    expect(Date.parse(out.json().result.checked_out_at)).toBe(start + 60 * 60_000);
    const outAgain = await call(listing.host.token, 'POST', 'host/check-out', { code });
    expect(outAgain.statusCode).toBe(409);
    expect(outAgain.json().message).toMatch(/^Already checked out at /);
    vi.useRealTimers();

    // the status stays; the history has both, by the host, and the driver was told
    const view = (await bookingCalls(t.app, guest.token).get(booking.id)).json().result;
    expect(view.status).toBe('confirmed');
    expect(view.events.slice(-2).map((e: { event: string; by: string; from: string; to: string }) => [e.event, e.by, e.from, e.to])).toEqual([
      ['check_in', 'host', 'confirmed', 'confirmed'],
      ['check_out', 'host', 'confirmed', 'confirmed'],
    ]);
    const notices = (await call(guest.token, 'GET', 'get-notification')).json().notification as { title: string }[];
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Checked in', 'Checked out']));
  });

  it('refuses a check-in at or after the end, and a check-out before the check-in', async () => {
    const { listing, guest, booking, w } = await confirmedBooking(window(5, 1));
    const { code } = await passOf(guest.token, booking.id);
    const notIn = await call(listing.host.token, 'POST', 'host/check-out', { code });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().message).toBe('This pass is not checked in yet: check it in first.');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(w.end) });
    const late = await call(listing.host.token, 'POST', 'host/check-in', { code });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This pass ended at .*: it cannot be checked in\.$/);
    vi.setSystemTime(Date.parse(w.end) - 1000);
    expect((await call(listing.host.token, 'POST', 'host/check-in', { code })).statusCode).toBe(200);
  });

  it('keeps the time of an action queued offline, within 12 hours and not ahead', async () => {
    const { listing, guest, booking, w } = await confirmedBooking(window(1, 3));
    const { code } = await passOf(guest.token, booking.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(w.start) + 30 * 60_000 });
    const at = new Date(Date.parse(w.start) + 5 * 60_000).toISOString();
    const ahead = await call(listing.host.token, 'POST', 'host/check-in', { code, at: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect(ahead.statusCode).toBe(400);
    const stale = await call(listing.host.token, 'POST', 'host/check-in', { code, at: new Date(Date.now() - 13 * 3600_000).toISOString() });
    expect(stale.statusCode).toBe(422);
    const queued = await call(listing.host.token, 'POST', 'host/check-in', { code, at });
    expect(queued.statusCode).toBe(200);
    expect(Date.parse(queued.json().result.checked_in_at)).toBe(Date.parse(at));
  });

  it("answers 404 for another host's pass, an unknown code, and a driver; 400 for a malformed code", async () => {
    const { guest, booking } = await confirmedBooking();
    const { code } = await passOf(guest.token, booking.id);
    const other = await publishedListing(t.app);
    const res = await call(other.host.token, 'POST', 'host/check-in', { code });
    expect(res.statusCode).toBe(404);
    expect((await call(guest.token, 'POST', 'host/check-in', { code })).statusCode).toBe(404);
    expect((await call(other.host.token, 'POST', 'host/check-in', { code: 'ZZZZZ2' })).statusCode).toBe(404);
    const bad = await call(other.host.token, 'POST', 'host/check-in', { code: 'O1IL00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toMatch(/without 0, O, 1, I or L/);
  });

  it('finds a pass around now by code or plate for the guard, and only the host’s own', async () => {
    const { listing, guest, booking } = await confirmedBooking(window(1, 2));
    const { code } = await passOf(guest.token, booking.id);
    const byPlate = await call(listing.host.token, 'GET', 'host/gate-passes?q=ka01ab%201234');
    expect(byPlate.statusCode).toBe(200);
    expect(byPlate.json().result).toEqual([expect.objectContaining({ booking_id: booking.id, code, plate: 'KA 01 AB 1234' })]);
    const byCode = await call(listing.host.token, 'GET', `host/gate-passes?q=${code}`);
    expect(byCode.json().result).toHaveLength(1);
    const other = await publishedListing(t.app);
    expect((await call(other.host.token, 'GET', `host/gate-passes?q=${code}`)).json().result).toEqual([]);
  });
});

describe('gate accounts', () => {
  async function gateFor(host: { token: string }) {
    const email = `gate-${randomUUID().slice(0, 8)}@example.com`;
    const made = await call(host.token, 'POST', 'host/gate-accounts', { name: 'North gate', email, password: 'gate passphrase 42' });
    expect(made.statusCode, made.body).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: api('login'), payload: { email, password: 'gate passphrase 42' } });
    expect(login.statusCode).toBe(200);
    return { id: made.json().result.id as string, token: login.json().token as string, profile: login.json().result };
  }

  it('a host makes one; it checks in and out that host’s passes, recorded as the gate’s', async () => {
    const { listing, guest, booking, w } = await confirmedBooking(window(1, 2));
    const { code } = await passOf(guest.token, booking.id);
    const gate = await gateFor(listing.host);
    expect(gate.profile).toMatchObject({ name: 'North gate', host_user: 0, gate_for: listing.host.user.id });
    expect((await call(listing.host.token, 'GET', 'host/gate-accounts')).json().result).toEqual([expect.objectContaining({ id: gate.id, name: 'North gate' })]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(w.start) + 2 * 60_000 });
    const checked = await call(gate.token, 'POST', 'host/check-in', { code });
    expect(checked.statusCode, checked.body).toBe(200);
    vi.useRealTimers();
    const view = (await bookingCalls(t.app, listing.host.token).get(booking.id)).json().result;
    expect(view.events.at(-1)).toMatchObject({ event: 'check_in', by: 'gate' });
    expect((await call(gate.token, 'GET', `host/gate-passes?q=${code}`)).statusCode).toBe(200);
  });

  it("another host's gate account gets a 404 for the pass", async () => {
    const { guest, booking } = await confirmedBooking(window(1, 2));
    const { code } = await passOf(guest.token, booking.id);
    const other = await publishedListing(t.app);
    const gate = await gateFor(other.host);
    expect((await call(gate.token, 'POST', 'host/check-in', { code })).statusCode).toBe(404);
    expect((await call(gate.token, 'GET', `host/gate-passes?q=${code}`)).json().result).toEqual([]);
  });

  it('a gate account can do nothing else: every route behind a session but its own answers 403', async () => {
    const listing = await publishedListing(t.app);
    const gate = await gateFor(listing.host);
    const allowed = ['GET /get_profile', 'GET /logout', 'POST /host/check-in', 'POST /host/check-out', 'GET /host/gate-passes'];
    const doc = (await t.app.inject({ url: api('openapi.json') })).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m) && (op.security?.length ?? 0) > 0)
        .map(([m]) => ({ method: m.toUpperCase() as 'GET', path: path.slice(API_BASE.length), url: path.replace(/\{[^}]+\}/g, randomUUID()) })),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) {
      if (allowed.includes(`${r.method} ${r.path}`) || r.path.startsWith('/admin/')) continue;
      const res = await t.app.inject({ method: r.method, url: r.url, headers: bearer(gate.token), ...(r.method !== 'GET' && r.method !== 'DELETE' && { payload: {} }) });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
    }
    // the console too (not an admin)
    expect((await call(gate.token, 'GET', 'admin/dashboard')).statusCode).toBe(403);
    // and it cannot make gate accounts of its own
    expect((await call(gate.token, 'POST', 'host/gate-accounts', { name: 'x', email: 'x@example.com', password: 'gate passphrase 42' })).statusCode).toBe(403);
  });

  it('only a host makes them; an e-mail in use is refused; the host removes one and its session ends', async () => {
    const driver = await signUp(t.app);
    const refused = await call(driver.token, 'POST', 'host/gate-accounts', { name: 'Gate', email: 'g@example.com', password: 'gate passphrase 42' });
    expect(refused.statusCode).toBe(403);
    const listing = await publishedListing(t.app);
    const taken = await call(listing.host.token, 'POST', 'host/gate-accounts', { name: 'Gate', email: driver.user.email, password: 'gate passphrase 42' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toMatch(/already exists/);
    const gate = await gateFor(listing.host);
    const stranger = await publishedListing(t.app);
    expect((await call(stranger.host.token, 'DELETE', `host/gate-accounts/${gate.id}`)).statusCode).toBe(404);
    const removed = await call(listing.host.token, 'DELETE', `host/gate-accounts/${gate.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(gate.token, 'GET', 'get_profile')).statusCode).toBe(401);
    expect((await call(listing.host.token, 'GET', 'host/gate-accounts')).json().result).toEqual([]);
  });
});
