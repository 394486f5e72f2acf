/**
 * Monthly passes (issue 20, decision 037), through HTTP as their driver and host use them, with the renewal job
 * run at times the test chooses: create, pay, notice, renewals across month ends, failed renewals and their
 * retries, the end after the last failure, concurrent renewal runs, and the unit seen taken from the pass's
 * start on by quotes, busy periods and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, signUp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import type { ChargeRequest, PaymentProvider } from '../payments/provider';
import { simulatedProvider } from '../payments/simulated-provider';
import { bookingDeps } from './bookings.routes';
import { runRenewals } from './monthly-renewals';
import { CARDS, createAppWithProvider, newGuest } from './testing';

/** The simulated provider, with renewals (off-session charges) counted and refused on demand. */
const sim = simulatedProvider();
const ctl = { refuseRenewals: 0, renewalCharges: 0 };
const provider: PaymentProvider = {
  ...sim,
  async charge(req: ChargeRequest) {
    if (req.offSession) {
      ctl.renewalCharges += 1;
      // a little time with the provider, so two runs at once overlap
      await new Promise((r) => setTimeout(r, 20));
      if (ctl.refuseRenewals > 0) {
        ctl.refuseRenewals -= 1;
        return { ok: false, code: 'insufficient_funds' };
      }
    }
    return sim.charge(req);
  },
};

let t: TestContext;
beforeAll(async () => {
  t = await createAppWithProvider(provider);
}, 180_000);
afterAll(() => t?.close());

const deps = () => bookingDeps(t.app);
const JAN31 = '2027-01-31T09:00:00+05:30';
/** A day before the second period begins (28 Feb, 9:00 IST), and after. */
const at = (iso: string) => new Date(iso);

type Pass = {
  id: string;
  status: string;
  plan: string;
  end: string;
  period_end: string | null;
  renews_at: string | null;
  ends_at: string | null;
  notice_days: number | null;
  notice_given_by: string | null;
  total: number;
  refund_if_cancelled_now: { amount: number; percent: number; changes_at: string | null } | null;
  periods: { n: number; start: string; end: string; total: number; payment_status: string; attempts: number; next_attempt_at: string | null }[] | null;
  events: { event: string; by: string }[];
};

const call = (token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  t.app.inject({ method, url: api(path), headers: bearer(token), ...(payload !== undefined && { payload: payload as object }) });

/** A listing of a new host (one unit unless told) and a new driver with a paid pass from `start` on it. */
async function paidPass(start = JAN31, over: Record<string, unknown> = {}) {
  const listing = await publishedListing(t.app, { capacity: 1, ...over });
  const guest = await newGuest(t.app);
  const created = await guest.calls.book({ parking_id: listing.id, start, plan: 'monthly' });
  expect(created.statusCode, created.body).toBe(201);
  const paid = await guest.calls.pay(created.json().result.id, { card: CARDS.ok });
  expect(paid.statusCode, paid.body).toBe(200);
  return { listing, guest, pass: paid.json().result as Pass };
}

const view = async (token: string, id: string) => (await call(token, 'GET', `bookings/${id}`)).json().result as Pass;
const titles = async (userId: string) =>
  (await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId])).map((r) => r.title);

