/**
 * PAYMENT_PROVIDER=razorpay end to end (decision 032): the real booking flow through app.inject, the real
 * `razorpay` SDK, and a fake Razorpay (fake-razorpay.ts) on a local port instead of api.razorpay.com.
 * Checkout is the fake's `checkout()`; Razorpay's webhooks are its events, posted to the route signed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { api, bearer, createTestApp } from '../../../test/helper';
import { bookingDeps } from '../bookings/bookings.routes';
import { runBookingJobs } from '../bookings/booking-jobs';
import { settleMoney } from '../bookings/capture-steps';
import { AUTHORISATION_MINUTES, RAZORPAY_DECLINED } from '../bookings/razorpay-pay.service';
import { bookingCalls, CARDS, newGuest, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import type { FakeRazorpay, RazorpayFakeEvent } from './fake-razorpay';
import { startRazorpayTestApp, type RazorpayTestApp } from './razorpay-testing';
import { refundReceiptOf } from './razorpay-payments';

// each test drives whole bookings (sign-up, photo, pay, webhooks): room for a busy machine
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const KEY_ID = 'rzp_test_rzApiParkly01';
const KEY_SECRET = 'rz_api_key_secret_for_tests';
const WEBHOOK_SECRET = 'rz_api_webhook_secret_for_tests';
const RAZORPAY_ENV = { PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET };

let rz: RazorpayTestApp | undefined;
let fake: FakeRazorpay;
let app: App;
let db: Database;
let dataDir: string;
let instant: Awaited<ReturnType<typeof publishedListing>>;
let request: Awaited<ReturnType<typeof publishedListing>>;
type Guest = Awaited<ReturnType<typeof newGuest>>;
let slot = 0;
/** a window of its own for each booking (capacity 2: no two tests ever compete) */
const nextWindow = () => window(48 + 3 * slot++, 2);

beforeAll(async () => {
  rz = await startRazorpayTestApp({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET }, 'razorpay');
  ({ fake, app, db, dataDir } = rz);
  instant = await publishedListing(app, { cancellation_policy: 'flexible', title: 'Koramangala covered bay' });
  request = await publishedListing(app, { instant_book: false });
});
afterAll(async () => {
  await rz?.close();
});

type Line = { kind: string; status: string; amount: number; idempotency_key: string; provider_ref: string | null; failure_code: string | null; provider: string };
const ledger = (bookingId: string) =>
  db.query<Line>(`SELECT kind, status, amount, idempotency_key, provider_ref, failure_code, provider FROM payments WHERE booking_id = $1 ORDER BY created_at, idempotency_key`, [bookingId]);
const bookingRow = async (id: string) =>
  (await db.query<{ status: string; payment_status: string; declined_payments: number }>(`SELECT status, payment_status, declined_payments FROM bookings WHERE id = $1`, [id]))[0]!;

/** Posts one of the fake's events to the webhook route as Razorpay does: raw body, signature, event id. */
function deliver(event: RazorpayFakeEvent, o: { secret?: string; id?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: api('payments/razorpay-webhook'),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body, o.secret), 'x-razorpay-event-id': o.id ?? event.id },
    payload: event.body,
  });
}
const eventOf = (entityId: string, type: string) => fake.eventsOf(entityId).filter((e) => e.type === type).at(-1)!;

/** A held booking of a new driver (a driver may hold only a few unpaid spaces at once). */
async function held(listingId: string, given?: Guest, w = nextWindow()) {
  const who = given ?? (await newGuest(app));
  const res = await who.calls.book({ parking_id: listingId, ...w });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().result.id as string, total: res.json().result.total as number, calls: who.calls, guest: who };
}

/** {razorpay: {}}: the 402 and its Checkout action. */
async function start(b: { id: string; calls: Guest['calls'] }) {
  const res = await b.calls.pay(b.id, { razorpay: {} });
  expect(res.statusCode, res.body).toBe(402);
  expect(res.json().code).toBe('PAYMENT_ACTION_REQUIRED');
  return res.json().action as { type: string; order_id: string; amount: number; key_id: string };
}

