/**
 * What a gate pass covers (decision 044), through HTTP as the driver, the host and the gate use it: a stay with
 * more time is one pass to its last paid extension's end, under one code, and checks in and out at any point of
 * it; a monthly pass whose renewal is being tried again still gets in until its last try, and not once it lapsed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, bearer, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import type { ChargeRequest, PaymentProvider } from '../payments/provider';
import { simulatedProvider } from '../payments/simulated-provider';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { runRenewals } from '../bookings/monthly-renewals';
import { CARDS, createAppWithProvider, newGuest, window } from '../bookings/testing';
import { verifyPass } from './pass-keys';
import { createPublicKey } from 'node:crypto';

/** The simulated provider, its renewals (off-session charges) refused on demand. */
const sim = simulatedProvider();
const ctl = { refuseRenewals: 0, needDriver: 0 };
const provider: PaymentProvider = {
  ...sim,
  async charge(req: ChargeRequest) {
    if (req.offSession && ctl.needDriver > 0) {
      ctl.needDriver -= 1;
      return { ok: false, code: 'payer_required' };
    }
    if (req.offSession && ctl.refuseRenewals > 0) {
      ctl.refuseRenewals -= 1;
      return { ok: false, code: 'insufficient_funds' };
    }
    return sim.charge(req);
  },
};

let t: TestContext;
beforeAll(async () => {
  t = await createAppWithProvider(provider);
}, 180_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const HOUR = 3600_000;
const plus = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();
const call = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: bearer(token), ...(payload && { payload }) });

type Pass = { booking_id: string; code: string; qr_payload: string; valid_from: string; valid_to: string; plate: string | null; checked_in_at: string | null };

async function passOf(token: string, id: string) {
  const res = await call(token, 'GET', `bookings/${id}/pass`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Pass;
}

/** The clock at `iso`: the gate's checks read it (and PGlite's now() follows it; PostgreSQL's keeps the real time). */
const clockAt = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(iso) });

/**
 * The host at the gate months from now: the clock at `iso` and a session opened then (a session opened today
 * has run out by then on PGlite, whose clock is the one moved).
 */
async function hostAt(host: { user: { email: string }; password: string }, iso: string) {
  clockAt(iso);
  const login = await t.app.inject({ method: 'POST', url: api('login'), payload: { email: host.user.email, password: host.password } });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().token as string;
}