describe('a monthly pass: quote, create and pay', () => {
  it('quotes a month at the monthly rate, its end the same day next month on the listing clock', async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const guest = await signUp(t.app);
    const q = await call(guest.token, 'GET', `parkings/${id}/quote?start=${encodeURIComponent(JAN31)}&plan=monthly`);
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json().result;
    expect(quote).toMatchObject({ available: true, start: JAN31, end: '2027-02-28T09:00:00+05:30', subtotal: 450000 });
    expect(quote.lines.map((l: { kind: string; quantity: number; unit_amount: number }) => [l.kind, l.quantity, l.unit_amount])).toEqual([
      ['monthly', 1, 450000],
      ['service_fee', 1, quote.service_fee],
    ]);
    expect(quote.total).toBe(450000 + quote.service_fee);
    // no monthly rate: not priced
    const noRate = await publishedListing(t.app, { monthly_rate: null });
    const nq = (await call(guest.token, 'GET', `parkings/${noRate.id}/quote?start=${encodeURIComponent(JAN31)}&plan=monthly`)).json().result;
    expect(nq).toMatchObject({ available: false, reason: 'not_priced' });
    // a pass with an end, a plan that is not one, a stay without its end: 400 with the field
    for (const qs of [`start=${encodeURIComponent(JAN31)}&plan=monthly&end=${encodeURIComponent('2027-03-01T09:00:00+05:30')}`, `start=${encodeURIComponent(JAN31)}&plan=yearly`, `start=${encodeURIComponent(JAN31)}`]) {
      const bad = await call(guest.token, 'GET', `parkings/${id}/quote?${qs}`);
      expect(bad.statusCode, qs).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
  });

  it('creates a pass through POST bookings and pays it: period 1 paid, the card kept for renewals', async () => {
    const { listing, guest, pass } = await paidPass();
    expect(pass).toMatchObject({
      status: 'confirmed',
      plan: 'monthly',
      end: '2027-02-28T09:00:00+05:30',
      period_end: '2027-02-28T09:00:00+05:30',
      renews_at: '2027-02-28T09:00:00+05:30',
      ends_at: null,
      notice_days: 30,
    });
    expect(pass.periods).toHaveLength(1);
    expect(pass.periods![0]).toMatchObject({ n: 1, start: JAN31, end: '2027-02-28T09:00:00+05:30', payment_status: 'paid' });
    const cards = (await call(guest.token, 'GET', 'payment-methods')).json().result;
    expect(cards).toHaveLength(1);
    // the host's view carries the pass too, and the host's list
    const hostView = await view(listing.host.token, pass.id);
    expect(hostView).toMatchObject({ plan: 'monthly', renews_at: '2027-02-28T09:00:00+05:30' });
    const list = await call(listing.host.token, 'GET', 'host/bookings');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.find((b: Pass) => b.id === pass.id)).toMatchObject({ plan: 'monthly', renews_at: '2027-02-28T09:00:00+05:30', ends_at: null });
    const dashboard = (await call(listing.host.token, 'GET', 'host/dashboard')).json().result;
    expect(dashboard.passes.map((b: Pass) => [b.id, b.renews_at])).toEqual([[pass.id, '2027-02-28T09:00:00+05:30']]);
    const csv = await call(listing.host.token, 'GET', 'host/bookings/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/infinity|Invalid/i);
    // a stay answers its plan and nulls
    const other = await publishedListing(t.app);
    const w = { start: '2027-01-10T09:00:00+05:30', end: '2027-01-10T11:00:00+05:30' };
    const stay = (await guest.calls.book({ parking_id: other.id, ...w })).json().result;
    expect(stay).toMatchObject({ plan: 'stay', periods: null, renews_at: null, ends_at: null });
  });

  it("takes the listing's notice_days (7, 15 or 30; 30 by default) from its host, shows it, and freezes it on the pass", async () => {
    const { id, calls } = await publishedListing(t.app, { capacity: 1 });
    expect((await t.app.inject({ method: 'GET', url: api(`parkings/${id}`) })).json().result.notice_days).toBe(30);
    const bad = await calls.patch(id, { notice_days: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.notice_days).toMatch(/7, 15 or 30/);
    expect((await calls.patch(id, { notice_days: 7 })).statusCode).toBe(200);
    expect((await calls.manage(id)).json().result.notice_days).toBe(7);
    expect((await t.app.inject({ method: 'GET', url: api(`parkings/${id}`) })).json().result.notice_days).toBe(7);
    const guest = await newGuest(t.app);
    const created = await guest.calls.book({ parking_id: id, start: '2027-03-01T09:00:00+05:30', plan: 'monthly' });
    expect(created.json().result.notice_days).toBe(7);
    expect((await calls.patch(id, { notice_days: 15 })).statusCode).toBe(200);
    expect((await view(guest.token, created.json().result.id)).notice_days).toBe(7);
  });

  it('answers 422 to a pass sent with an end, 400 to a stay without one, 404 for a listing that is not there', async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const withEnd = await guest.calls.book({ parking_id: id, start: JAN31, end: '2027-02-28T09:00:00+05:30', plan: 'monthly' });
    expect(withEnd.statusCode).toBe(422);
    expect(withEnd.json().errors.end).toMatch(/no end/);
    const noEnd = await guest.calls.book({ parking_id: id, start: JAN31 });
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json().errors.end).toBeTruthy();
    expect((await guest.calls.book({ parking_id: id, start: JAN31, plan: 'weekly' })).statusCode).toBe(400);
    expect((await guest.calls.book({ parking_id: '00000000-0000-4000-8000-000000000000', start: JAN31, plan: 'monthly' })).statusCode).toBe(404);
  });

  it('holds the unit from its start on with no end: quotes, bookings, busy periods and search see it taken', async () => {
    const place = { lat: 11.5 + Math.random() / 10, lng: 76.5 + Math.random() / 10 };
    const { listing, pass } = await paidPass(JAN31, place);
    const other = await newGuest(t.app);
    // months later, a stay is still refused
    const later = { start: '2027-09-10T09:00:00+05:30', end: '2027-09-10T11:00:00+05:30' };
    expect((await other.calls.quote(listing.id, later)).json().result).toMatchObject({ available: false, reason: 'taken' });
    const refused = await other.calls.book({ parking_id: listing.id, ...later });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
    // before the pass starts the space is free
    expect((await other.calls.quote(listing.id, { start: '2027-01-20T09:00:00+05:30', end: '2027-01-20T11:00:00+05:30' })).json().result.available).toBe(true);
    // another pass: taken
    const q = await call(other.token, 'GET', `parkings/${listing.id}/quote?start=${encodeURIComponent('2027-06-01T09:00:00+05:30')}&plan=monthly`);
    expect(q.json().result).toMatchObject({ available: false, reason: 'taken' });
    const busy = (await t.app.inject({ method: 'GET', url: api(`parkings/${listing.id}/busy?from=${encodeURIComponent('2027-02-01T00:00:00+05:30')}&days=30`) })).json().result;
    expect(busy.full).toHaveLength(1);
    expect(Date.parse(busy.full[0].end)).toBe(Date.parse('2027-03-03T00:00:00+05:30'));
    const window = `&start=${encodeURIComponent(later.start)}&end=${encodeURIComponent(later.end)}`;
    const search = await t.app.inject({ method: 'GET', url: api(`parkings/search?lat=${place.lat}&lng=${place.lng}&radius_km=2${window}`) });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().result.map((r: { id: string }) => r.id)).not.toContain(listing.id);
    const open = await t.app.inject({ method: 'GET', url: api(`parkings/search?lat=${place.lat}&lng=${place.lng}&radius_km=2`) });
    expect(open.json().result.map((r: { id: string }) => r.id)).toContain(listing.id);
    expect(pass.status).toBe('confirmed');
  });
});