/** Checkout's handler fields sent to the pay route. */
const handler = (b: { id: string; calls: Guest['calls'] }, paid: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) =>
  b.calls.pay(b.id, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature });

function paidOk(r: ReturnType<FakeRazorpay['checkout']>) {
  if (!r.ok) throw new Error('checkout failed');
  return r;
}

describe('razorpay: configuration', () => {
  it('GET config names razorpay with the key id and the Checkout script, never a secret; the CSP opens to the script’s origin only', async () => {
    const res = await app.inject({ url: api('config') });
    expect(res.json().result).toMatchObject({ payment_provider: 'razorpay', razorpay_key_id: KEY_ID, razorpay_checkout_url: `${fake.url}/v1/checkout.js` });
    expect(res.json().result).not.toHaveProperty('stripe_publishable_key');
    expect(res.body).not.toContain(KEY_SECRET);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' ${fake.url}`);
    expect(csp).toMatch(new RegExp(`frame-src 'self' ${fake.url.replace(/\./g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${fake.url.replace(/\./g, '\\.')}`));
    expect(csp).not.toMatch(/stripe|checkout\.razorpay\.com/);
  });

  it('with Razorpay’s own script, the CSP allows checkout.razorpay.com and api.razorpay.com', () => {
    const c = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...RAZORPAY_ENV });
    expect(c.paymentProvider).toBe('razorpay');
    expect(c.RAZORPAY_CHECKOUT_URL).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  it('start-up refuses PAYMENT_PROVIDER=razorpay without its three keys, naming each', () => {
    const base = { DATA_DIR: dataDir, NODE_ENV: 'test' };
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      /RAZORPAY_KEY_ID: is required with PAYMENT_PROVIDER=razorpay[\s\S]*RAZORPAY_KEY_SECRET: is required[\s\S]*RAZORPAY_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=razorpay/,
    );
    expect(() => loadConfig({ ...base, ...RAZORPAY_ENV, RAZORPAY_CHECKOUT_URL: 'javascript:alert(1)' })).toThrow(/RAZORPAY_CHECKOUT_URL: must be an http/);
  });

  it('a server on another provider refuses Razorpay’s requests with a clear 400; its webhook route is not there', async () => {
    const other = await createTestApp();
    try {
      const g = await newGuest(other.app);
      const listing = await publishedListing(other.app);
      const b = await g.calls.book({ parking_id: listing.id, ...window(30, 2) });
      const res = await g.calls.pay(b.json().result.id, { razorpay: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/Razorpay is not this server’s payment provider/) });
      const hook = await other.app.inject({ method: 'POST', url: api('payments/razorpay-webhook'), headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('razorpay: paying in Checkout', () => {
  it('instant book: an order for the frozen total (receipt = booking, captured at once), the 402 action, then the handler confirms it, once', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    expect(action).toEqual({
      type: 'razorpay_checkout',
      key_id: KEY_ID,
      order_id: expect.stringMatching(/^order_/),
      amount: b.total,
      currency: 'INR',
      name: 'Parkly',
      description: 'Koramangala covered bay',
      prefill: { name: b.guest.user.name, email: b.guest.user.email },
    });
    expect(fake.orders.get(action.order_id)).toMatchObject({ amount: b.total, currency: 'INR', receipt: b.id, capture: 'automatic' });
    expect(await ledger(b.id)).toEqual([expect.objectContaining({ kind: 'charge', status: 'pending', provider: 'razorpay', idempotency_key: `${b.id}:pay:1`, provider_ref: action.order_id })]);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });

    // the page is reloaded and pays again: the same order, no second one
    const again = await start(b);
    expect(again.order_id).toBe(action.order_id);
    expect([...fake.orders.values()].filter((o) => o.receipt === b.id)).toHaveLength(1);

    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    const res = await handler(b, paid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { brand: 'visa', last4: '1111' } });
    const lines = await ledger(b.id);
    // the first attempt (the page before the reload) was let go; the second, on the same order, is paid
    expect(lines.map((l) => [l.kind, l.status, l.idempotency_key, l.provider_ref])).toEqual([
      ['charge', 'failed', `${b.id}:pay:1`, action.order_id],
      ['release', 'succeeded', `${b.id}:pay:1:abandon`, action.order_id],
      ['charge', 'succeeded', `${b.id}:pay:2`, paid.razorpay_payment_id],
    ]);
    expect(fake.effects.filter((e) => e.ref === paid.razorpay_payment_id).map((e) => e.type)).toEqual(['authorise', 'capture']);
    // sent again (a retried request): the same answer, nothing recorded twice
    const twice = await handler(b, paid);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().result.status).toBe('confirmed');
    expect(await ledger(b.id)).toEqual(lines);
  });

  it('refuses card details under Razorpay: "Pay with Razorpay Checkout"', async () => {
    const b = await held(instant.id);
    for (const body of [{ card: CARDS.ok }, { payment_intent_id: 'pi_123' }, { payment_method_id: randomUUID() }]) {
      const res = await b.calls.pay(b.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Pay with Razorpay Checkout/);
    }
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
  });

  it('a failed UPI payment is a decline counted once; the booking stays payable and the same order then succeeds', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const failed = fake.checkout(action.order_id, { method: 'upi', outcome: 'failure' });
    if (failed.ok) throw new Error('expected a failure');
    const report = { razorpay_order_id: action.order_id, razorpay_payment_id: failed.payment };
    const res = await b.calls.pay(b.id, report);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT_DECLINED', message: RAZORPAY_DECLINED.upi });
    expect(res.json().message).toBe('Your UPI payment did not go through, so nothing was taken. Try again, or pay another way.');
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid', declined_payments: 1 });
    // reported again, and by the webhook: still one decline
    expect((await b.calls.pay(b.id, report)).statusCode).toBe(402);
    expect((await deliver(eventOf(failed.payment, 'payment.failed'))).json()).toEqual({ received: true, duplicate: false });
    expect((await bookingRow(b.id)).declined_payments).toBe(1);

    // Checkout lets the payer try again on the same order
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const ok = await handler(b, paid);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: null });
    const lines = await ledger(b.id);
    expect(lines.map((l) => [l.kind, l.status, l.provider_ref])).toEqual([
      ['charge', 'succeeded', paid.razorpay_payment_id],
      ['charge', 'failed', failed.payment],
    ]);
  });

  it('a failure report for a payment Razorpay says went through records it (only Razorpay’s word, fetched here)', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const res = await b.calls.pay(b.id, { razorpay_order_id: paid.razorpay_order_id, razorpay_payment_id: paid.razorpay_payment_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('a bad signature and another booking’s order are 409s that record nothing; the booking stays payable', async () => {
    const b = await held(instant.id);
    const other = await held(instant.id);
    const action = await start(b);
    const otherAction = await start(other);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    const before = fake.requests.length;

    const forged = await handler(b, { ...paid, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toEqual({ code: 'CONFLICT', message: 'This payment is not the one this booking is waiting for. Please pay again.' });
    // nothing was asked of Razorpay for a bad signature
    expect(fake.requests.length).toBe(before);

    // the other booking's genuine payment, sent to this booking
    const theirs = paidOk(fake.checkout(otherAction.order_id, { method: 'card' }));
    const wrong = await handler(b, theirs);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('This payment is not the one this booking is waiting for. Please pay again.');
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid', declined_payments: 0 });
    expect((await ledger(b.id)).map((l) => l.status)).toEqual(['pending']);

    // the genuine one still goes through
    expect((await handler(b, paid)).json().result.status).toBe('confirmed');
    // someone else's booking answers like an unknown one
    const stranger = await newGuest(app);
    expect((await stranger.calls.pay(other.id, theirs)).statusCode).toBe(404);
  });

  it('paid after the hold ran out: the handler expires the booking and gives the money back', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    await db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const res = await handler(b, paid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This booking ended before the payment came through, so any money taken goes back to you/);
    expect((await bookingRow(b.id)).status).toBe('expired');
    expect(fake.payments.get(paid.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: b.total });
    const lines = await ledger(b.id);
    expect(lines.filter((l) => l.kind === 'refund')).toEqual([expect.objectContaining({ status: 'succeeded', amount: b.total, idempotency_key: `razorpay:${paid.razorpay_payment_id}:return` })]);
    // sent again, and the webhook: nothing more goes back
    expect((await handler(b, paid)).statusCode).toBe(409);
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'payment.captured'))).statusCode).toBe(200);
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund')).toHaveLength(1);
  });

  it('a stalled Razorpay is a 503 that takes nothing; the booking stays payable', async () => {
    const b = await held(instant.id);
    fake.fail('stall', /^\/v1\/orders$/);
    const res = await b.calls.pay(b.id, { razorpay: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    await start(b);
  });
});

