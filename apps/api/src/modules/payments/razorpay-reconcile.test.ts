/**
 * Razorpay reconciliation of payments (decision 032, "Reconciliation"): the payer paid in Checkout and
 * closed the tab, and the webhook never came (the fake keeps its events; they are simply not delivered).
 * The sweep asks Razorpay about the order and records the payment through the webhook's own handler.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/database';
import { reconcileDeps } from '../../plugins/razorpay-reconcile';
import { api } from '../../../test/helper';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { newGuest, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import type { FakeRazorpay, RazorpayFakeEvent } from './fake-razorpay';
import { startRazorpayTestApp, type RazorpayTestApp } from './razorpay-testing';
import { reconcileRazorpay } from './razorpay-reconcile';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const KEY_ID = 'rzp_test_reconParkly01';
const KEY_SECRET = 'recon_key_secret_for_tests';
const WEBHOOK_SECRET = 'recon_webhook_secret_for_tests';

let rz: RazorpayTestApp | undefined;
let fake: FakeRazorpay;
let app: App;
let db: Database;
let instant: Awaited<ReturnType<typeof publishedListing>>;
let request: Awaited<ReturnType<typeof publishedListing>>;
type Guest = Awaited<ReturnType<typeof newGuest>>;
let slot = 0;
const nextWindow = () => window(48 + 3 * slot++, 2);

beforeAll(async () => {
  rz = await startRazorpayTestApp({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET }, 'recon');
  ({ fake, app, db } = rz);
  instant = await publishedListing(app, { cancellation_policy: 'flexible', title: 'Indiranagar basement bay' });
  request = await publishedListing(app, { instant_book: false });
});
afterAll(async () => {
  await rz?.close();
});

type Line = { kind: string; status: string; amount: number; idempotency_key: string; provider_ref: string | null };
const ledger = (bookingId: string) =>
  db.query<Line>(`SELECT kind, status, amount, idempotency_key, provider_ref FROM payments WHERE booking_id = $1 ORDER BY created_at, idempotency_key`, [bookingId]);
const bookingRow = async (id: string) => (await db.query<{ status: string; payment_status: string }>(`SELECT status, payment_status FROM bookings WHERE id = $1`, [id]))[0]!;
const sweep = () => reconcileRazorpay(reconcileDeps(app)!);
/** The attempt was started this long ago (the sweep leaves younger ones to Checkout and the webhook). */
const age = (bookingId: string, minutes = 3) =>
  db.query(`UPDATE payments SET created_at = created_at - make_interval(mins => $2), reconcile_at = NULL WHERE booking_id = $1`, [bookingId, minutes]);