describe('a stay with more time: one pass to the last paid extension’s end', () => {
  /** A paid stay of two hours `fromNowH` hours ahead by a driver with a car, on a one-unit listing. */
  async function paidStay(fromNowH: number) {
    const listing = await publishedListing(t.app, { capacity: 1 });
    const guest = await newGuest(t.app);
    const vehicle = (await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'KA 05 MN 4321' })).json().result;
    const w = window(fromNowH, 2);
    const made = await guest.calls.book({ parking_id: listing.id, ...w, vehicle_id: vehicle.id });
    expect(made.statusCode, made.body).toBe(201);
    expect((await guest.calls.pay(made.json().result.id)).json().result.status).toBe('confirmed');
    return { listing, guest, stay: { id: made.json().result.id as string, ...w } };
  }

  /** More time after `after` (a booking of the stay ending at `start`), paid unless told. */
  async function extend(s: Awaited<ReturnType<typeof paidStay>>, after: { id: string; end: string }, hours: number, pay = true) {
    const made = await s.guest.calls.book({ parking_id: s.listing.id, start: after.end, end: plus(after.end, hours), extends_booking_id: after.id });
    expect(made.statusCode, made.body).toBe(201);
    if (pay) expect((await s.guest.calls.pay(made.json().result.id)).json().result.status).toBe('confirmed');
    return { id: made.json().result.id as string, start: after.end, end: plus(after.end, hours) };
  }

  it('shows the stay’s pass on the stay and on each extension: the same code, valid to the last paid end; a held extension does not count', async () => {
    const s = await paidStay(6);
    const first = await extend(s, s.stay, 1);
    const second = await extend(s, first, 1);
    // held, not paid: not part of the stay yet
    const third = await extend(s, second, 1, false);

    const pass = await passOf(s.guest.token, s.stay.id);
    expect(Date.parse(pass.valid_from)).toBe(Date.parse(s.stay.start));
    expect(Date.parse(pass.valid_to)).toBe(Date.parse(second.end));
    expect(pass.plate).toBe('KA 05 MN 4321');
    for (const id of [first.id, second.id]) {
      const same = await passOf(s.guest.token, id);
      expect(same).toMatchObject({ booking_id: id, code: pass.code, valid_from: pass.valid_from, valid_to: pass.valid_to });
    }
    expect((await passOf(s.listing.host.token, second.id)).code).toBe(pass.code);
    // the held one has no pass of its own
    expect((await call(s.guest.token, 'GET', `bookings/${third.id}/pass`)).statusCode).toBe(409);

    // the QR code says so too, signed, for a gate screen with no network
    const jwk = (await t.app.inject({ url: api('gate-pass-key') })).json().result.jwk;
    const claims = verifyPass({ publicKey: createPublicKey({ key: jwk, format: 'jwk' }) }, pass.qr_payload);
    expect(claims).toMatchObject({ b: s.stay.id, c: pass.code, f: pass.valid_from, t: pass.valid_to });

    // the guard's look-up by plate finds the stay once, with its whole window
    const found = (await call(s.listing.host.token, 'GET', 'host/gate-passes?q=KA05MN4321')).json().result;
    expect(found).toEqual([expect.objectContaining({ booking_id: s.stay.id, code: pass.code, valid_to: pass.valid_to })]);
  });

  it('checks in during the extra time with the stay’s code, refuses it at the last end, and checks out there', async () => {
    const s = await paidStay(3);
    const more = await extend(s, s.stay, 1);
    const { code } = await passOf(s.guest.token, s.stay.id);

    // before, the first booking's end turned the driver away here
    clockAt(plus(s.stay.end, 0.5));
    const late = await call(s.listing.host.token, 'POST', 'host/check-in', { code });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().result.booking_id).toBe(s.stay.id);
    vi.useRealTimers();
    // the driver's pass on the extension's page says they are in
    expect((await passOf(s.guest.token, more.id)).checked_in_at).not.toBeNull();

    clockAt(plus(more.end, 0.25));
    const out = await call(s.listing.host.token, 'POST', 'host/check-out', { code });
    expect(out.statusCode, out.body).toBe(200);
    expect(Date.parse(out.json().result.checked_out_at)).toBe(Date.parse(more.end) + 0.25 * HOUR);
    vi.useRealTimers();

    // another stay: arriving once all of it has ended is refused, with the stay's end
    const o = await paidStay(9);
    const oMore = await extend(o, o.stay, 1);
    const other = await passOf(o.guest.token, o.stay.id);
    clockAt(oMore.end);
    const ended = await call(o.listing.host.token, 'POST', 'host/check-in', { code: other.code });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toMatch(/^This pass ended at .*: it cannot be checked in\.$/);
  });

  it('runs on once the first booking has completed at its own end, while its extension runs', async () => {
    const s = await paidStay(12);
    const more = await extend(s, s.stay, 2);
    const { code } = await passOf(s.guest.token, s.stay.id);
    // test setup, as the clock would have it: the first booking ended an hour ago, its extension runs another hour
    const shift = Math.ceil((Date.parse(more.start) - Date.now() + HOUR) / 60_000) * 60_000;
    await t.db.query(`UPDATE bookings SET during = tstzrange(lower(during) - $2::bigint * interval '1 millisecond', upper(during) - $2::bigint * interval '1 millisecond') WHERE id = ANY($1::uuid[])`, [
      [s.stay.id, more.id],
      shift,
    ]);
    await runBookingJobs(bookingDeps(t.app));
    expect((await s.guest.calls.get(s.stay.id)).json().result.status).toBe('completed');
    expect((await s.guest.calls.get(more.id)).json().result.status).toBe('confirmed');

    const pass = await passOf(s.guest.token, s.stay.id);
    // under the first booking's own id: the driver's device keeps it under that page's address for the gate offline (decision 046)
    expect(pass).toMatchObject({ booking_id: s.stay.id, code });
    expect(Date.parse(pass.valid_to)).toBe(Date.parse(more.end) - shift);
    const inside = await call(s.listing.host.token, 'POST', 'host/check-in', { code });
    expect(inside.statusCode, inside.body).toBe(200);
    const out = await call(s.listing.host.token, 'POST', 'host/check-out', { code });
    expect(out.statusCode, out.body).toBe(200);

    // the history of the stay's first booking has both, by the host
    const events = (await s.guest.calls.get(s.stay.id)).json().result.events as { event: string; by: string }[];
    expect(events.slice(-2).map((e) => [e.event, e.by])).toEqual([
      ['check_in', 'host'],
      ['check_out', 'host'],
    ]);
  });

  it('a stay whose extension is for another vehicle: every plate of the stay, on the pass, its QR code, the look-up and the check-in (decision 046)', async () => {
    const s = await paidStay(18);
    const van = (await s.guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'KA 05 XY 9876' })).json().result;
    const made = await s.guest.calls.book({ parking_id: s.listing.id, start: s.stay.end, end: plus(s.stay.end, 1), extends_booking_id: s.stay.id, vehicle_id: van.id });
    expect(made.statusCode, made.body).toBe(201);
    const more = made.json().result as { id: string; end: string; vehicle: { plate: string } };
    expect(more.vehicle.plate).toBe('KA 05 XY 9876');
    expect((await s.guest.calls.pay(more.id)).json().result.status).toBe('confirmed');

    // the same pass on both pages, both plates in the order they run; the signed QR code says the same
    const both = 'KA 05 MN 4321 / KA 05 XY 9876';
    const pass = await passOf(s.guest.token, s.stay.id);
    expect(pass.plate).toBe(both);
    expect((await passOf(s.guest.token, more.id)).plate).toBe(both);
    const jwk = (await t.app.inject({ url: api('gate-pass-key') })).json().result.jwk;
    expect(verifyPass({ publicKey: createPublicKey({ key: jwk, format: 'jwk' }) }, pass.qr_payload)).toMatchObject({ p: both, c: pass.code });

    // the guard finds the stay by either plate, once, showing both
    for (const q of ['KA05MN4321', 'KA05XY9876']) {
      const found = (await call(s.listing.host.token, 'GET', `host/gate-passes?q=${q}`)).json().result;
      expect(found).toEqual([expect.objectContaining({ booking_id: s.stay.id, code: pass.code, plate: both })]);
    }
    // and the check-in by the code answers them too
    clockAt(plus(s.stay.end, 0.5));
    const inside = await call(s.listing.host.token, 'POST', 'host/check-in', { code: pass.code });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().result).toMatchObject({ booking_id: s.stay.id, plate: both });
    vi.useRealTimers();

    // a plate corrected on the driver's vehicle since shows as it is now; a stay of one vehicle shows one plate
    const fixed = await s.guest.calls.call('PATCH', `vehicles/${van.id}`, { plate: 'KA 05 XY 9877' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await passOf(s.guest.token, more.id)).plate).toBe('KA 05 MN 4321 / KA 05 XY 9877');
    const one = await paidStay(21);
    await extend(one, one.stay, 1);
    expect((await passOf(one.guest.token, one.stay.id)).plate).toBe('KA 05 MN 4321');
  });

  it('an extension cancelled before it starts drops out of the pass', async () => {
    const s = await paidStay(15);
    const more = await extend(s, s.stay, 1);
    expect(Date.parse((await passOf(s.guest.token, s.stay.id)).valid_to)).toBe(Date.parse(more.end));
    const cancelled = await s.guest.calls.cancel(more.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(Date.parse((await passOf(s.guest.token, s.stay.id)).valid_to)).toBe(Date.parse(s.stay.end));
    const gone = await call(s.guest.token, 'GET', `bookings/${more.id}/pass`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toMatch(/the booking is cancelled/);
  });
});

