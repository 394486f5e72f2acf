/**
 * 3-D Secure with the Stripe driver (decision 005): a payment the bank wants the payer to confirm
 * answers 402 PAYMENT_ACTION_REQUIRED with the intent's client secret, the browser confirms (here:
 * the fake's challenge), and `POST bookings/:id/pay {payment_intent_id}` records it once, whether the
 * webhook comes first, later, or twice. The real booking flow through app.inject, the real `stripe`
 * SDK, a fake Stripe on a local port.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, bearer } from '../../../test/helper';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { CARDS, newGuest } from '../bookings/testing';
import { startStripeWorld } from './stripe-testing';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const WEBHOOK_SECRET = 'whsec_parkly_3ds_secret';
const SECURE = { number: '4000 0027 6000 3184', exp_month: 12, exp_year: 2034, cvc: '123' };

type World = Awaited<ReturnType<typeof startStripeWorld>>;
let world: World;
let fake: World['fake'];
let app: World['app'];
let db: World['db'];
/** one listing of each kind and one driver for the whole file */
let instant: World['instant'];
let request: World['request'];
let guest: World['guest'];
const nextWindow = () => world.nextWindow();

beforeAll(async () => {
  world = await startStripeWorld({ webhookSecret: WEBHOOK_SECRET, timeoutMs: 2000 });
  ({ fake, app, db, instant, request, guest } = world);
});
afterAll(() => world?.close());

type Line = { kind: string; status: string; amount: number; idempotency_key: string; provider_ref: string | null; failure_code: string | null };
const ledger = (bookingId: string) =>
  db.query<Line>(`SELECT kind, status, amount, idempotency_key, provider_ref, failure_code FROM payments WHERE booking_id = $1 ORDER BY created_at, kind`, [bookingId]);
const bookingRow = async (id: string) =>
  (await db.query<{ status: string; payment_status: string }>(`SELECT status, payment_status FROM bookings WHERE id = $1`, [id]))[0]!;
const declinedPayments = async (id: string) => (await db.query<{ n: number }>(`SELECT declined_payments AS n FROM bookings WHERE id = $1`, [id]))[0]!.n;
const effectsOf = (intent: string) => fake.effects.filter((e) => e.intent === intent).map((e) => `${e.type}:${e.amount}`);

async function held(listingId: string, who = guest) {
  const res = await who.calls.book({ parking_id: listingId, ...nextWindow() });
  expect(res.statusCode).toBe(201);
  return { id: res.json().result.id as string, total: res.json().result.total as number };
}

/** Pays with the 3-D Secure card: the 402 that asks for the payer's confirmation, and its intent id. */
async function askedToConfirm(bookingId: string, body: unknown = { card: SECURE }, who = guest) {
  const res = await who.calls.pay(bookingId, body);
  expect(res.statusCode, res.body).toBe(402);
  const answer = res.json();
  expect(answer).toEqual({
    code: 'PAYMENT_ACTION_REQUIRED',
    message: expect.stringMatching(/confirm this payment/),
    action: { type: 'stripe_next_action', payment_intent_id: expect.stringMatching(/^pi_/), client_secret: expect.stringMatching(/^pi_\w+_secret_/) },
  });
  return answer.action.payment_intent_id as string;
}

function deliver(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return app.inject({ method: 'POST', url: api('payments/stripe-webhook'), headers: { 'stripe-signature': header, 'content-type': 'application/json' }, payload });
}
async function deliverAll(intent: string) {
  for (const event of fake.eventsOf(intent)) expect((await deliver(event)).statusCode).toBe(200);
}