/** How often the sweep asked Razorpay about an order's payments. */
const asked = (orderId: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/orders/${orderId}/payments`).length;

function deliver(event: RazorpayFakeEvent) {
  return app.inject({
    method: 'POST',
    url: api('payments/razorpay-webhook'),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body), 'x-razorpay-event-id': event.id },
    payload: event.body,
  });
}
const eventOf = (entityId: string, type: string) => fake.eventsOf(entityId).filter((e) => e.type === type).at(-1)!;

async function held(listingId: string) {
  const who: Guest = await newGuest(app);
  const res = await who.calls.book({ parking_id: listingId, ...nextWindow() });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().result.id as string, total: res.json().result.total as number, calls: who.calls };
}
async function start(b: { id: string; calls: Guest['calls'] }) {
  const res = await b.calls.pay(b.id, { razorpay: {} });
  expect(res.statusCode, res.body).toBe(402);
  return res.json().action.order_id as string;
}
function paidAt(orderId: string, method: 'upi' | 'card' = 'upi') {
  const r = fake.checkout(orderId, { method });
  if (!r.ok) throw new Error('checkout failed');
  return r.razorpay_payment_id;
}

describe('reconciling Razorpay payments whose webhook never came', () => {
  it('confirms a paid booking whose payer closed the tab; a late webhook then changes nothing', async () => {
    const b = await held(instant.id);
    const order = await start(b);
    const payment = paidAt(order);
    // younger than two minutes: left to Checkout and the webhook
    await sweep();
    expect(asked(order)).toBe(0);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });

    await age(b.id);
    await sweep();
    expect(asked(order)).toBe(1);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const once = await ledger(b.id);
    expect(once).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', amount: b.total, provider_ref: payment })]);

    // the webhooks come after all (Razorpay's retry): nothing more
    expect((await deliver(eventOf(payment, 'payment.captured'))).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(eventOf(payment, 'order.paid'))).json()).toEqual({ received: true, duplicate: false });
    expect(await ledger(b.id)).toEqual(once);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    // nor does the page's handler, nor another sweep: the booking is no longer asked about
    await db.query(`UPDATE payments SET reconcile_at = NULL WHERE booking_id = $1`, [b.id]);
    await sweep();
    expect(asked(order)).toBe(1);
    expect(fake.effects.filter((e) => e.ref === payment).map((e) => e.type)).toEqual(['authorise', 'capture']);
  });

  it('requests a request-to-book booking whose authorisation Razorpay holds', async () => {
    const b = await held(request.id);
    const order = await start(b);
    const payment = paidAt(order, 'card');
    await age(b.id);
    await sweep();
    expect(await bookingRow(b.id)).toMatchObject({ status: 'requested', payment_status: 'authorised' });
    expect(await ledger(b.id)).toEqual([expect.objectContaining({ kind: 'authorisation', status: 'succeeded', provider_ref: payment })]);
    expect((await deliver(eventOf(payment, 'payment.authorized'))).statusCode).toBe(200);
    expect(await ledger(b.id)).toHaveLength(1);
  });

  it('an order not paid yet is left as it is and asked about again later, less often', async () => {
    const b = await held(instant.id);
    const order = await start(b);
    await age(b.id);
    await sweep();
    expect(asked(order)).toBe(1);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(await ledger(b.id)).toEqual([expect.objectContaining({ status: 'pending', provider_ref: order })]);
    const wait = (await db.query<{ wait: number }>(`SELECT EXTRACT(EPOCH FROM reconcile_at - now())::float8 AS wait FROM payments WHERE booking_id = $1`, [b.id]))[0]!.wait;
    expect(wait).toBeGreaterThan(200);
    // not due yet: the next sweep does not ask
    await sweep();
    expect(asked(order)).toBe(1);
  });

  it('Razorpay unreachable: nothing changes, and the order is asked about at its next turn', async () => {
    const b = await held(instant.id);
    const order = await start(b);
    paidAt(order);
    await age(b.id);
    fake.fail('500', new RegExp(`^/v1/orders/${order}/payments$`), 1);
    await sweep();
    expect(asked(order)).toBe(1);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending_payment' });
    expect(await ledger(b.id)).toEqual([expect.objectContaining({ status: 'pending', provider_ref: order })]);
    // its next turn (the clock moved on)
    await db.query(`UPDATE payments SET reconcile_at = now() - interval '1 second' WHERE booking_id = $1`, [b.id]);
    await sweep();
    expect(asked(order)).toBe(2);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('paid after the hold lapsed, the webhook lost: the money goes back, once, as the webhook gives it back', async () => {
    const b = await held(instant.id);
    const order = await start(b);
    await db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    await runBookingJobs(bookingDeps(app));
    expect((await bookingRow(b.id)).status).toBe('expired');
    // the payer was still in Checkout
    const payment = paidAt(order);
    await age(b.id, 20);
    await sweep();
    expect(fake.payments.get(payment)).toMatchObject({ status: 'refunded', amount_refunded: b.total });
    const refunds = async () => (await ledger(b.id)).filter((l) => l.kind === 'refund');
    expect(await refunds()).toEqual([expect.objectContaining({ status: 'succeeded', amount: b.total, idempotency_key: `razorpay:${payment}:return` })]);
    expect((await bookingRow(b.id)).status).toBe('expired');
    // again, and the late webhook: nothing more goes back
    await db.query(`UPDATE payments SET reconcile_at = NULL WHERE booking_id = $1`, [b.id]);
    await sweep();
    expect((await deliver(eventOf(payment, 'payment.captured'))).statusCode).toBe(200);
    expect(await refunds()).toHaveLength(1);
    expect(fake.effects.filter((e) => e.ref === payment && e.type === 'refund')).toHaveLength(1);
  });

  it('two sweeps at once ask about an order once and confirm it once', async () => {
    const b = await held(instant.id);
    const order = await start(b);
    const payment = paidAt(order, 'card');
    await age(b.id);
    await Promise.all([sweep(), sweep()]);
    expect(asked(order)).toBe(1);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await ledger(b.id)).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', provider_ref: payment })]);
    expect(await db.query(`SELECT 1 FROM booking_events WHERE booking_id = $1 AND to_status = 'confirmed'`, [b.id])).toHaveLength(1);
  });
});