describe('razorpay: webhooks', () => {
  it('the payer closed the tab after paying: payment.captured confirms the booking; the handler then answers it; order.paid and a replay change nothing', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const captured = eventOf(paid.razorpay_payment_id, 'payment.captured');
    expect((await deliver(captured)).json()).toEqual({ received: true, duplicate: false });
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const once = await ledger(b.id);
    expect(once).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', provider_ref: paid.razorpay_payment_id })]);

    const res = await handler(b, paid);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'order.paid'))).json()).toEqual({ received: true, duplicate: false });
    // Razorpay's retry (same id), and a kept copy sent under a made-up id: duplicates
    expect((await deliver(captured)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(captured, { id: 'evt_madeUp0000000001' })).json()).toEqual({ received: true, duplicate: true });
    expect(await ledger(b.id)).toEqual(once);
    const events = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM booking_events WHERE booking_id = $1 AND event = 'pay_instant'`, [b.id]);
    expect(events[0]!.n).toBe(1);
  });

  it('after the handler: payment.captured and order.paid add no second line', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    expect((await handler(b, paid)).statusCode).toBe(200);
    const lines = await ledger(b.id);
    for (const type of ['payment.authorized', 'payment.captured', 'order.paid']) {
      expect((await deliver(eventOf(paid.razorpay_payment_id, type))).statusCode).toBe(200);
    }
    expect(await ledger(b.id)).toEqual(lines);
  });

  it('neither the page nor the webhook said so: paying again finds the order paid and records it, taking nothing twice', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const res = await b.calls.pay(b.id, { razorpay: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await ledger(b.id)).filter((l) => l.kind === 'charge').map((l) => [l.status, l.provider_ref])).toEqual([
      ['failed', action.order_id],
      ['succeeded', paid.razorpay_payment_id],
    ]);
    expect(fake.effects.filter((e) => e.ref === paid.razorpay_payment_id).map((e) => e.type)).toEqual(['authorise', 'capture']);
    // the webhook, late: nothing new
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'payment.captured'))).statusCode).toBe(200);
    expect((await ledger(b.id)).filter((l) => l.status === 'succeeded' && l.kind !== 'release')).toHaveLength(1);
  });

  it('a forged webhook is a 400 and changes nothing', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    const event = eventOf(paid.razorpay_payment_id, 'payment.captured');
    const res = await deliver(event, { secret: 'not_the_webhook_secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The webhook signature is not valid' });
    const unsigned = await app.inject({ method: 'POST', url: api('payments/razorpay-webhook'), headers: { 'content-type': 'application/json' }, payload: event.body });
    expect(unsigned.statusCode).toBe(400);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    // the genuine delivery still applies (the forged one was not recorded)
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await bookingRow(b.id)).status).toBe('confirmed');
  });

  it('money taken for a booking that ended meanwhile goes back', async () => {
    const b = await held(instant.id);
    const action = await start(b);
    expect((await b.calls.cancel(b.id)).statusCode).toBe(200);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'payment.captured'))).statusCode).toBe(200);
    expect((await bookingRow(b.id)).status).toBe('cancelled');
    expect(await ledger(b.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'charge', status: 'succeeded', provider_ref: paid.razorpay_payment_id }),
        expect.objectContaining({ kind: 'refund', status: 'succeeded', amount: b.total, idempotency_key: `razorpay:${paid.razorpay_payment_id}:return` }),
      ]),
    );
    expect(fake.payments.get(paid.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: b.total });
  });
});

describe('razorpay: request to book', () => {
  it('authorises (manual capture, the window set from the request’s expiry), the accept captures; a declined one is released when Razorpay gives it back', async () => {
    const b = await held(request.id);
    const action = await start(b);
    expect(fake.orders.get(action.order_id)).toMatchObject({ capture: 'manual', receipt: b.id });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(sent.length).toBeGreaterThan(0);
    expect(AUTHORISATION_MINUTES).toBe(15 + 24 * 60 + 60);

    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    const res = await handler(b, paid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'requested', payment_status: 'authorised' });
    expect(fake.payments.get(paid.razorpay_payment_id)).toMatchObject({ status: 'authorized', captured: false });

    const accepted = await bookingCalls(app, request.host.token).accept(b.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(fake.effects.filter((e) => e.ref === paid.razorpay_payment_id).map((e) => e.type)).toEqual(['authorise', 'capture']);
    const lines = await ledger(b.id);
    expect(lines.map((l) => [l.kind, l.status])).toEqual([
      ['authorisation', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
    // Razorpay's payment.captured after the accept: nothing new
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'payment.captured'))).statusCode).toBe(200);
    expect(await ledger(b.id)).toEqual(lines);

    // another request, declined: the release waits on Razorpay (no call voids an authorisation)
    const d = await held(request.id);
    const dAction = await start(d);
    const dPaid = paidOk(fake.checkout(dAction.order_id, { method: 'upi' }));
    // the webhook is first this time: the request goes to its host
    expect((await deliver(eventOf(dPaid.razorpay_payment_id, 'payment.authorized'))).statusCode).toBe(200);
    expect(await bookingRow(d.id)).toMatchObject({ status: 'requested', payment_status: 'authorised' });
    expect((await handler(d, dPaid)).json().result).toMatchObject({ status: 'requested' });
    const declined = await bookingCalls(app, request.host.token).decline(d.id, { reason: 'Closed for repairs' });
    expect(declined.json().result).toMatchObject({ status: 'declined', payment_status: 'released' });
    const release = () => ledger(d.id).then((ls) => ls.find((l) => l.kind === 'release')!);
    expect(await release()).toMatchObject({ status: 'pending', provider_ref: dPaid.razorpay_payment_id, amount: d.total });
    // the window ends: Razorpay refunds the authorisation by itself and says so
    fake.expireAuthorisation(dPaid.razorpay_payment_id);
    expect((await deliver(eventOf(dPaid.razorpay_payment_id, 'refund.processed'))).statusCode).toBe(200);
    expect(await release()).toMatchObject({ status: 'succeeded' });
    expect((await ledger(d.id)).filter((l) => l.kind === 'release')).toHaveLength(1);
  });

  it('an authorisation for a request the driver cancelled before paying is given back (a release Razorpay settles)', async () => {
    const b = await held(request.id);
    const action = await start(b);
    expect((await b.calls.cancel(b.id)).statusCode).toBe(200);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'payment.authorized'))).statusCode).toBe(200);
    expect((await bookingRow(b.id)).status).toBe('cancelled');
    expect((await ledger(b.id)).filter((l) => l.kind === 'release' && l.provider_ref === paid.razorpay_payment_id)).toEqual([
      expect.objectContaining({ status: 'pending', amount: b.total, idempotency_key: `razorpay:${paid.razorpay_payment_id}:return` }),
    ]);
    fake.expireAuthorisation(paid.razorpay_payment_id);
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'refund.processed'))).statusCode).toBe(200);
    expect((await ledger(b.id)).filter((l) => l.provider_ref === paid.razorpay_payment_id).map((l) => [l.kind, l.status])).toEqual([
      ['authorisation', 'succeeded'],
      ['release', 'succeeded'],
    ]);
  });

  it('a request its host never answers expires by the clock: the release waits on Razorpay, then refund.processed settles it', async () => {
    const b = await held(request.id);
    const paid = paidOk(fake.checkout((await start(b)).order_id, { method: 'upi' }));
    expect((await handler(b, paid)).json().result.status).toBe('requested');
    await db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    await runBookingJobs(bookingDeps(app));
    expect(await bookingRow(b.id)).toMatchObject({ status: 'expired', payment_status: 'released' });
    const release = async () => (await ledger(b.id)).filter((l) => l.kind === 'release');
    expect(await release()).toEqual([expect.objectContaining({ status: 'pending', provider_ref: paid.razorpay_payment_id })]);
    // the job looks again later (Razorpay still holds it): still pending, not retried in a loop
    await settleMoney(bookingDeps(app), b.id);
    expect(await release()).toEqual([expect.objectContaining({ status: 'pending', failure_code: null })]);
    fake.expireAuthorisation(paid.razorpay_payment_id);
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'refund.processed'))).statusCode).toBe(200);
    expect(await release()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('an accept after Razorpay already gave the authorisation back cancels the request, releasing nothing twice', async () => {
    const b = await held(request.id);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'card' }));
    expect((await handler(b, paid)).statusCode).toBe(200);
    fake.expireAuthorisation(paid.razorpay_payment_id);
    const accepted = await bookingCalls(app, request.host.token).accept(b.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'cancelled', payment_status: 'released' });
    expect((await deliver(eventOf(paid.razorpay_payment_id, 'refund.processed'))).statusCode).toBe(200);
    const lines = await ledger(b.id);
    expect(lines.filter((l) => l.kind === 'release')).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});

describe('razorpay: refunds', () => {
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  let strict: Awaited<ReturnType<typeof publishedListing>>;
  beforeAll(async () => {
    admin = await createTestUser(db, { name: 'Ada Admin', role: 'admin' });
    strict = await publishedListing(app, { cancellation_policy: 'strict' });
  });

  async function paidInstant(listingId = instant.id, w = nextWindow()) {
    const b = await held(listingId, undefined, w);
    const action = await start(b);
    const paid = paidOk(fake.checkout(action.order_id, { method: 'upi' }));
    expect((await handler(b, paid)).statusCode).toBe(200);
    return { ...b, payment: paid.razorpay_payment_id };
  }
  const adminRefund = (id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: api(`admin/bookings/${id}/refund`), headers: admin.headers, payload: { reason: 'The gate was locked', idempotency_key: randomUUID(), ...body } });

  it('a cancellation refunds through Razorpay under the line’s receipt; refund.processed settles nothing twice', async () => {
    const b = await paidInstant();
    const res = await b.calls.cancel(b.id, { reason: 'Plans changed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'cancelled', payment_status: 'refunded', refund_amount: b.total });
    const refund = [...fake.refunds.values()].find((r) => r.payment_id === b.payment)!;
    expect(refund).toMatchObject({ amount: b.total, receipt: refundReceiptOf(`${b.id}:refund`) });
    expect(refund.receipt.length).toBeLessThanOrEqual(40);
    expect((await deliver(eventOf(refund.id, 'refund.processed'))).statusCode).toBe(200);
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund')).toEqual([expect.objectContaining({ status: 'succeeded', amount: b.total, idempotency_key: `${b.id}:refund` })]);
  });

  it('a cancellation under a strict policy refunds part through Razorpay; an admin then refunds the rest', async () => {
    // more than 7 days ahead: half back
    const b = await paidInstant(strict.id, window(8 * 24, 2));
    const res = await b.calls.cancel(b.id);
    expect(res.statusCode, res.body).toBe(200);
    const refunded = res.json().result.refund_amount as number;
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThan(b.total);
    expect(res.json().result).toMatchObject({ status: 'cancelled', payment_status: 'partially_refunded' });
    expect(fake.payments.get(b.payment)).toMatchObject({ amount_refunded: refunded });
    const rest = await adminRefund(b.id, { full: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(fake.payments.get(b.payment)).toMatchObject({ status: 'refunded', amount_refunded: b.total });
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund').map((l) => l.amount).sort()).toEqual([refunded, b.total - refunded].sort());
  });

  it('an admin refunds part, then the rest; never more than was paid', async () => {
    const b = await paidInstant();
    const part = await adminRefund(b.id, { amount: 1000 });
    expect(part.statusCode, part.body).toBe(200);
    const rest = await adminRefund(b.id, { full: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(fake.payments.get(b.payment)).toMatchObject({ status: 'refunded', amount_refunded: b.total });
    expect(fake.effects.filter((e) => e.ref === b.payment && e.type === 'refund').map((e) => e.amount)).toEqual([1000, b.total - 1000]);
    const refunds = (await ledger(b.id)).filter((l) => l.kind === 'refund');
    expect(refunds.map((l) => [l.status, l.amount])).toEqual(expect.arrayContaining([['succeeded', 1000], ['succeeded', b.total - 1000]]));
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'refunded' });
    const more = await adminRefund(b.id, { amount: 100 });
    expect(more.statusCode).toBeGreaterThanOrEqual(400);
    expect(more.statusCode).toBeLessThan(500);
  });

  it('refund.failed puts the refund back to pending; the retry makes it again under the same receipt; a refund made in Razorpay’s dashboard is recorded once', async () => {
    const b = await paidInstant();
    expect((await adminRefund(b.id, { amount: 2000 })).statusCode).toBe(200);
    const first = [...fake.refunds.values()].find((r) => r.payment_id === b.payment)!;
    fake.failRefund(first.id);
    expect((await deliver(eventOf(first.id, 'refund.failed'))).statusCode).toBe(200);
    const line = async () => (await ledger(b.id)).find((l) => l.kind === 'refund')!;
    expect(await line()).toMatchObject({ status: 'pending', failure_code: 'refund_failed', amount: 2000 });

    await settleMoney(bookingDeps(app), b.id);
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === b.payment);
    expect(made.map((r) => [r.status, r.receipt])).toEqual([
      ['failed', first.receipt],
      ['processed', first.receipt],
    ]);
    expect(await line()).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect((await deliver(eventOf(made[1]!.id, 'refund.processed'))).statusCode).toBe(200);
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund')).toHaveLength(1);

    // made in the dashboard (no receipt of ours): recorded as Razorpay's, once
    const dashboard = await fetch(`${fake.url}/v1/payments/${b.payment}/refund`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500 }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const event = eventOf(dashboard.id, 'refund.processed');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund').map((l) => [l.status, l.amount, l.idempotency_key])).toEqual([
      ['succeeded', 2000, expect.stringContaining(':refund:admin:')],
      ['succeeded', 500, `razorpay:${dashboard.id}`],
    ]);
  });
});

describe('razorpay: saved payment methods', () => {
  it('each saved card names its provider; a Stripe card is not payable under Razorpay', async () => {
    const g = await newGuest(app);
    await db.query(`INSERT INTO payment_methods (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default) VALUES ($1, 'stripe', 'cus_x/pm_x', 'visa', '4242', 12, 2034, true)`, [g.user.id]);
    const list = await app.inject({ url: api('payment-methods'), headers: bearer(g.token) });
    expect(list.json().result).toEqual([expect.objectContaining({ provider: 'stripe', brand: 'visa', last4: '4242' })]);
    const b = await held(instant.id, g);
    const res = await b.calls.pay(b.id, { payment_method_id: list.json().result[0].id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Pay with Razorpay Checkout/);
    // no card is saved here: Checkout keeps them
    for (const [url, payload] of [
      ['payment-methods', { card: CARDS.ok }],
      ['payment-methods/stripe', { payment_method_id: 'pm_card_visa' }],
    ] as const) {
      const save = await app.inject({ method: 'POST', url: api(url), headers: bearer(g.token), payload });
      expect(save.statusCode).toBe(400);
      expect(save.json().message).toMatch(/Razorpay Checkout offers to keep your cards and UPI IDs/);
    }
  });

  it('an admin refund under ₹1 is refused with a clear message (Razorpay’s minimum), not retried in vain', async () => {
    const admin = await createTestUser(db, { name: 'Ada Admin', role: 'admin' });
    const b = await held(instant.id);
    const paid = paidOk(fake.checkout((await start(b)).order_id, { method: 'upi' }));
    expect((await handler(b, paid)).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: api(`admin/bookings/${b.id}/refund`), headers: admin.headers, payload: { reason: 'Rounding', idempotency_key: randomUUID(), amount: 50 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Razorpay refunds at least ₹1.');
    expect((await ledger(b.id)).filter((l) => l.kind === 'refund')).toEqual([]);
  });
});