describe('notice', () => {
  it('by the driver: ends on the first renewal date at least 30 days away; a second notice changes nothing; the host is told', async () => {
    const { listing, guest, pass } = await paidPass();
    const res = await call(guest.token, 'POST', `bookings/${pass.id}/notice`, {});
    expect(res.statusCode, res.body).toBe(200);
    const given = res.json().result as Pass;
    // now is months before the start: the first renewal date (28 Feb) is more than 30 days away
    expect(given).toMatchObject({ ends_at: '2027-02-28T09:00:00+05:30', end: '2027-02-28T09:00:00+05:30', renews_at: null, notice_given_by: 'guest' });
    expect(given.events.map((e) => e.event)).toContain('give_notice');
    const again = await call(guest.token, 'POST', `bookings/${pass.id}/notice`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ ends_at: given.ends_at, notice_given_by: 'guest' });
    expect((again.json().result as Pass).events.filter((e) => e.event === 'give_notice')).toHaveLength(1);
    expect(await titles(listing.host.user.id)).toContain('Notice given by the driver');
    // the unit is free again after the pass's end
    const other = await newGuest(t.app);
    expect((await other.calls.quote(listing.id, { start: '2027-03-05T09:00:00+05:30', end: '2027-03-05T11:00:00+05:30' })).json().result.available).toBe(true);
    // no renewal is made for a pass that ends with its paid period
    const before = ctl.renewalCharges;
    await runRenewals(deps(), at('2027-02-27T10:00:00+05:30'), { bookingId: pass.id });
    expect(ctl.renewalCharges).toBe(before);
  });

  it('by the host: the driver is told; a stranger gets 404, a stay 409 NOT_A_PASS, bad input 400', async () => {
    const { listing, guest, pass } = await paidPass('2027-01-15T09:00:00+05:30');
    const stranger = await signUp(t.app);
    expect((await call(stranger.token, 'POST', `bookings/${pass.id}/notice`, {})).statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', `bookings/not-an-id/notice`, {})).statusCode).toBe(404);
    expect((await call(guest.token, 'POST', `bookings/${pass.id}/notice`, [1])).statusCode).toBe(400);
    const res = await call(listing.host.token, 'POST', `bookings/${pass.id}/notice`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ notice_given_by: 'host', ends_at: '2027-02-15T09:00:00+05:30' });
    expect(await titles(guest.user.id)).toContain('Your host gave notice');
    // a stay
    const w = { start: '2027-01-05T09:00:00+05:30', end: '2027-01-05T11:00:00+05:30' };
    const stay = (await guest.calls.book({ parking_id: listing.id, ...w })).json().result;
    const notPass = await call(guest.token, 'POST', `bookings/${stay.id}/notice`, {});
    expect(notPass.statusCode).toBe(409);
    expect(notPass.json().code).toBe('NOT_A_PASS');
  });

  it('has no end to extend: more time on a pass is 409 NOT_EXTENDABLE, its options too (decision 039)', async () => {
    const { listing, guest, pass } = await paidPass('2027-03-10T09:00:00+05:30');
    const more = await guest.calls.book({ parking_id: listing.id, start: pass.period_end, end: new Date(Date.parse(pass.period_end!) + 3600_000).toISOString(), extends_booking_id: pass.id });
    expect(more.statusCode, more.body).toBe(409);
    expect(more.json().code).toBe('NOT_EXTENDABLE');
    const options = await call(guest.token, 'GET', `bookings/${pass.id}/extension-options`);
    expect(options.statusCode).toBe(409);
    // and a monthly pass cannot be asked for as more time either
    const asPass = await guest.calls.book({ parking_id: listing.id, start: pass.period_end, plan: 'monthly', extends_booking_id: pass.id });
    expect(asPass.statusCode).toBe(400);
  });

  it('a rider’s pass is at the two-wheeler monthly rate and takes one bay (decision 040)', async () => {
    const listing = await publishedListing(t.app, { capacity: 1, vehicle_types: ['motorcycle', 'sedan'], two_wheelers_per_unit: 2, two_wheeler_monthly_rate: 90000 });
    const riders = [await newGuest(t.app), await newGuest(t.app), await newGuest(t.app)];
    const made = [];
    for (const [i, r] of riders.entries()) {
      const v = await call(r.token, 'POST', 'vehicles', { vehicle_type: 'motorcycle', plate: `KA02MP${1000 + i}` });
      made.push(await r.calls.book({ parking_id: listing.id, start: '2027-04-01T09:00:00+05:30', plan: 'monthly', vehicle_id: v.json().result.id }));
    }
    expect(made.map((m) => m.statusCode)).toEqual([201, 201, 409]);
    expect(made[0]!.json().result).toMatchObject({ plan: 'monthly', subtotal: 90000 });
  });

  it('the host before its start: what their page offers, the server allows (notice, then a full refund of month 1); once started, not cancelling (decision 046)', async () => {
    const { guest, listing, pass } = await paidPass('2027-02-10T09:00:00+05:30');
    const hostView = await view(listing.host.token, pass.id);
    expect(hostView.refund_if_cancelled_now).toEqual({ amount: pass.total, percent: 100, changes_at: null });
    // notice before the start: the month paid runs, then the pass ends
    const notice = await call(listing.host.token, 'POST', `bookings/${pass.id}/notice`, {});
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json().result).toMatchObject({ notice_given_by: 'host', ends_at: '2027-03-10T09:00:00+05:30' });
    // and still cancellable by the host until the start: everything back, the month refunded
    const cancelled = await call(listing.host.token, 'POST', `bookings/${pass.id}/cancel`, { reason: 'The basement is being repaired' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result).toMatchObject({ status: 'cancelled', cancelled_by: 'host', refund_amount: pass.total });
    expect((await view(guest.token, pass.id)).periods?.[0]?.payment_status).toBe('refunded');
    // once started the host's page has no cancel (refund_if_cancelled_now null) and the server refuses it
    const started = await paidPass(new Date(Date.now() - 60_000).toISOString());
    expect((await view(started.listing.host.token, started.pass.id)).refund_if_cancelled_now).toBeNull();
    const refused = await call(started.listing.host.token, 'POST', `bookings/${started.pass.id}/cancel`, { reason: 'Changed my mind' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/notice/);
  });

  it('a pass that has started cannot be cancelled: 409 pointing to notice; before its start it cancels as a stay', async () => {
    const soon = new Date(Date.now() - 60_000).toISOString();
    const { guest, listing, pass } = await paidPass(soon);
    for (const token of [guest.token, listing.host.token]) {
      const res = await call(token, 'POST', `bookings/${pass.id}/cancel`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/notice/);
    }
    const early = await paidPass('2027-02-10T09:00:00+05:30');
    const cancelled = await call(early.guest.token, 'POST', `bookings/${early.pass.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result.status).toBe('cancelled');
  });
});

describe('renewals', () => {
  it('renew on the same day each month, the end of a shorter month when the day does not exist (31 Jan, 28 Feb, 31 Mar, 30 Apr)', async () => {
    const { listing, guest, pass } = await paidPass();
    // two days before: nothing due
    expect((await runRenewals(deps(), at('2027-02-26T08:00:00+05:30'), { bookingId: pass.id })).renewed).toBe(0);
    const first = await runRenewals(deps(), at('2027-02-27T09:30:00+05:30'), { bookingId: pass.id });
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    let b = await view(guest.token, pass.id);
    expect(b).toMatchObject({ period_end: '2027-03-31T09:00:00+05:30', renews_at: '2027-03-31T09:00:00+05:30', end: '2027-03-31T09:00:00+05:30' });
    expect(b.periods!.map((p) => [p.n, p.start, p.end, p.payment_status])).toEqual([
      [1, JAN31, '2027-02-28T09:00:00+05:30', 'paid'],
      [2, '2027-02-28T09:00:00+05:30', '2027-03-31T09:00:00+05:30', 'paid'],
    ]);
    expect(b.events.map((e) => e.event)).toContain('renew');
    await runRenewals(deps(), at('2027-03-30T09:30:00+05:30'), { bookingId: pass.id });
    b = await view(guest.token, pass.id);
    expect(b.periods!.map((p) => p.end)).toEqual(['2027-02-28T09:00:00+05:30', '2027-03-31T09:00:00+05:30', '2027-04-30T09:00:00+05:30']);
    // each renewal charged the monthly rate and fee, the host earned each month, each month has its invoice
    expect(b.periods![1]!.total).toBe(pass.periods![0]!.total);
    const earnings = await t.db.query<{ entry_key: string; gross: number }>(
      `SELECT entry_key, gross FROM host_ledger_entries WHERE booking_id = $1 AND kind = 'earning' ORDER BY entry_key`,
      [pass.id],
    );
    expect(earnings.map((e) => Number(e.gross))).toEqual([450000, 450000, 450000]);
    const numbers = new Set<string>();
    for (const n of [1, 2, 3]) {
      const pdf = await call(guest.token, 'GET', `bookings/${pass.id}/invoice.pdf?period=${n}`);
      expect(pdf.statusCode, `${n}: ${pdf.body.slice(0, 200)}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    const invoices = await t.db.query<{ number: string; period: number }>(`SELECT number, period FROM invoices WHERE booking_id = $1`, [pass.id]);
    for (const i of invoices) numbers.add(i.number);
    expect(numbers.size).toBe(invoices.length);
    expect(new Set(invoices.map((i) => i.period))).toEqual(new Set([1, 2, 3]));
    expect((await call(listing.host.token, 'GET', `bookings/${pass.id}/invoice.pdf?period=2`)).statusCode).toBe(200);
    expect((await call(guest.token, 'GET', `bookings/${pass.id}/invoice.pdf?period=9`)).statusCode).toBe(409);
    expect((await call(guest.token, 'GET', `bookings/${pass.id}/invoice.pdf?period=zero`)).statusCode).toBe(400);
    const stranger = await signUp(t.app);
    expect((await call(stranger.token, 'GET', `bookings/${pass.id}/invoice.pdf?period=2`)).statusCode).toBe(404);
    expect(await titles(guest.user.id)).toContain('Monthly pass renewed');
  });

  it('a failed renewal is tried again a day later and renews then; the driver is told', async () => {
    const { guest, pass } = await paidPass('2027-01-20T09:00:00+05:30');
    ctl.refuseRenewals = 1;
    const r1 = await runRenewals(deps(), at('2027-02-19T09:30:00+05:30'), { bookingId: pass.id });
    expect(r1.failed).toBeGreaterThanOrEqual(1);
    let b = await view(guest.token, pass.id);
    expect(b.periods![1]).toMatchObject({ n: 2, payment_status: 'retrying', attempts: 1, next_attempt_at: '2027-02-20T09:00:00+05:30' });
    expect(b.events.map((e) => e.event)).toContain('renewal_failed');
    expect(await titles(guest.user.id)).toContain('Monthly pass: payment failed');
    // not yet due again
    const before = ctl.renewalCharges;
    await runRenewals(deps(), at('2027-02-19T12:00:00+05:30'), { bookingId: pass.id });
    expect(ctl.renewalCharges).toBe(before);
    await runRenewals(deps(), at('2027-02-20T09:30:00+05:30'), { bookingId: pass.id });
    b = await view(guest.token, pass.id);
    expect(b.periods![1]).toMatchObject({ payment_status: 'paid', attempts: 2 });
    expect(b.period_end).toBe('2027-03-20T09:00:00+05:30');
  });

  it('three failed attempts end the pass with its paid period, both people told; the unit is free after', async () => {
    const { listing, guest, pass } = await paidPass('2027-01-25T09:00:00+05:30');
    ctl.refuseRenewals = 3;
    await runRenewals(deps(), at('2027-02-24T09:30:00+05:30'), { bookingId: pass.id });
    await runRenewals(deps(), at('2027-02-25T09:30:00+05:30'), { bookingId: pass.id });
    expect((await view(guest.token, pass.id)).periods![1]).toMatchObject({ payment_status: 'retrying', attempts: 2, next_attempt_at: '2027-02-27T09:00:00+05:30' });
    await runRenewals(deps(), at('2027-02-27T09:30:00+05:30'), { bookingId: pass.id });
    ctl.refuseRenewals = 0;
    const b = await view(guest.token, pass.id);
    expect(b).toMatchObject({ ends_at: '2027-02-25T09:00:00+05:30', end: '2027-02-25T09:00:00+05:30', renews_at: null });
    expect(b.periods![1]).toMatchObject({ payment_status: 'failed', attempts: 3, next_attempt_at: null });
    expect(b.events.map((e) => e.event)).toEqual(expect.arrayContaining(['renewal_failed', 'renewal_lapsed']));
    expect(await titles(guest.user.id)).toContain('Monthly pass ended: payment failed');
    expect(await titles(listing.host.user.id)).toContain('Monthly pass ended');
    // no more tries
    const before = ctl.renewalCharges;
    await runRenewals(deps(), at('2027-03-10T09:30:00+05:30'), { bookingId: pass.id });
    expect(ctl.renewalCharges).toBe(before);
    const other = await newGuest(t.app);
    expect((await other.calls.quote(listing.id, { start: '2027-03-01T09:00:00+05:30', end: '2027-03-01T11:00:00+05:30' })).json().result.available).toBe(true);
    const failed = await t.db.query(`SELECT 1 FROM payments WHERE booking_id = $1 AND status = 'failed' AND idempotency_key LIKE '%:renew:2:%'`, [pass.id]);
    expect(failed).toHaveLength(3);
  });

  it('two renewal runs at once charge once', async () => {
    const { guest, pass } = await paidPass('2027-01-12T09:00:00+05:30');
    const before = ctl.renewalCharges;
    const now = at('2027-02-11T09:30:00+05:30');
    await Promise.all([runRenewals(deps(), now, { bookingId: pass.id }), runRenewals(deps(), now, { bookingId: pass.id }), runRenewals(deps(), now, { bookingId: pass.id })]);
    const charges = await t.db.query(`SELECT 1 FROM payments WHERE booking_id = $1 AND idempotency_key LIKE '%:renew:%'`, [pass.id]);
    expect(charges).toHaveLength(1);
    expect(ctl.renewalCharges - before).toBeGreaterThanOrEqual(1);
    const b = await view(guest.token, pass.id);
    expect(b.periods!.filter((p) => p.n === 2 && p.payment_status === 'paid')).toHaveLength(1);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('a race of monthly passes on PostgreSQL', () => {
  it('two passes of a one-unit listing at once: exactly one wins, the other is a clean 409', async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const answers = await Promise.all([
      call(a.token, 'POST', 'bookings', { parking_id: id, start: '2027-02-01T09:00:00+05:30', plan: 'monthly' }),
      call(b.token, 'POST', 'bookings', { parking_id: id, start: '2027-05-01T09:00:00+05:30', plan: 'monthly' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('SLOT_TAKEN');
  });
});