describe('3-D Secure: the payer confirms in the browser', () => {
  it('answers 402 PAYMENT_ACTION_REQUIRED with the client secret; nothing is taken and the booking stays held', async () => {
    const b = await held(instant.id);
    const pi = await askedToConfirm(b.id);
    expect(fake.intents.get(pi)).toMatchObject({ status: 'requires_action', metadata: { parkly_key: `${b.id}:pay:1` } });
    expect(effectsOf(pi)).toEqual([]);
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(await ledger(b.id)).toEqual([{ kind: 'charge', status: 'pending', amount: b.total, idempotency_key: `${b.id}:pay:1`, provider_ref: pi, failure_code: null }]);
    const view = await guest.calls.get(b.id);
    expect(view.json().result).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid', card: null });
    expect(view.body).not.toMatch(/secret/);
  });

  it('once confirmed, {payment_intent_id} confirms the booking; sent again, and the webhook after it, change nothing', async () => {
    const b = await held(instant.id);
    const pi = await askedToConfirm(b.id);
    expect(fake.challenge(pi, 'complete').status).toBe(200);

    const paid = await guest.calls.pay(b.id, { payment_intent_id: pi });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { brand: 'visa', last4: '3184' } });
    const again = await guest.calls.pay(b.id, { payment_intent_id: pi });
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ id: b.id, status: 'confirmed' });

    await deliverAll(pi);
    await deliverAll(pi);
    expect(await ledger(b.id)).toEqual([{ kind: 'charge', status: 'succeeded', amount: b.total, idempotency_key: `${b.id}:pay:1`, provider_ref: pi, failure_code: null }]);
    expect(effectsOf(pi)).toEqual([`charge:${b.total}`]);
    expect(await bookingRow(b.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
  });

  it('the webhook before the browser: the line is marked once, nothing is given back, and the booking confirms', async () => {
    const b = await held(instant.id);
    const pi = await askedToConfirm(b.id);
    fake.challenge(pi, 'complete');
    await deliverAll(pi);
    expect(await ledger(b.id)).toEqual([{ kind: 'charge', status: 'succeeded', amount: b.total, idempotency_key: `${b.id}:pay:1`, provider_ref: pi, failure_code: null }]);
    // the webhook writes the ledger only: the booking waits on its payer's browser
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });

    const paid = await guest.calls.pay(b.id, { payment_intent_id: pi });
    expect(paid.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    await deliverAll(pi);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['charge:succeeded']);
    expect(effectsOf(pi)).toEqual([`charge:${b.total}`]);
  });

  it('a request to book with a card from Elements: authorised after the challenge, the booking requested', async () => {
    const browser = new Stripe('sk_test_fake', { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
    const pm = await browser.paymentMethods.create({ type: 'card', card: { number: '4000002760003184', exp_month: 8, exp_year: 2033, cvc: '123' } });
    const saved = await app.inject({ method: 'POST', url: api('payment-methods/stripe'), headers: bearer(guest.token), payload: { payment_method_id: pm.id } });
    expect(saved.statusCode).toBe(201);
    const b = await held(request.id);
    const pi = await askedToConfirm(b.id, { payment_method_id: saved.json().result.id });
    fake.challenge(pi, 'complete');
    const paid = await guest.calls.pay(b.id, { payment_intent_id: pi });
    expect(paid.json().result).toMatchObject({ status: 'requested', payment_status: 'authorised', card: { last4: '3184' } });
    expect(fake.intents.get(pi)).toMatchObject({ status: 'requires_capture', capture_method: 'manual' });
    expect((await db.query(`SELECT payment_method_id FROM bookings WHERE id = $1`, [b.id]))[0]).toEqual({ payment_method_id: saved.json().result.id });
  });
});

