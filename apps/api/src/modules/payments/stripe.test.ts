/**
 * The Stripe driver end to end: the real booking flow through app.inject, the real `stripe` SDK, and
 * a fake Stripe (fake-stripe.ts) on a local port instead of api.stripe.com.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { loadConfig } from '../../config';
import paymentsPlugin from '../../plugins/payments';
import { api, bearer } from '../../../test/helper';
import { bookingCalls, CARDS, window } from '../bookings/testing';
import { startStripeWorld } from './stripe-testing';
import { bookingDeps } from '../bookings/bookings.routes';
import { settleMoney } from '../bookings/capture-steps';

// each test drives several whole bookings (sign-up, photo, pay, webhooks): room for a busy machine
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const WEBHOOK_SECRET = 'whsec_parkly_test_secret';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

type World = Awaited<ReturnType<typeof startStripeWorld>>;
let world: World;
let fake: World['fake'];
let app: World['app'];
let db: World['db'];
let dataDir: string;
/** one listing of each kind and one driver for the whole file */
let instant: World['instant'];
let request: World['request'];
let guest: World['guest'];
const nextWindow = () => world.nextWindow();

beforeAll(async () => {
  world = await startStripeWorld({ webhookSecret: WEBHOOK_SECRET, timeoutMs: 800, instant: { cancellation_policy: 'moderate' } });
  ({ fake, app, db, dataDir, instant, request, guest } = world);
});
afterAll(() => world?.close());

type Line = { booking_id: string; kind: string; status: string; amount: number; idempotency_key: string; provider_ref: string | null };
const ledger = (bookingId?: string) =>
  db.query<Line>(
    `SELECT booking_id, kind, status, amount, idempotency_key, provider_ref FROM payments ${bookingId ? 'WHERE booking_id = $1 ORDER BY created_at, kind' : 'ORDER BY idempotency_key'}`,
    bookingId ? [bookingId] : [],
  );
const bookingRow = async (id: string) =>
  (await db.query<{ status: string; payment_status: string }>(`SELECT status, payment_status FROM bookings WHERE id = $1`, [id]))[0]!;
const effectsOf = (intent: string) => fake.effects.filter((e) => e.intent === intent);
const intentOf = async (bookingId: string) => (await ledger(bookingId)).find((l) => l.kind === 'charge' || l.kind === 'authorisation')!.provider_ref!;

/** The driver's held booking of a listing. */
async function held(listingId: string, w = nextWindow()) {
  const res = await guest.calls.book({ parking_id: listingId, ...w });
  expect(res.statusCode).toBe(201);
  return { guest, id: res.json().result.id as string, total: res.json().result.total as number };
}

function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({ method: 'POST', url: api('payments/stripe-webhook'), headers: { 'stripe-signature': header, 'content-type': 'application/json' }, payload });
}

