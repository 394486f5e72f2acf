/**
 * Monthly passes under PAYMENT_PROVIDER=razorpay (decision 042), through HTTP and the renewal job at times the
 * test chooses, with the real `razorpay` SDK pointed at the fake Razorpay: the first month paid in Checkout as a
 * recurring authorisation (UPI AutoPay or a card), its token kept; renewals charged through the token (a card at
 * once, a UPI AutoPay debit settled by its webhook), retried, asked again after a lost answer without a second
 * charge; a token the payer revoked makes the month wait on its driver, who confirms it through Checkout (a new
 * mandate), or the pass lapses after the last attempt. Decision 045: the payer's token.* webhooks stop the mandate (or
 * start it again) at once; a month its driver paid in Checkout whose report and webhook were both lost is found by the
 * reconciliation; a pass bought under another provider says nothing renews it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/database';
import { api, signUp } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import type { FakeRazorpay, RazorpayFakeEvent } from '../payments/fake-razorpay';
import { recurringReceiptOf } from '../payments/razorpay-payments';
import { reconcileRazorpay } from '../payments/razorpay-reconcile';
import { startRazorpayTestApp, type RazorpayTestApp } from '../payments/razorpay-testing';
import { reconcileDeps } from '../../plugins/razorpay-reconcile';
import { bookingDeps } from './bookings.routes';
import { CLAIM_LEASE_MS, runRenewals } from './monthly-renewals';
import { newGuest } from './testing';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let rz: RazorpayTestApp | undefined;
let fake: FakeRazorpay;
let app: App;
let db: Database;

beforeAll(async () => {
  rz = await startRazorpayTestApp({ keyId: 'rzp_test_rzPassParkly01', keySecret: 'rz_pass_key_secret', webhookSecret: 'rz_pass_webhook_secret' }, 'rzpass');
  ({ fake, app, db } = rz);
});
afterAll(() => rz?.close());

const deps = () => bookingDeps(app);
const at = (iso: string) => new Date(iso);
type Guest = Awaited<ReturnType<typeof newGuest>>;
type Period = { n: number; start: string; end: string; total: number; payment_status: string; attempts: number; next_attempt_at: string | null };
type Pass = {
  id: string;
  status: string;
  period_end: string | null;
  renews_at: string | null;
  ends_at: string | null;
  periods: Period[];
  renews_with: { method: string; label: string; state: string } | null;
  events: { event: string; by: string }[];
};
type Action = { type: string; order_id: string; amount: number; recurring?: { customer_id: string; method: 'upi' | 'card' } };
type Line = { kind: string; status: string; amount: number; idempotency_key: string; provider_ref: string | null; failure_code: string | null };

const ledger = (bookingId: string) =>
  db.query<Line>(`SELECT kind, status, amount, idempotency_key, provider_ref, failure_code FROM payments WHERE booking_id = $1 ORDER BY created_at, idempotency_key`, [bookingId]);
const view = async (g: Guest, id: string) => (await g.calls.get(id)).json().result as Pass;
const titles = async (userId: string) => (await db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]));

function deliver(event: RazorpayFakeEvent) {
  return app.inject({
    method: 'POST',
    url: api('payments/razorpay-webhook'),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body), 'x-razorpay-event-id': event.id },
    payload: event.body,
  });
}
/** Razorpay's webhooks about one payment (and its order), delivered in order. */
async function deliverAbout(paymentId: string) {
  const events = fake.eventsOf(paymentId);
  for (const e of events) expect((await deliver(e)).statusCode).toBe(200);
  return events;
}

/** Checkout: the payer pays the action's order as Checkout would (with its customer and recurring: 1). */
function checkout(action: Action, outcome: 'success' | 'failure' = 'success', vpa = 'rider@okaxis') {
  const r = fake.checkout(action.order_id, { method: action.recurring!.method, customerId: action.recurring!.customer_id, recurring: true, outcome, vpa });
  return r;
}

/** The recurring payments the fake holds for one renewal attempt's order (found by its receipt). */
const chargesOf = (key: string) => {
  const order = [...fake.orders.values()].find((o) => o.receipt === recurringReceiptOf(key));
  return order ? [...fake.payments.values()].filter((p) => p.order_id === order.id) : [];
};