describe('3-D Secure: failed, abandoned, or not this booking', () => {
  it('a failed challenge: 402 PAYMENT_DECLINED, the intent let go, and another card pays', async () => {
    const b = await held(instant.id);
    const pi = await askedToConfirm(b.id);
    fake.challenge(pi, 'fail');
    const res = await guest.calls.pay(b.id, { payment_intent_id: pi });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/could not confirm this payment/) });
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(fake.intents.get(pi)!.status).toBe('canceled');
    // a failed challenge counts as a decline of the booking (decision 012)
    expect(await declinedPayments(b.id)).toBe(1);
    // the failed intent cannot be sent again
    expect((await guest.calls.pay(b.id, { payment_intent_id: pi })).json()).toMatchObject({ code: 'CONFLICT' });

    const ok = await guest.calls.pay(b.id, { card: CARDS.ok });
    expect(ok.json().result).toMatchObject({ status: 'confirmed', card: { last4: '4242' } });
    await deliverAll(pi);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}:${l.failure_code ?? ''}`)).toEqual([
      'charge:failed:authentication_failed',
      'release:succeeded:',
      'charge:succeeded:',
    ]);
    expect(effectsOf(pi)).toEqual(['cancel:0']);
  });

  it('not yet confirmed: {payment_intent_id} asks again; paying with another card lets the waiting intent go', async () => {
    const b = await held(instant.id);
    const pi = await askedToConfirm(b.id);
    expect((await guest.calls.pay(b.id, { payment_intent_id: pi })).json()).toMatchObject({ code: 'PAYMENT_ACTION_REQUIRED', action: { payment_intent_id: pi } });
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });

    const ok = await guest.calls.pay(b.id, { card: CARDS.ok });
    expect(ok.json().result).toMatchObject({ status: 'confirmed' });
    expect(fake.intents.get(pi)!.status).toBe('canceled');
    // a challenge let go for another card is no decline
    expect(await declinedPayments(b.id)).toBe(0);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}:${l.idempotency_key.replace(b.id, 'B')}`)).toEqual([
      'charge:failed:B:pay:1',
      'release:succeeded:B:pay:1:abandon',
      'charge:succeeded:B:pay:2',
    ]);
  });

  it('the hold runs out: a waiting intent is cancelled; one confirmed that never reached the booking is refunded', async () => {
    const waiting = await held(instant.id);
    const piWaiting = await askedToConfirm(waiting.id);
    const confirmed = await held(instant.id);
    const piConfirmed = await askedToConfirm(confirmed.id);
    fake.challenge(piConfirmed, 'complete');
    await deliverAll(piConfirmed);

    await db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id IN ($1, $2)`, [waiting.id, confirmed.id]);
    await runBookingJobs(bookingDeps(app));
    expect(await bookingRow(waiting.id)).toEqual({ status: 'expired', payment_status: 'unpaid' });
    expect(fake.intents.get(piWaiting)!.status).toBe('canceled');
    expect(effectsOf(piConfirmed)).toEqual([`charge:${confirmed.total}`, `refund:${confirmed.total}`]);
    // the browser comes back too late
    expect((await guest.calls.pay(confirmed.id, { payment_intent_id: piConfirmed })).json()).toMatchObject({ code: 'CONFLICT' });
    await deliverAll(piConfirmed);
    expect(effectsOf(piConfirmed)).toEqual([`charge:${confirmed.total}`, `refund:${confirmed.total}`]);
  });

  it("someone else's booking answers 404; an intent of another booking is refused; a bad id is a 400", async () => {
    const mine = await held(instant.id);
    const piMine = await askedToConfirm(mine.id);
    const other = await held(instant.id);
    const piOther = await askedToConfirm(other.id);
    fake.challenge(piOther, 'complete');

    const stranger = await newGuest(app);
    const theirs = await stranger.calls.pay(mine.id, { payment_intent_id: piMine });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Booking not found' });

    const swapped = await guest.calls.pay(mine.id, { payment_intent_id: piOther });
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/not the one this booking is waiting for/) });
    const unknown = await guest.calls.pay(mine.id, { payment_intent_id: 'pi_doesnotexist' });
    expect(unknown.statusCode).toBe(409);
    expect((await guest.calls.pay(mine.id, { payment_intent_id: 'seti_123' })).statusCode).toBe(400);

    // a stranger's own booking, with an intent of ours: refused, and nothing of ours moved
    const strangers = await held(instant.id, stranger);
    expect((await stranger.calls.pay(strangers.id, { payment_intent_id: piOther })).statusCode).toBe(409);
    expect(await bookingRow(other.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
    expect((await guest.calls.pay(other.id, { payment_intent_id: piOther })).json().result).toMatchObject({ status: 'confirmed' });
    expect(await bookingRow(mine.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
  });
});
