/**
 * Request to book: paid and credited only when the capture succeeds (docs/decisions/011-capture-before-credit.md).
 * The simulated provider, with captures that go through, are refused, or fail until told otherwise; each case
 * checked in the booking, the payments ledger, the host ledger's totals (GET host/earnings) and the notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_SETTLE_RETRY } from '@parkly/shared/bookings';
import type { Earnings } from '@parkly/shared/earnings';
import { api, bearer, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { ProviderRefusedError, ProviderUnavailableError, type PaymentProvider } from '../payments/provider';
import { simulatedProvider } from '../payments/simulated-provider';
import { runBookingJobs } from './booking-jobs';
import { bookingDeps } from './bookings.routes';
import { bookingCalls, createAppWithProvider, paidBooking, window } from './testing';

type Outcome = 'ok' | 'outage' | 'refused';

/** The simulated provider, whose next captures go as the test says (then through). */
function controlledCaptures() {
  const inner = simulatedProvider();
  const next: Outcome[] = [];
  const asked: string[] = [];
  const provider: PaymentProvider = {
    ...inner,
    async capture(ref, amount, key) {
      asked.push(key);
      const outcome = next.shift() ?? 'ok';
      if (outcome === 'outage') throw new ProviderUnavailableError();
      if (outcome === 'refused') throw new ProviderRefusedError('card_declined');
      return inner.capture(ref, amount, key);
    },
  };
  return { provider, asked, plan: (...outcomes: Outcome[]) => next.push(...outcomes) };
}

const captures = controlledCaptures();
let t: TestContext;
beforeAll(async () => {
  t = await createAppWithProvider(captures.provider);
});
afterAll(() => t.close());

/** A request (capacity 1, ₹50/hour: subtotal ₹100, commission ₹15, total ₹105) paid by a new driver, and its host. */
async function request() {
  const listing = await publishedListing(t.app, { instant_book: false, capacity: 1 });
  const w = window(48, 2);
  const { guest, booking } = await paidBooking(t.app, listing.id, w);
  expect(booking.status).toBe('requested');
  return { listing, w, guest, id: booking.id, host: bookingCalls(t.app, listing.host.token), hostToken: listing.host.token };
}

const payments = (id: string) =>
  t.db.query<{ kind: string; status: string; amount: number; failure_code: string | null }>(
    `SELECT kind, status, amount, failure_code FROM payments WHERE booking_id = $1 ORDER BY created_at, kind`,
    [id],
  );
const lines = async (id: string) => (await payments(id)).map((l) => `${l.kind}:${l.status}`);
const captureLine = async (id: string) =>
  (await t.db.query<{ attempts: number; due_in_ms: number | null }>(
    `SELECT attempts, (extract(epoch FROM next_attempt_at - now()) * 1000)::float8 AS due_in_ms FROM payments WHERE booking_id = $1 AND kind = 'capture'`,
    [id],
  ))[0]!;