/** A new driver's paid pass from `start`, paid in Checkout with `method`: the pass, its token, the driver. */
async function paidPass(start: string, method: 'upi' | 'card') {
  const listing = await publishedListing(app, { capacity: 1 });
  const guest = await newGuest(app);
  const made = await guest.calls.book({ parking_id: listing.id, start, plan: 'monthly' });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().result.id as string;
  const started = await guest.calls.pay(id, { razorpay: { method } });
  expect(started.statusCode, started.body).toBe(402);
  const action = started.json().action as Action;
  const paid = checkout(action);
  if (!paid.ok) throw new Error('checkout failed');
  const res = await guest.calls.pay(id, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature });
  expect(res.statusCode, res.body).toBe(200);
  const token = fake.payments.get(paid.razorpay_payment_id)!.token_id as string;
  return { listing, guest, id, action, token, pass: res.json().result as Pass };
}

describe('a monthly pass paid with Razorpay', () => {
  it('the first month is a recurring authorisation (UPI AutoPay): its token is kept; the renewal debit is confirmed by its webhook, once', async () => {
    const { guest, id, action, token, pass, listing } = await paidPass('2027-01-31T09:00:00+05:30', 'upi');
    // the order: the driver's customer, UPI, the token's limit covering a renewal, monthly
    const order = fake.orders.get(action.order_id)!;
    expect(action.recurring).toEqual({ customer_id: order.customer_id, method: 'upi' });
    expect(order).toMatchObject({ method: 'upi', receipt: id, amount: pass.periods[0]!.total, token: { frequency: 'monthly' } });
    expect(order.token.max_amount).toBeGreaterThanOrEqual(pass.periods[0]!.total);
    expect(pass).toMatchObject({ status: 'confirmed', renews_at: '2027-02-28T09:00:00+05:30', renews_with: { method: 'upi', label: 'UPI AutoPay · rider@okaxis' } });
    expect(fake.tokens.get(token)).toMatchObject({ method: 'upi', recurring_details: { status: 'confirmed' } });
    // the host does not see the driver's UPI ID
    expect((await listing.calls.call('GET', `bookings/${id}`)).json().result.renews_with).toBeNull();

    // a day before the month: the debit is asked for, and the bank settles it later
    const first = await runRenewals(deps(), at('2027-02-27T09:30:00+05:30'), { bookingId: id });
    expect(first).toMatchObject({ pending: 1, renewed: 0 });
    const key = `${id}:renew:2:1`;
    const [debit] = chargesOf(key);
    expect(debit).toMatchObject({ status: 'created', method: 'upi', token_id: token, recurring: true, amount: pass.periods[0]!.total });
    let b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ n: 2, payment_status: 'due', attempts: 1 });
    expect((await ledger(id)).find((l) => l.idempotency_key === key)).toMatchObject({ status: 'pending', provider_ref: debit!.id });
    // not asked again while it is pending (the next look is hours away)
    expect(await runRenewals(deps(), at('2027-02-27T10:30:00+05:30'), { bookingId: id })).toMatchObject({ pending: 0, renewed: 0 });

    fake.settleRecurring(debit!.id, 'captured');
    const events = await deliverAbout(debit!.id);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['payment.authorized', 'payment.captured', 'order.paid']));
    b = await view(guest, id);
    expect(b).toMatchObject({ period_end: '2027-03-31T09:00:00+05:30', renews_at: '2027-03-31T09:00:00+05:30' });
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid' });
    expect(b.events.filter((e) => e.event === 'renew')).toEqual([expect.objectContaining({ by: 'system' })]);
    const before = await ledger(id);
    expect(before.find((l) => l.idempotency_key === key)).toMatchObject({ status: 'succeeded', provider_ref: debit!.id });
    // a replayed webhook (Razorpay's retry, under the same id) and the job's later look change nothing
    for (const e of events) expect((await deliver(e)).statusCode).toBe(200);
    expect(await runRenewals(deps(), at('2027-02-28T09:30:00+05:30'), { bookingId: id })).toMatchObject({ renewed: 0, pending: 0 });
    expect(await ledger(id)).toEqual(before);
    expect((await view(guest, id)).events.filter((e) => e.event === 'renew')).toHaveLength(1);
    const earnings = await db.query(`SELECT 1 FROM host_ledger_entries WHERE booking_id = $1 AND kind = 'earning'`, [id]);
    expect(earnings).toHaveLength(2);
    expect((await titles(guest.user.id)).map((n) => n.title)).toContain('Monthly pass renewed');
  });

  it('a UPI debit whose webhook is lost is found by the job’s next look; a failed debit is retried a day later', async () => {
    const { guest, id } = await paidPass('2027-01-20T09:00:00+05:30', 'upi');
    expect((await runRenewals(deps(), at('2027-02-19T09:30:00+05:30'), { bookingId: id })).pending).toBe(1);
    const [debit] = chargesOf(`${id}:renew:2:1`);
    fake.settleRecurring(debit!.id, 'failed');
    // the bank said no and the webhook says so: the attempt failed, tried again a day later
    await deliverAbout(debit!.id);
    let b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'retrying', attempts: 1, next_attempt_at: '2027-02-20T09:00:00+05:30' });
    // the second debit's webhook never comes: the job's look hours later finds it captured
    expect((await runRenewals(deps(), at('2027-02-20T09:30:00+05:30'), { bookingId: id })).pending).toBe(1);
    const [second] = chargesOf(`${id}:renew:2:2`);
    fake.settleRecurring(second!.id, 'captured');
    expect((await runRenewals(deps(), at('2027-02-20T12:00:00+05:30'), { bookingId: id })).renewed).toBe(0);
    expect((await runRenewals(deps(), at('2027-02-20T16:00:00+05:30'), { bookingId: id })).renewed).toBe(1);
    b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid', attempts: 2 });
    expect(chargesOf(`${id}:renew:2:2`)).toHaveLength(1);
    // its webhook, late, changes nothing
    const lines = await ledger(id);
    await deliverAbout(second!.id);
    expect(await ledger(id)).toEqual(lines);
  });

  it('a card pass renews at once; a refused charge is retried a day later and then renews, each attempt its own order', async () => {
    const { guest, id, token } = await paidPass('2027-01-15T09:00:00+05:30', 'card');
    expect((await view(guest, id)).renews_with).toEqual({ method: 'card', label: 'Visa ending 1111', state: 'active' });
    fake.nextRecurring('failure');
    expect((await runRenewals(deps(), at('2027-02-14T09:30:00+05:30'), { bookingId: id })).failed).toBe(1);
    let b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'retrying', attempts: 1 });
    expect((await titles(guest.user.id)).map((n) => n.title)).toContain('Monthly pass: payment failed');
    expect((await runRenewals(deps(), at('2027-02-15T09:30:00+05:30'), { bookingId: id })).renewed).toBe(1);
    b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid', attempts: 2 });
    expect(chargesOf(`${id}:renew:2:1`).map((p) => p.status)).toEqual(['failed']);
    expect(chargesOf(`${id}:renew:2:2`).map((p) => [p.status, p.token_id])).toEqual([['captured', token]]);
    // the failed payment's webhook, late, does not undo the paid month
    await deliverAbout(chargesOf(`${id}:renew:2:1`)[0]!.id);
    expect((await view(guest, id)).periods[1]!.payment_status).toBe('paid');
  });

  it('a run whose answer was lost is asked again after its lease with the same key: one charge, one line', async () => {
    const { guest, id } = await paidPass('2027-01-12T09:00:00+05:30', 'card');
    const now = at('2027-02-11T09:30:00+05:30');
    // Razorpay charged, and its answer never came back
    fake.fail('lose-answer', /\/v1\/payments\/create\/recurring/);
    expect((await runRenewals(deps(), now, { bookingId: id })).unknown).toBe(1);
    const key = `${id}:renew:2:1`;
    expect(chargesOf(key).map((p) => p.status)).toEqual(['captured']);
    expect((await view(guest, id)).periods[1]).toMatchObject({ payment_status: 'due', attempts: 1 });
    // within the lease nobody asks; after it the same key finds the charge: no second payment
    expect((await runRenewals(deps(), new Date(now.getTime() + CLAIM_LEASE_MS / 2), { bookingId: id })).renewed).toBe(0);
    expect((await runRenewals(deps(), new Date(now.getTime() + CLAIM_LEASE_MS + 60_000), { bookingId: id })).renewed).toBe(1);
    expect(chargesOf(key)).toHaveLength(1);
    expect((await ledger(id)).filter((l) => l.idempotency_key.includes(':renew:'))).toEqual([expect.objectContaining({ idempotency_key: key, status: 'succeeded' })]);
    expect((await view(guest, id)).periods[1]).toMatchObject({ payment_status: 'paid', attempts: 1 });
  });

  it('a run that died after its claim is asked again with the same key; two runs at once charge once', async () => {
    const { guest, id } = await paidPass('2027-01-10T09:00:00+05:30', 'card');
    const now = at('2027-02-09T09:30:00+05:30');
    // the claim is made, then Razorpay does not answer at all (the process might as well have died)
    fake.fail('stall', /\/v1\/payments\/create\/recurring/);
    expect((await runRenewals(deps(), now, { bookingId: id })).unknown).toBe(1);
    const later = new Date(now.getTime() + CLAIM_LEASE_MS + 60_000);
    await Promise.all([runRenewals(deps(), later, { bookingId: id }), runRenewals(deps(), later, { bookingId: id })]);
    const charged = chargesOf(`${id}:renew:2:1`);
    // the order made before the stall is found by its receipt and paid once; no second order, no second payment
    expect(charged.map((p) => p.status)).toEqual(['captured']);
    expect([...fake.orders.values()].filter((o) => o.receipt === recurringReceiptOf(`${id}:renew:2:1`))).toHaveLength(1);
    expect((await view(guest, id)).periods[1]!.payment_status).toBe('paid');
  });
});