describe('a monthly pass while its renewal is tried again', () => {
  const deps = () => bookingDeps(t.app);
  const START = '2027-01-31T09:00:00+05:30';
  const RENEWS = '2027-02-28T09:00:00+05:30';

  /** A new driver's paid pass from 31 Jan 2027 on a one-unit listing; its first renewal is tried on 27 Feb. */
  async function paidPass() {
    const listing = await publishedListing(t.app, { capacity: 1 });
    const guest = await newGuest(t.app);
    const created = await guest.calls.book({ parking_id: listing.id, start: START, plan: 'monthly' });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await guest.calls.pay(created.json().result.id, { card: CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    return { listing, guest, id: paid.json().result.id as string };
  }

  /** One run of the renewal job for this pass at `iso`, the card refused or not. */
  async function renewAt(id: string, iso: string, refused: boolean) {
    ctl.refuseRenewals = refused ? 1 : 0;
    const done = await runRenewals(deps(), new Date(iso), { bookingId: id });
    ctl.refuseRenewals = 0;
    return done;
  }

  it('gets in after the paid month’s end while the card is tried again (the pass says until when), and rolls on once it is paid', async () => {
    const p = await paidPass();
    expect((await passOf(p.guest.token, p.id)).valid_to).toBe(RENEWS);
    expect(await renewAt(p.id, '2027-02-27T09:00:00+05:30', true)).toMatchObject({ failed: 1 });

    // valid until the last try, two days after the month it could not pay for began
    const pass = await passOf(p.guest.token, p.id);
    expect(pass.valid_to).toBe('2027-03-02T09:00:00+05:30');
    expect((await passOf(p.listing.host.token, p.id)).valid_to).toBe(pass.valid_to);

    const guard = await hostAt(p.listing.host, '2027-02-28T18:30:00+05:30');
    const inside = await call(guard, 'POST', 'host/check-in', { code: pass.code });
    expect(inside.statusCode, inside.body).toBe(200);
    vi.useRealTimers();

    expect(await renewAt(p.id, RENEWS, false)).toMatchObject({ renewed: 1 });
    expect((await passOf(p.guest.token, p.id)).valid_to).toBe('2027-03-31T09:00:00+05:30');
  });

  it('a renewal waiting on its driver keeps the pass until its last try too (decision 042)', async () => {
    const p = await paidPass();
    ctl.needDriver = 1;
    expect(await runRenewals(deps(), new Date('2027-02-27T09:00:00+05:30'), { bookingId: p.id })).toMatchObject({ action_required: 1 });
    const pass = await passOf(p.guest.token, p.id);
    expect(pass.valid_to).toBe('2027-03-02T09:00:00+05:30');
    const guard = await hostAt(p.listing.host, '2027-02-28T18:30:00+05:30');
    expect((await call(guard, 'POST', 'host/check-in', { code: pass.code })).statusCode).toBe(200);
  });

  it('is refused once the pass has lapsed: its end is the paid month’s end again', async () => {
    const p = await paidPass();
    const { code } = await passOf(p.guest.token, p.id);
    expect(await renewAt(p.id, '2027-02-27T09:00:00+05:30', true)).toMatchObject({ failed: 1 });
    expect(await renewAt(p.id, RENEWS, true)).toMatchObject({ failed: 1 });
    expect((await passOf(p.guest.token, p.id)).valid_to).toBe('2027-03-02T09:00:00+05:30');
    expect(await renewAt(p.id, '2027-03-02T09:00:00+05:30', true)).toMatchObject({ lapsed: 1 });

    expect((await passOf(p.guest.token, p.id)).valid_to).toBe(RENEWS);
    const guard = await hostAt(p.listing.host, '2027-03-02T10:00:00+05:30');
    const refused = await call(guard, 'POST', 'host/check-in', { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This pass ended at .*28 Feb.*: it cannot be checked in\.$/);
  });
});