const ledgerEntries = (id: string) => t.db.query<{ kind: string }>(`SELECT kind FROM host_ledger_entries WHERE booking_id = $1 ORDER BY occurred_at, kind`, [id]);
/** The booking notices a user has, by title (in alphabetical order: two can share an instant). */
const told = (userId: string) =>
  t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 AND (title LIKE 'Booking%' OR title LIKE 'New booking%') ORDER BY title`, [userId]);
const mailed = (userId: string) =>
  t.db.query<{ subject: string }>(`SELECT o.subject FROM email_outbox o JOIN users u ON u.email = o.to_address WHERE u.id = $1 AND o.subject LIKE 'Booking%' ORDER BY o.created_at`, [userId]);

async function earningsOf(token: string): Promise<Earnings['totals']> {
  const res = await t.app.inject({ url: api('host/earnings'), headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const totals = (res.json().result as Earnings).totals;
  // the ledger's two rules hold in every case
  expect(totals.gross - totals.commission - totals.refunds).toBe(totals.net);
  expect(totals.pending + totals.available + totals.requested + totals.paid_out).toBe(totals.net);
  return totals;
}
const NOTHING = { gross: 0, commission: 0, refunds: 0, net: 0, pending: 0, available: 0, requested: 0, paid_out: 0 };
const EARNED = { gross: 10000, commission: 1500, refunds: 0, net: 8500, pending: 8500, available: 0, requested: 0, paid_out: 0 };

/** Makes the capture's next retry due now, and runs the lifecycle job (as every instance does every 15 s). */
async function retryNow(id: string) {
  await t.db.query(`UPDATE payments SET next_attempt_at = now() WHERE booking_id = $1 AND kind = 'capture'`, [id]);
  return runBookingJobs(bookingDeps(t.app));
}

describe('accepting a request: paid and credited only when the capture succeeds', () => {
  it('a capture that goes through: confirmed and paid in the accept answer, the host credited, the driver told', async () => {
    const r = await request();
    const accepted = await r.host.accept(r.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', expires_at: null });
    expect(accepted.json().result.events.at(-1)).toMatchObject({ event: 'accept', from: 'requested', to: 'confirmed', by: 'host' });
    expect(await lines(r.id)).toEqual(['authorisation:succeeded', 'capture:succeeded']);
    expect(await ledgerEntries(r.id)).toEqual([{ kind: 'earning' }]);
    expect(await earningsOf(r.hostToken)).toEqual(EARNED);
    expect((await told(r.guest.user.id)).map((n) => n.title)).toEqual(['Booking accepted', 'Booking requested']);
    expect((await bookingCalls(t.app).quote(r.listing.id, r.w)).json().result.available).toBe(false);
  });

  it('a capture the provider refuses: the booking is cancelled, the authorisation released, nothing credited, both told', async () => {
    const r = await request();
    captures.plan('refused');
    const accepted = await r.host.accept(r.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result).toMatchObject({
      status: 'cancelled',
      payment_status: 'released',
      cancelled_by: 'system',
      cancel_reason: "The driver's card could not be charged when the request was accepted",
      refund_amount: null,
    });
    expect(accepted.json().result.events.at(-1)).toMatchObject({ event: 'capture_failed', from: 'requested', to: 'cancelled', by: 'system' });
    expect(await payments(r.id)).toEqual([
      { kind: 'authorisation', status: 'succeeded', amount: 10500, failure_code: null },
      { kind: 'capture', status: 'failed', amount: 10500, failure_code: 'card_declined' },
      { kind: 'release', status: 'succeeded', amount: 10500, failure_code: null },
    ]);
    expect(await ledgerEntries(r.id)).toEqual([]);
    expect(await earningsOf(r.hostToken)).toEqual(NOTHING);
    const failed = 'Booking cancelled: payment failed';
    expect((await told(r.guest.user.id)).map((n) => n.title)).toContain(failed);
    expect((await told(r.listing.host.user.id)).map((n) => n.title)).toContain(failed);
    expect((await mailed(r.guest.user.id)).map((m) => m.subject)).toContain(`${failed} · ${accepted.json().result.reference}`);
    expect((await mailed(r.listing.host.user.id)).map((m) => m.subject)).toContain(`${failed} · ${accepted.json().result.reference}`);
    // the space is free again, and nothing more can happen to the booking
    expect((await bookingCalls(t.app).quote(r.listing.id, r.w)).json().result.available).toBe(true);
    expect((await r.host.accept(r.id)).statusCode).toBe(409);
    expect((await r.guest.calls.cancel(r.id)).statusCode).toBe(409);
  });

  it('a capture that fails, then goes through on the job\'s retry: the request waits, held and off the clock, until it does', async () => {
    const r = await request();
    captures.plan('outage');
    const accepted = await r.host.accept(r.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'requested', payment_status: 'capturing', expires_at: null, refund_if_cancelled_now: null });
    expect(await lines(r.id)).toEqual(['authorisation:succeeded', 'capture:pending']);
    // tried again 15 s later (±20 %), not on every run of the job
    const line = await captureLine(r.id);
    expect(line.attempts).toBe(1);
    expect(line.due_in_ms).toBeGreaterThan(11_000);
    expect(line.due_in_ms).toBeLessThan(18_500);
    expect(await ledgerEntries(r.id)).toEqual([]);
    expect(await earningsOf(r.hostToken)).toEqual(NOTHING);
    expect((await told(r.guest.user.id)).map((n) => n.title)).toEqual(['Booking requested']);

    // meanwhile: the unit stays held, the 24 hours no longer run, and nobody can turn the booking another way
    expect(await t.db.query(`SELECT hold_expires_at FROM bookings WHERE id = $1`, [r.id])).toEqual([{ hold_expires_at: null }]);
    const early = await runBookingJobs(bookingDeps(t.app));
    expect(early.settled).toBe(0);
    expect((await r.guest.calls.get(r.id)).json().result).toMatchObject({ status: 'requested', payment_status: 'capturing' });
    expect((await bookingCalls(t.app).quote(r.listing.id, r.w)).json().result.available).toBe(false);
    const again = await r.host.accept(r.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/accepted already: the payment is being taken/);
    expect((await r.host.decline(r.id)).statusCode).toBe(409);
    expect((await r.guest.calls.cancel(r.id)).json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/accepted this booking and the payment is under way/) });
    const hostView = (await r.host.get(r.id)).json().result;
    expect(hostView).toMatchObject({ status: 'requested', payment_status: 'capturing', host_payout: 8500 });

    expect((await retryNow(r.id)).settled).toBe(1);
    const done = (await r.guest.calls.get(r.id)).json().result;
    expect(done).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    // the acceptance is the host's, as it was theirs to make
    expect(done.events.at(-1)).toMatchObject({ event: 'accept', by: 'host' });
    expect(captures.asked.filter((k) => k === `${r.id}:capture`)).toHaveLength(2);
    expect(await lines(r.id)).toEqual(['authorisation:succeeded', 'capture:succeeded']);
    expect(await earningsOf(r.hostToken)).toEqual(EARNED);
    expect((await told(r.guest.user.id)).map((n) => n.title)).toEqual(['Booking accepted', 'Booking requested']);
    // a later run changes nothing
    await retryNow(r.id);
    expect(await ledgerEntries(r.id)).toEqual([{ kind: 'earning' }]);
  });

  it(`a capture that keeps failing: cancelled after its ${PAYMENT_SETTLE_RETRY.maxAttempts}th attempt, released, nothing credited, both told`, async () => {
    const r = await request();
    captures.plan(...Array<Outcome>(PAYMENT_SETTLE_RETRY.maxAttempts).fill('outage'));
    expect((await r.host.accept(r.id)).json().result).toMatchObject({ status: 'requested', payment_status: 'capturing' });
    const waits: number[] = [(await captureLine(r.id)).due_in_ms!];
    for (let attempt = 2; attempt < PAYMENT_SETTLE_RETRY.maxAttempts; attempt++) {
      await retryNow(r.id);
      const line = await captureLine(r.id);
      expect(line.attempts).toBe(attempt);
      waits.push(line.due_in_ms!);
    }
    // each wait about twice the one before, up to 30 minutes
    expect(waits[1]!).toBeGreaterThan(waits[0]! * 1.2);
    expect(Math.max(...waits)).toBeLessThanOrEqual(PAYMENT_SETTLE_RETRY.maxDelayMs + 1000);
    expect(waits.at(-1)!).toBeGreaterThan(PAYMENT_SETTLE_RETRY.maxDelayMs * 0.75);
    expect((await r.guest.calls.get(r.id)).json().result).toMatchObject({ status: 'requested', payment_status: 'capturing' });
    expect(await earningsOf(r.hostToken)).toEqual(NOTHING);

    await retryNow(r.id);
    expect(captures.asked.filter((k) => k === `${r.id}:capture`)).toHaveLength(PAYMENT_SETTLE_RETRY.maxAttempts);
    expect((await r.guest.calls.get(r.id)).json().result).toMatchObject({ status: 'cancelled', payment_status: 'released', cancelled_by: 'system' });
    expect(await payments(r.id)).toEqual([
      { kind: 'authorisation', status: 'succeeded', amount: 10500, failure_code: null },
      { kind: 'capture', status: 'failed', amount: 10500, failure_code: 'retries_exhausted' },
      { kind: 'release', status: 'succeeded', amount: 10500, failure_code: null },
    ]);
    expect(await ledgerEntries(r.id)).toEqual([]);
    expect(await earningsOf(r.hostToken)).toEqual(NOTHING);
    expect((await told(r.guest.user.id)).map((n) => n.title)).toContain('Booking cancelled: payment failed');
    expect((await told(r.listing.host.user.id)).map((n) => n.title)).toContain('Booking cancelled: payment failed');
    // never tried again
    await retryNow(r.id);
    expect(captures.asked.filter((k) => k === `${r.id}:capture`)).toHaveLength(PAYMENT_SETTLE_RETRY.maxAttempts);
  });
});