/** A fixed-seed shuffle: the same "random" order on every run. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('the stripe driver: configuration', () => {
  it('is chosen by STRIPE_SECRET_KEY (STRIPE_API_BASE takes it to the fake), the simulated one otherwise', async () => {
    const withPlugin = async (env: Record<string, string>) => {
      const bare = Fastify();
      bare.decorate('config', loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
      await bare.register(paymentsPlugin);
      await bare.ready();
      return bare;
    };
    const withStripe = await withPlugin({ ...STRIPE_ENV, STRIPE_API_BASE: fake.url });
    const without = await withPlugin({ STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' });
    expect(withStripe.payments.name).toBe('stripe');
    expect(without.payments.name).toBe('simulated');
    const calls = fake.requests.length;
    expect(await withStripe.payments.tokenize(CARDS.ok, 'config-test')).toMatchObject({ ref: expect.stringMatching(/^cus_\w+\/pm_\w+$/), brand: 'visa', last4: '4242' });
    expect(fake.requests.slice(calls).map((r) => r.path)).toEqual(['/v1/payment_methods', '/v1/customers']);
    await withStripe.close();
    await without.close();
  });

  it('GET config names the stripe driver with the publishable key; the CSP opens to Stripe', async () => {
    const res = await app.inject({ url: api('config') });
    expect(res.json().result).toMatchObject({ payment_provider: 'stripe', stripe_publishable_key: 'pk_test_fake' });
    expect(res.body).not.toMatch(/sk_test|whsec_/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});

describe('the stripe driver: paying for bookings', () => {
  it('instant book: one Payment Intent charged at Stripe with the booking key, the booking confirmed', async () => {
    const b = await held(instant.id);
    const res = await b.guest.calls.pay(b.id, { card: CARDS.ok });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { brand: 'visa', last4: '4242' } });

    const lines = await ledger(b.id);
    expect(lines).toEqual([{ booking_id: b.id, kind: 'charge', status: 'succeeded', amount: b.total, idempotency_key: `${b.id}:pay:1`, provider_ref: expect.stringMatching(/^pi_/) }]);
    const pi = lines[0]!.provider_ref!;
    expect(effectsOf(pi)).toEqual([{ type: 'charge', intent: pi, amount: b.total }]);
    expect(fake.intents.get(pi)).toMatchObject({ capture_method: 'automatic', currency: 'inr', metadata: { parkly_key: `${b.id}:pay:1` } });
    // every write carried a key: the card, its customer, the intent
    const writes = fake.requests.filter((r) => r.method === 'POST' && r.idempotencyKey?.startsWith(`${b.id}:pay:1`));
    expect(writes.map((r) => r.path)).toEqual(['/v1/payment_methods', '/v1/customers', '/v1/payment_intents']);

    // the same key again (a retry after a lost answer) is Stripe's replay: the same intent, no second charge
    const again = await app.payments.charge({ amount: b.total, currency: 'INR', card: fake.intents.get(pi)!.customer + '/' + fake.intents.get(pi)!.payment_method, capture: true, idempotencyKey: `${b.id}:pay:1`, description: 'retry' });
    expect(again).toEqual({ ok: true, ref: pi });
    expect(effectsOf(pi)).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({ replayed: true });
  });

  it('a card from Stripe Elements (a PaymentMethod id) is kept, pays, and pays again; a used or unknown one is refused', async () => {
    // what Stripe.js does in the browser: the card goes to Stripe, the page gets a PaymentMethod id
    const browser = new Stripe('sk_test_fake', { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
    const elementsCard = async (number = '4242424242424242') => (await browser.paymentMethods.create({ type: 'card', card: { number, exp_month: 8, exp_year: 2033, cvc: '123' } })).id;
    const save = (payment_method_id: string) => app.inject({ method: 'POST', url: api('payment-methods/stripe'), headers: bearer(guest.token), payload: { payment_method_id } });

    const pm = await elementsCard();
    const saved = await save(pm);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().result).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2033 });
    for (const w of [nextWindow(), nextWindow()]) {
      const b = await held(instant.id, w);
      const paid = await guest.calls.pay(b.id, { payment_method_id: saved.json().result.id });
      expect(paid.json().result).toMatchObject({ status: 'confirmed', card: { last4: '4242' } });
      expect(fake.intents.get(await intentOf(b.id))).toMatchObject({ payment_method: pm, customer: expect.stringMatching(/^cus_/) });
    }
    // already kept for a customer (someone's saved card), a declined card, an unknown id, not an id at all
    expect((await save(pm)).json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect((await save(await elementsCard('4000000000000002'))).statusCode).toBe(402);
    expect((await save('pm_doesnotexist')).statusCode).toBe(402);
    expect((await save('tok_visa')).statusCode).toBe(400);
  });

  it('a declined card answers 402 and the booking stays held; another card then pays', async () => {
    const b = await held(instant.id);
    const declined = await b.guest.calls.pay(b.id, { card: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/declined/) });
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });

    // short of funds: the card is accepted, the Payment Intent is refused
    const broke = await b.guest.calls.pay(b.id, { card: CARDS.broke });
    expect(broke.statusCode).toBe(402);
    // the bank's reason stays with the console: the payer reads the same words as for any refusal
    expect(broke.json()).toEqual(declined.json());
    expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['charge:failed']);

    const ok = await b.guest.calls.pay(b.id, { card: CARDS.ok });
    expect(ok.json().result).toMatchObject({ status: 'confirmed' });
    expect(fake.effects.filter((e) => e.type === 'charge' && e.amount === b.total && fake.intents.get(e.intent)?.metadata.parkly_key?.startsWith(b.id))).toHaveLength(1);
  });

  it('request to book: authorised with manual capture, captured when the host accepts', async () => {
    const b = await held(request.id);
    const paid = await b.guest.calls.pay(b.id, { card: CARDS.ok });
    expect(paid.json().result).toMatchObject({ status: 'requested', payment_status: 'authorised' });
    const pi = await intentOf(b.id);
    expect(fake.intents.get(pi)).toMatchObject({ capture_method: 'manual', status: 'requires_capture', amount_capturable: b.total });

    const accepted = await bookingCalls(app, request.host.token).accept(b.id);
    expect(accepted.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(effectsOf(pi).map((e) => `${e.type}:${e.amount}`)).toEqual([`authorise:${b.total}`, `capture:${b.total}`]);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}:${l.amount}`)).toEqual([`authorisation:succeeded:${b.total}`, `capture:succeeded:${b.total}`]);
    expect(fake.intents.get(pi)!.status).toBe('succeeded');
  });

  it('the host declines: the Payment Intent is cancelled, releasing the authorisation', async () => {
    const b = await held(request.id);
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    expect((await bookingCalls(app, request.host.token).decline(b.id)).json().result).toMatchObject({ status: 'declined', payment_status: 'released' });
    expect(fake.intents.get(pi)!.status).toBe('canceled');
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'release:succeeded']);
  });

  it("a guest's cancellation refunds the policy amount (half, inside a day on moderate) at Stripe", async () => {
    const b = await held(instant.id, window(3, 1));
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    const res = await b.guest.calls.cancel(b.id);
    const refund = res.json().result.refund_amount as number;
    expect(refund).toBe(Math.round(b.total / 2));
    expect(res.json().result).toMatchObject({ status: 'cancelled', payment_status: 'partially_refunded' });
    expect(effectsOf(pi).map((e) => `${e.type}:${e.amount}`)).toEqual([`charge:${b.total}`, `refund:${refund}`]);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}:${l.amount}`)).toEqual([`charge:succeeded:${b.total}`, `refund:succeeded:${refund}`]);
  });

  it('a stalled or failing Stripe answers 503, takes no money, records no charge and keeps the hold', async () => {
    const b = await held(instant.id);
    const before = fake.effects.length;
    for (const [fault, path] of [['stall', /^\/v1\/payment_intents$/], ['500', /^\/v1\/payment_intents$/], ['stall', /^\/v1\/payment_methods$/], ['500', /^\/v1\/customers$/]] as const) {
      fake.fail(fault, path);
      const res = await b.guest.calls.pay(b.id, { card: CARDS.ok });
      expect(res.statusCode, `${fault} ${path}`).toBe(503);
      expect(res.json()).toEqual({ code: 'PAYMENT_UNAVAILABLE', message: expect.stringMatching(/No money was taken/) });
      expect(res.body).not.toMatch(/stripe|timeout|api_error|ECONN|at \w+ \(/i);
      expect(await bookingRow(b.id)).toEqual({ status: 'pending_payment', payment_status: 'unpaid' });
    }
    expect(await ledger(b.id)).toEqual([]);
    expect(fake.effects.length).toBe(before);
    expect((await b.guest.calls.pay(b.id, { card: CARDS.ok })).json().result.status).toBe('confirmed');
  });

  it('a capture whose answer was lost is settled later with the same key, captured once; the booking waits for it', async () => {
    const b = await held(request.id);
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    fake.fail('lose-answer', /\/capture$/, 2);
    const accepted = await bookingCalls(app, request.host.token).accept(b.id);
    expect(accepted.statusCode).toBe(200);
    // accepted, not yet paid: the booking is confirmed only once the capture is known to have gone through (decision 011)
    expect(accepted.json().result).toMatchObject({ status: 'requested', payment_status: 'capturing', expires_at: null });
    expect((await ledger(b.id)).find((l) => l.kind === 'capture')).toMatchObject({ status: 'pending', idempotency_key: `${b.id}:capture` });
    fake.fail('500', /\/capture$/);
    const deps = bookingDeps(app);
    expect(await settleMoney(deps, b.id)).toBe(0);
    expect(await bookingRow(b.id)).toEqual({ status: 'requested', payment_status: 'capturing' });
    expect(await settleMoney(deps, b.id)).toBe(1);
    expect((await ledger(b.id)).find((l) => l.kind === 'capture')!.status).toBe('succeeded');
    expect(effectsOf(pi).filter((e) => e.type === 'capture')).toHaveLength(1);
    expect(await bookingRow(b.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
  });
});

describe('POST payments/stripe-webhook', () => {
  it('answers 400 for a bad, missing or stale signature and a tampered body, and changes nothing', async () => {
    const b = await held(instant.id);
    const event = { id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged', object: 'payment_intent', amount: 1, amount_received: 1, currency: 'inr', capture_method: 'automatic', status: 'succeeded', metadata: { parkly_key: `${b.id}:pay:1` } } } };
    const before = await ledger();
    const payload = JSON.stringify(event);
    const url = api('payments/stripe-webhook');
    const headers = { 'content-type': 'application/json' };
    const answers = [
      await deliver(event, 'whsec_someone_else'),
      await app.inject({ method: 'POST', url, headers, payload }),
      await app.inject({ method: 'POST', url, headers: { ...headers, 'stripe-signature': 't=1,v1=deadbeef' }, payload }),
      await app.inject({ method: 'POST', url, headers: { ...headers, 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }) }, payload }),
      await app.inject({ method: 'POST', url, headers: { ...headers, 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }, payload: payload.replace('"amount":1', '"amount":9') }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The webhook signature is not valid' });
    }
    expect(await ledger()).toEqual(before);
    expect(await db.query(`SELECT id FROM stripe_events`)).toEqual([]);
    // the raw-body parser is this route's only: other JSON calls still parse as JSON
    expect((await b.guest.calls.pay(b.id, { card: CARDS.ok })).statusCode).toBe(200);
  });

  it('replayed three times and shuffled, events change the ledger once: what Stripe did that the API never heard is recorded', async () => {
    // A: charged, then the guest cancels (refund): the ledger already knows everything
    const bookingA = await held(instant.id);
    await bookingA.guest.calls.pay(bookingA.id, { card: CARDS.ok });
    await bookingA.guest.calls.cancel(bookingA.id);
    // B: authorised, accepted; Stripe captured but the answer was lost (capture still pending here)
    const bookingB = await held(request.id);
    await bookingB.guest.calls.pay(bookingB.id, { card: CARDS.ok });
    fake.fail('lose-answer', /\/capture$/, 2);
    await bookingCalls(app, request.host.token).accept(bookingB.id);
    // D: charged, then partly refunded by hand in Stripe's dashboard
    const bookingD = await held(instant.id);
    await bookingD.guest.calls.pay(bookingD.id, { card: CARDS.ok });
    const piD = await intentOf(bookingD.id);
    fake.dashboardRefund(piD, 1000);
    // E: Stripe charged, but its answer was lost: 503 to the guest, nothing in the ledger
    const bookingE = await held(instant.id);
    fake.fail('lose-answer', /^\/v1\/payment_intents$/, 2);
    expect((await bookingE.guest.calls.pay(bookingE.id, { card: CARDS.ok })).statusCode).toBe(503);
    expect(await ledger(bookingE.id)).toEqual([]);
    const piE = fake.effects.findLast((x) => x.type === 'charge')!.intent;
    expect(fake.intents.get(piE)!.metadata.parkly_key).toBe(`${bookingE.id}:pay:1`);

    const before = await ledger();
    const events = [...fake.events];
    // every event Stripe made so far (other tests' too), each three times, in a shuffled order
    for (const event of shuffled([...events, ...events, ...events])) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true });
    }
    const after = await ledger();
    const piB = await intentOf(bookingB.id);
    const changed = after.filter((l) => !before.some((x) => JSON.stringify(x) === JSON.stringify(l)));
    expect(changed.sort((x, y) => x.idempotency_key.localeCompare(y.idempotency_key))).toEqual(
      [
        { booking_id: bookingB.id, kind: 'capture', status: 'succeeded', amount: bookingB.total, idempotency_key: `${bookingB.id}:capture`, provider_ref: piB },
        { booking_id: bookingD.id, kind: 'refund', status: 'succeeded', amount: 1000, idempotency_key: expect.stringMatching(/^stripe:ch_\w+:refunded:1000$/), provider_ref: piD },
        { booking_id: bookingE.id, kind: 'charge', status: 'succeeded', amount: bookingE.total, idempotency_key: `${bookingE.id}:pay:1`, provider_ref: piE },
        // money the booking is not waiting on goes back, once
        { booking_id: bookingE.id, kind: 'refund', status: 'succeeded', amount: bookingE.total, idempotency_key: `stripe:${piE}:return`, provider_ref: piE },
      ].sort((x, y) => String(x.idempotency_key).localeCompare(String(y.idempotency_key))),
    );
    expect(before.filter((l) => !after.some((x) => JSON.stringify(x) === JSON.stringify(l))).map((l) => l.idempotency_key)).toEqual([`${bookingB.id}:capture`]);
    expect(effectsOf(piE).map((x) => x.type)).toEqual(['charge', 'refund']);
    expect(effectsOf(piB).filter((x) => x.type === 'capture')).toHaveLength(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM stripe_events`))[0]).toEqual({ n: events.length });

    // once more: the same events, copies under new ids, and the events the return refund made
    const copies = events.map((x, i) => ({ ...x, id: `evt_copy_${i}` }));
    for (const event of shuffled([...events, ...copies, ...fake.events.slice(events.length)], 11)) expect((await deliver(event)).statusCode).toBe(200);
    expect(await ledger()).toEqual(after);
    expect(effectsOf(piE).map((x) => x.type)).toEqual(['charge', 'refund']);
  });
});

// after the webhook tests above, which count every event delivered in this file
describe('the stripe driver: a request is paid and credited only when its capture succeeds (decision 011)', () => {
  const hostEarnings = async () => (await app.inject({ url: api('host/earnings'), headers: bearer(request.host.token) })).json().result.totals as { gross: number; net: number };
  const earningsOfBooking = (id: string) => db.query<{ kind: string }>(`SELECT kind FROM host_ledger_entries WHERE booking_id = $1`, [id]);
  /** how many 'Booking accepted' notices the file's one driver has had */
  const acceptedNotices = async () => (await db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Booking accepted'`, [guest.user.id])).length;

  it('the webhook learns of the capture first: it confirms the request and credits the host, once', async () => {
    const b = await held(request.id);
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    const before = await hostEarnings();
    const toldBefore = await acceptedNotices();
    // Stripe captures, and the answer is lost: the server does not know yet
    fake.fail('lose-answer', /\/capture$/, 2);
    expect((await bookingCalls(app, request.host.token).accept(b.id)).json().result).toMatchObject({ status: 'requested', payment_status: 'capturing' });
    expect(await hostEarnings()).toEqual(before);

    for (const event of fake.eventsOf(pi)) expect((await deliver(event)).statusCode).toBe(200);
    expect(await bookingRow(b.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'capture:succeeded']);
    expect(await earningsOfBooking(b.id)).toEqual([{ kind: 'earning' }]);
    const after = await hostEarnings();
    expect(after.gross - before.gross).toBe(10000);
    expect(await acceptedNotices()).toBe(toldBefore + 1);

    // the settling worker comes later: nothing left to do, nothing done twice
    expect(await settleMoney(bookingDeps(app), b.id)).toBe(0);
    for (const event of fake.eventsOf(pi)) expect((await deliver({ ...event, id: `${event.id}_again` })).statusCode).toBe(200);
    expect(effectsOf(pi).filter((e) => e.type === 'capture')).toHaveLength(1);
    expect(await earningsOfBooking(b.id)).toEqual([{ kind: 'earning' }]);
    expect(await hostEarnings()).toEqual(after);
    expect(await acceptedNotices()).toBe(toldBefore + 1);
  });

  it('an authorisation that expired before the host accepted: Stripe refuses the capture; cancelled, released, nothing credited', async () => {
    const b = await held(request.id);
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    const before = await hostEarnings();
    fake.expireAuthorisation(pi);
    const accepted = await bookingCalls(app, request.host.token).accept(b.id);
    expect(accepted.json().result).toMatchObject({ status: 'cancelled', payment_status: 'released', cancelled_by: 'system' });
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'capture:failed', 'release:succeeded']);
    expect(effectsOf(pi).filter((e) => e.type === 'capture')).toEqual([]);
    // the cancellation's webhook arrives later: it changes nothing
    for (const event of fake.eventsOf(pi)) expect((await deliver(event)).statusCode).toBe(200);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'capture:failed', 'release:succeeded']);
    expect(await earningsOfBooking(b.id)).toEqual([]);
    expect(await hostEarnings()).toEqual(before);
  });

  it('an authorisation that lapses while its capture keeps failing: the webhook cancels the request', async () => {
    const b = await held(request.id);
    await b.guest.calls.pay(b.id, { card: CARDS.ok });
    const pi = await intentOf(b.id);
    fake.fail('500', /\/capture$/);
    expect((await bookingCalls(app, request.host.token).accept(b.id)).json().result).toMatchObject({ status: 'requested', payment_status: 'capturing' });
    fake.expireAuthorisation(pi);
    const canceled = fake.eventsOf(pi).filter((e) => e.type === 'payment_intent.canceled');
    expect(canceled).toHaveLength(1);
    expect((await deliver(canceled[0]!)).statusCode).toBe(200);
    expect(await bookingRow(b.id)).toEqual({ status: 'cancelled', payment_status: 'released' });
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'capture:failed', 'release:succeeded']);
    expect(await earningsOfBooking(b.id)).toEqual([]);
    const told = await db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 AND title = 'Booking cancelled: payment failed'`, [request.host.user.id]);
    expect(told.length).toBeGreaterThanOrEqual(1);
    // the job finds nothing more to try
    expect(await settleMoney(bookingDeps(app), b.id)).toBe(0);
  });
});