describe('a renewal that needs the driver', () => {
  it('a revoked mandate: the month waits on its driver, who is told and confirms it in Checkout with a new mandate', async () => {
    const { guest, id, token, listing } = await paidPass('2027-01-25T09:00:00+05:30', 'upi');
    fake.revokeToken(token);
    expect((await runRenewals(deps(), at('2027-02-24T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    let b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ n: 2, payment_status: 'action_required', attempts: 1, next_attempt_at: '2027-02-25T09:00:00+05:30' });
    expect(b.events.map((e) => e.event)).toContain('renewal_action_required');
    expect(chargesOf(`${id}:renew:2:1`)).toEqual([]);
    expect((await ledger(id)).find((l) => l.idempotency_key === `${id}:renew:2:1`)).toMatchObject({ status: 'failed', failure_code: 'mandate_inactive' });
    const notice = (await titles(guest.user.id)).find((n) => n.title === "Monthly pass: confirm this month's payment")!;
    expect(notice.description).toMatch(/needs your confirmation/);
    expect(notice.description).toMatch(/Confirm this month's payment/);
    // the e-mail links to the booking page, where the button is
    const [mail] = await db.query<{ body: string }>(`SELECT body_text AS body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Monthly pass: confirm%'`, [guest.user.email]);
    expect(mail!.body).toContain(`/parking/booking-details/${id}`);

    // who may confirm, and what: 404 for anyone else, 400 for month 1 or card details, 409 for a month not waiting
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'POST', url: api(`bookings/${id}/periods/2/pay`), headers: { authorization: `Bearer ${stranger.token}` }, payload: { razorpay: {} } })).statusCode).toBe(404);
    expect((await listing.calls.call('POST', `bookings/${id}/periods/2/pay`, { razorpay: {} })).statusCode).toBe(404);
    expect((await guest.calls.payPeriod(id, 1, { razorpay: {} })).statusCode).toBe(400);
    expect((await guest.calls.payPeriod(id, 3, { razorpay: {} })).statusCode).toBe(409);
    const asCard = await guest.calls.payPeriod(id, 2, {});
    expect(asCard.statusCode).toBe(400);
    expect(asCard.json().message).toMatch(/Razorpay Checkout/);

    // the driver confirms: a Checkout order for the month that authorises the renewals again (by card this time)
    const started = await guest.calls.payPeriod(id, 2, { razorpay: { method: 'card' } });
    expect(started.statusCode, started.body).toBe(402);
    const action = started.json().action as Action;
    expect(action).toMatchObject({ type: 'razorpay_checkout', amount: b.periods[1]!.total, recurring: { method: 'card' } });
    // a forged signature is refused and records nothing
    const forged = await guest.calls.payPeriod(id, 2, { razorpay_order_id: action.order_id, razorpay_payment_id: 'pay_AAAAAAAAAAAAAA', razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(409);
    const paid = checkout(action);
    if (!paid.ok) throw new Error('checkout failed');
    const res = await guest.calls.payPeriod(id, 2, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature });
    expect(res.statusCode, res.body).toBe(200);
    b = res.json().result as Pass;
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid' });
    expect(b).toMatchObject({ period_end: '2027-03-25T09:00:00+05:30', renews_with: { method: 'card', label: 'Visa ending 1111' } });
    expect(b.events.filter((e) => e.event === 'renew')).toEqual([expect.objectContaining({ by: 'guest' })]);
    // sent again: the same answer, nothing twice; the webhooks change nothing
    const lines = await ledger(id);
    expect((await guest.calls.payPeriod(id, 2, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature })).statusCode).toBe(200);
    await deliverAbout(paid.razorpay_payment_id);
    expect(await ledger(id)).toEqual(lines);
    // the job's next attempt finds nothing to do; next month is charged to the new card mandate, at once
    expect(await runRenewals(deps(), at('2027-02-25T09:30:00+05:30'), { bookingId: id })).toMatchObject({ renewed: 0, action_required: 0 });
    expect((await runRenewals(deps(), at('2027-03-24T09:30:00+05:30'), { bookingId: id })).renewed).toBe(1);
    const newToken = fake.payments.get(paid.razorpay_payment_id)!.token_id;
    expect(chargesOf(`${id}:renew:3:1`).map((p) => [p.status, p.token_id])).toEqual([['captured', newToken]]);
  });

  it('the driver pays in Checkout and closes the tab: the webhook records the month and keeps the new mandate; a failed try stays open', async () => {
    const { guest, id, token } = await paidPass('2027-01-18T09:00:00+05:30', 'upi');
    fake.revokeToken(token, 'paused');
    expect((await runRenewals(deps(), at('2027-02-17T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    const action = (await guest.calls.payPeriod(id, 2, { razorpay: { method: 'upi' } })).json().action as Action;
    // a failed UPI payment: a decline, the month still waits and Checkout can pay the same order
    const failed = checkout(action, 'failure');
    if (failed.ok) throw new Error('expected a failure');
    const reported = await guest.calls.payPeriod(id, 2, { razorpay_order_id: action.order_id, razorpay_payment_id: failed.payment });
    expect(reported.statusCode).toBe(402);
    expect(reported.json().code).toBe('PAYMENT_DECLINED');
    await deliverAbout(failed.payment);
    expect((await view(guest, id)).periods[1]!.payment_status).toBe('action_required');
    const again = (await guest.calls.payPeriod(id, 2, { razorpay: { method: 'upi' } })).json().action as Action;
    expect(again.order_id).not.toBe(action.order_id);
    const paid = checkout(again, 'success', 'rider.new@okhdfc');
    if (!paid.ok) throw new Error('checkout failed');
    await deliverAbout(paid.razorpay_payment_id);
    const b = await view(guest, id);
    expect(b.periods[1]!.payment_status).toBe('paid');
    expect(b.renews_with).toEqual({ method: 'upi', label: 'UPI AutoPay · rider.new@okhdfc', state: 'active' });
    // the page's report after the webhook: the same booking
    const late = await guest.calls.payPeriod(id, 2, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature });
    expect(late.statusCode, late.body).toBe(200);
  });

  it('nobody confirms: the mandate is tried on schedule and the pass lapses after the last attempt, both told', async () => {
    const { guest, id, token, listing } = await paidPass('2027-01-05T09:00:00+05:30', 'card');
    fake.expireToken(token);
    await runRenewals(deps(), at('2027-02-04T09:30:00+05:30'), { bookingId: id });
    await runRenewals(deps(), at('2027-02-05T09:30:00+05:30'), { bookingId: id });
    let b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'action_required', attempts: 2, next_attempt_at: '2027-02-07T09:00:00+05:30' });
    await runRenewals(deps(), at('2027-02-07T09:30:00+05:30'), { bookingId: id });
    b = await view(guest, id);
    expect(b).toMatchObject({ ends_at: '2027-02-05T09:00:00+05:30', renews_at: null });
    expect(b.periods[1]).toMatchObject({ payment_status: 'failed', attempts: 3 });
    expect(b.events.filter((e) => e.event === 'renewal_action_required')).toHaveLength(2);
    expect(b.events.map((e) => e.event)).toContain('renewal_lapsed');
    expect((await titles(listing.host.user.id)).map((n) => n.title)).toContain('Monthly pass ended');
    // too late to confirm now
    expect((await guest.calls.payPeriod(id, 2, { razorpay: {} })).statusCode).toBe(409);
  });
});

describe('a mandate its payer stops (decision 045)', () => {
  /** The fake's last event of a type about an entity (a token, a payment). */
  const lastEvent = (entityId: string, type: string) => fake.eventsOf(entityId).filter((e) => e.type === type).at(-1)!;
  const mandateState = async (id: string) => (await db.query<{ status: string }>(`SELECT status FROM pass_mandates WHERE booking_id = $1`, [id]))[0]?.status;
  const recurringCalls = () => fake.requests.filter((r) => r.path === '/v1/payments/create/recurring').length;

  it('token.cancelled: the mandate stops at once, its driver is told, the page says so, and the job sends the month to them without trying it', async () => {
    const { guest, id, token, listing } = await paidPass('2027-03-10T09:00:00+05:30', 'upi');
    fake.revokeToken(token);
    const event = lastEvent(token, 'token.cancelled');
    // a forged delivery changes nothing
    const forged = await app.inject({
      method: 'POST',
      url: api('payments/razorpay-webhook'),
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body, 'not_the_secret'), 'x-razorpay-event-id': event.id },
      payload: event.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(await mandateState(id)).toBe('active');

    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect(await mandateState(id)).toBe('cancelled');
    const b = await view(guest, id);
    expect(b.renews_with).toEqual({ method: 'upi', label: 'UPI AutoPay · rider@okaxis', state: 'cancelled' });
    // the host still sees nothing of the driver's UPI ID
    expect((await listing.calls.call('GET', `bookings/${id}`)).json().result.renews_with).toBeNull();
    const told = (await titles(guest.user.id)).filter((n) => n.title === 'Monthly pass: UPI AutoPay was cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.description).toMatch(/UPI AutoPay · rider@okaxis .* was cancelled in your UPI app/);
    expect(told[0]!.description).toMatch(/Confirm this month's payment/);
    const [mail] = await db.query<{ body: string }>(`SELECT body_text AS body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Monthly pass: UPI AutoPay was cancelled%'`, [guest.user.email]);
    expect(mail!.body).toContain(`/parking/booking-details/${id}`);

    // the same event again (Razorpay's retry, or a copy under another id): nothing more
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver({ ...event, id: 'evt_AnotherIdCopy01' })).json()).toMatchObject({ received: true, duplicate: true });
    expect((await titles(guest.user.id)).filter((n) => n.title === 'Monthly pass: UPI AutoPay was cancelled')).toHaveLength(1);

    // the month: no recurring charge is tried on the dead token; it waits on its driver straight away
    const calls = recurringCalls();
    expect((await runRenewals(deps(), at('2027-04-09T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    expect(recurringCalls()).toBe(calls);
    expect(chargesOf(`${id}:renew:2:1`)).toEqual([]);
    expect((await ledger(id)).find((l) => l.idempotency_key === `${id}:renew:2:1`)).toMatchObject({ status: 'failed', failure_code: 'mandate_inactive' });
    expect((await view(guest, id)).periods[1]).toMatchObject({ payment_status: 'action_required', attempts: 1 });

    // the driver confirms through Checkout: a new mandate replaces the stopped one, usable
    const action = (await guest.calls.payPeriod(id, 2, { razorpay: { method: 'upi' } })).json().action as Action;
    const paid = checkout(action, 'success', 'rider.again@okicici');
    if (!paid.ok) throw new Error('checkout failed');
    const res = await guest.calls.payPeriod(id, 2, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: paid.razorpay_order_id, razorpay_signature: paid.razorpay_signature });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().result as Pass).renews_with).toEqual({ method: 'upi', label: 'UPI AutoPay · rider.again@okicici', state: 'active' });
    // the old token's news, late, is about a token this pass no longer renews with
    expect((await deliver({ ...lastEvent(token, 'token.cancelled'), id: 'evt_LateOldTokenNews1', body: event.body.replace('"created_at":', '"late":1,"created_at":') })).statusCode).toBe(200);
    expect(await mandateState(id)).toBe('active');
    // next month is charged to the new token
    expect((await runRenewals(deps(), at('2027-05-09T09:30:00+05:30'), { bookingId: id })).pending).toBe(1);
    expect(chargesOf(`${id}:renew:3:1`).map((p) => p.token_id)).toEqual([fake.payments.get(paid.razorpay_payment_id)!.token_id]);
  });

  it('token.paused, then token.confirmed when the pause ends: usable again, and an older event delivered late does not undo it', async () => {
    const { guest, id, token } = await paidPass('2027-03-12T09:00:00+05:30', 'upi');
    fake.revokeToken(token, 'paused');
    const paused = lastEvent(token, 'token.paused');
    expect((await deliver(paused)).statusCode).toBe(200);
    expect((await view(guest, id)).renews_with).toMatchObject({ state: 'paused' });
    expect((await titles(guest.user.id)).map((n) => n.title)).toContain('Monthly pass: UPI AutoPay was paused');

    fake.resumeToken(token);
    const confirmed = lastEvent(token, 'token.confirmed');
    expect((await deliver(confirmed)).statusCode).toBe(200);
    expect((await view(guest, id)).renews_with).toMatchObject({ state: 'active' });
    // a pause Razorpay reported before the confirmation, delivered only now: older, so nothing changes
    const body = JSON.parse(paused.body) as { created_at: number };
    const stale = JSON.stringify({ ...body, created_at: JSON.parse(confirmed.body).created_at - 60 });
    expect((await deliver({ id: 'evt_StalePauseEvent01', type: 'token.paused', body: stale })).statusCode).toBe(200);
    expect((await view(guest, id)).renews_with).toMatchObject({ state: 'active' });
    // the renewal charges the token again
    expect((await runRenewals(deps(), at('2027-04-11T09:30:00+05:30'), { bookingId: id })).pending).toBe(1);
    expect(chargesOf(`${id}:renew:2:1`)).toHaveLength(1);
  });

  it('a card token rejected by the bank, and a token no pass renews with', async () => {
    const { guest, id, token } = await paidPass('2027-03-14T09:00:00+05:30', 'card');
    fake.revokeToken(token, 'rejected');
    expect((await deliver(lastEvent(token, 'token.rejected'))).statusCode).toBe(200);
    expect((await view(guest, id)).renews_with).toEqual({ method: 'card', label: 'Visa ending 1111', state: 'rejected' });
    const told = (await titles(guest.user.id)).find((n) => n.title === 'Monthly pass: card renewal was rejected')!;
    expect(told.description).toMatch(/was rejected by your bank/);

    // Razorpay's news of a token Parkly never kept: answered, ignored
    const stranger = fake.tokens.get(token)!;
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_fakeParkly0001', event: 'token.cancelled', contains: ['token'], payload: { token: { entity: { ...stranger, id: 'token_UnknownToken0001' } } }, created_at: Math.floor(Date.now() / 1000) });
    expect((await deliver({ id: 'evt_UnknownTokenNews1', type: 'token.cancelled', body })).json()).toEqual({ received: true, duplicate: false });
    expect(await mandateState(id)).toBe('rejected');
    // a malformed token entity is answered too, and changes nothing
    const odd = JSON.stringify({ entity: 'event', event: 'token.cancelled', contains: ['token'], payload: { token: { entity: { id: 42 } } } });
    expect((await deliver({ id: 'evt_MalformedToken001', type: 'token.cancelled', body: odd })).statusCode).toBe(200);
  });
});

describe('a month its driver paid in Checkout, whose page report and webhook were both lost (decision 045)', () => {
  const sweep = () => reconcileRazorpay(reconcileDeps(app)!);
  /** The driver's tries were made minutes ago (the sweep leaves younger ones to Checkout and the webhook), and are due a look. */
  const age = (id: string) =>
    db.query(`UPDATE payments SET created_at = created_at - interval '3 minutes', reconcile_at = NULL WHERE booking_id = $1 AND idempotency_key LIKE '%:driver:%'`, [id]);
  const renewals = async (g: Guest, id: string) => (await view(g, id)).events.filter((e) => e.event === 'renew');

  /** A pass whose month 2 waits on its driver (its token expired), and the driver's Checkout order for it. */
  async function waiting(start: string, runAt: string) {
    const p = await paidPass(start, 'card');
    fake.expireToken(p.token);
    expect((await runRenewals(deps(), at(runAt), { bookingId: p.id })).action_required).toBe(1);
    const started = await p.guest.calls.payPeriod(p.id, 2, { razorpay: { method: 'upi' } });
    expect(started.statusCode, started.body).toBe(402);
    return { ...p, action: started.json().action as Action };
  }

  it('the reconciliation finds it and pays the month once, with the new mandate; a second sweep and the late webhook change nothing', async () => {
    const { guest, id, action } = await waiting('2027-06-10T09:00:00+05:30', '2027-07-09T09:30:00+05:30');
    const paid = checkout(action, 'success', 'rider.lost@okaxis');
    if (!paid.ok) throw new Error('checkout failed');
    // nothing reported, no webhook: still waiting
    expect((await view(guest, id)).periods[1]!.payment_status).toBe('action_required');
    await age(id);
    await sweep();
    const b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid' });
    expect(b.renews_with).toEqual({ method: 'upi', label: 'UPI AutoPay · rider.lost@okaxis', state: 'active' });
    expect(await renewals(guest, id)).toEqual([expect.objectContaining({ by: 'guest' })]);
    const lines = await ledger(id);
    expect(lines.find((l) => l.idempotency_key === `${id}:renew:2:driver:1`)).toMatchObject({ status: 'succeeded', provider_ref: paid.razorpay_payment_id });
    expect(lines.filter((l) => l.kind === 'refund')).toEqual([]);

    await db.query(`UPDATE payments SET reconcile_at = NULL WHERE booking_id = $1`, [id]);
    await sweep();
    await deliverAbout(paid.razorpay_payment_id);
    expect(await ledger(id)).toEqual(lines);
    expect(await renewals(guest, id)).toHaveLength(1);
  });

  it('paid after the job let the try go: the month still waits for it, so it is recorded rather than given back', async () => {
    const { guest, id, action } = await waiting('2027-06-14T09:00:00+05:30', '2027-07-13T09:30:00+05:30');
    // the driver leaves Checkout open; the job's next try, long after the driver's 30 minutes, lets it go
    expect((await runRenewals(deps(), at('2027-07-14T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    expect((await ledger(id)).find((l) => l.idempotency_key === `${id}:renew:2:driver:1`)).toMatchObject({ status: 'failed', failure_code: 'abandoned' });
    const paid = checkout(action);
    if (!paid.ok) throw new Error('checkout failed');
    await age(id);
    await sweep();
    const b = await view(guest, id);
    expect(b.periods[1]).toMatchObject({ payment_status: 'paid', attempts: 2 });
    expect(b.renews_with).toMatchObject({ method: 'upi', state: 'active' });
    const lines = await ledger(id);
    expect(lines.find((l) => l.idempotency_key === `${id}:renew:2:driver:1`)).toMatchObject({ status: 'succeeded', provider_ref: paid.razorpay_payment_id });
    expect(lines.filter((l) => l.kind === 'refund')).toEqual([]);
    // the job's last attempt finds the month paid
    expect(await runRenewals(deps(), at('2027-07-16T09:30:00+05:30'), { bookingId: id })).toMatchObject({ renewed: 0, action_required: 0, lapsed: 0 });
  });

  it('paid after the month was paid another way: that money goes back, once', async () => {
    const { guest, id, action } = await waiting('2027-06-18T09:00:00+05:30', '2027-07-17T09:30:00+05:30');
    expect((await runRenewals(deps(), at('2027-07-18T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    // the driver starts again and pays the new order, reported by the page
    const again = (await guest.calls.payPeriod(id, 2, { razorpay: { method: 'upi' } })).json().action as Action;
    expect(again.order_id).not.toBe(action.order_id);
    const second = checkout(again);
    if (!second.ok) throw new Error('checkout failed');
    expect((await guest.calls.payPeriod(id, 2, { razorpay_payment_id: second.razorpay_payment_id, razorpay_order_id: second.razorpay_order_id, razorpay_signature: second.razorpay_signature })).statusCode).toBe(200);
    // and then the first order too, in a tab left open
    const first = checkout(action);
    if (!first.ok) throw new Error('checkout failed');
    await age(id);
    await sweep();
    await db.query(`UPDATE payments SET reconcile_at = NULL WHERE booking_id = $1`, [id]);
    await sweep();
    const refunds = (await ledger(id)).filter((l) => l.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: (await view(guest, id)).periods[1]!.total, provider_ref: first.razorpay_payment_id })]);
    expect(await renewals(guest, id)).toHaveLength(1);
  });
});

describe('a pass bought under another provider, on a Razorpay server (the demo’s: decision 045)', () => {
  it('says nothing renews it, and its month waits on its driver without a charge being tried', async () => {
    const { guest, id } = await paidPass('2027-08-10T09:00:00+05:30', 'card');
    // as the demo's pass: its first month paid with a simulated card it keeps, no mandate
    await db.query(`DELETE FROM pass_mandates WHERE booking_id = $1`, [id]);
    const [card] = await db.query<{ id: string }>(
      `INSERT INTO payment_methods (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default) VALUES ($1, 'simulated', 'sim_card_ok_demo', 'visa', '4242', 12, 2031, true) RETURNING id`,
      [guest.user.id],
    );
    await db.query(`UPDATE bookings SET payment_method_id = $2 WHERE id = $1`, [id, card!.id]);
    expect((await view(guest, id)).renews_with).toBeNull();
    const calls = fake.requests.filter((r) => r.path === '/v1/payments/create/recurring').length;
    expect((await runRenewals(deps(), at('2027-09-09T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/v1/payments/create/recurring').length).toBe(calls);
  });
});
