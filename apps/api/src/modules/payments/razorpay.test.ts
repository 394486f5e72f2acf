/**
 * The Razorpay driver against a fake Razorpay (fake-razorpay.ts) on a local port, with the real
 * `razorpay` SDK: orders, Checkout's signature, capture, release, refunds, webhooks (signed,
 * forged, replayed: recorded in razorpay_events) and RazorpayX payouts. The booking flow through
 * it is razorpay-payments.test.ts (decision 032).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openPostgres } from '../../db/postgres';
import { createScratchDatabase, openTestDatabase, TEST_DB_KIND } from '../../../test/helper';
import { startFakeRazorpay, type FakeRazorpay } from './fake-razorpay';
import { ProviderRefusedError, ProviderUnavailableError } from './provider';
import { checkoutSignatureValid, payoutStatusOf, razorpayDriver, verifyRazorpayWebhook, type RazorpayDriver } from './razorpay-provider';
import { acceptRazorpayWebhook } from './razorpay-webhook.service';

const KEY_ID = 'rzp_test_h5Parkly0001';
const KEY_SECRET = 'h5_key_secret_for_tests';
const WEBHOOK_SECRET = 'h5_webhook_secret_for_tests';
const ACCOUNT = '2323230041626905';
/** this helper's port range (4380-4399) when run by hand; 0 (any free port) is fine too */
const FAKE_PORT = Number(process.env.RAZORPAY_FAKE_PORT ?? 0);

let fake: FakeRazorpay;
let driver: RazorpayDriver;
let db: Database;
let dropDb: (() => Promise<void>) | undefined;
let receiver: Server;
let hookUrl: string;
const applied: string[] = [];

/** PGlite, or a scratch PostgreSQL database named after this branch (h5_…), dropped at the end */
async function openDb(): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') return openTestDatabase();
  const scratch = await createScratchDatabase('h5_razorpay');
  const pg = await openPostgres(scratch.url);
  await migrate(pg);
  dropDb = scratch.drop;
  return pg;
}

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, accountNumber: ACCOUNT, port: FAKE_PORT });
  driver = razorpayDriver({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: fake.url, timeoutMs: 2_000, accountNumber: ACCOUNT });
  db = await openDb();
  // what a webhook route will do: the raw body, verified, then recorded once
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      acceptRazorpayWebhook(db, { rawBody: Buffer.concat(chunks), signature: req.headers['x-razorpay-signature'], eventId: req.headers['x-razorpay-event-id'] }, WEBHOOK_SECRET, async (_tx, event) => {
        applied.push(`${event.id} ${event.event}`);
      })
        .then((r) => {
          res.writeHead(r.outcome === 'forged' ? 400 : 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(r.outcome === 'forged' ? { error: 'The webhook signature is not valid' } : { received: true, duplicate: r.outcome === 'duplicate' }));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(FAKE_PORT ? FAKE_PORT + 1 : 0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/razorpay-webhook`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await fake?.close();
  await db?.close();
  await dropDb?.();
});

const bookingId = () => randomUUID();
const refused = (code: string) => expect.objectContaining({ name: 'ProviderRefusedError', code });
const lastEventOf = (entity: string, type: string) => fake.eventsOf(entity).filter((e) => e.type === type).at(-1)!;

describe('razorpay: configuration', () => {
  const base = { DATA_DIR: '/tmp/h5-razorpay-config', NODE_ENV: 'test', LOG_LEVEL: 'silent' };

  it('parses the Razorpay settings; its three keys choose it as the payment provider (decision 032)', () => {
    const config = loadConfig({
      ...base,
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
      RAZORPAY_API_URL: 'http://127.0.0.1:4390',
    });
    expect(config.razorpay).toEqual({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      payoutAccountNumber: ACCOUNT,
      apiUrl: 'http://127.0.0.1:4390',
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(config.paymentProvider).toBe('razorpay');
    // without the webhook secret the keys choose nothing (a payer who closes the tab would never be confirmed)
    expect(loadConfig({ ...base, RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET }).paymentProvider).toBe('simulated');
    expect(loadConfig(base).razorpay).toBeNull();
  });

  it('refuses half a setting, and razorpay as PAYMENT_PROVIDER without its keys', () => {
    expect(() => loadConfig({ ...base, RAZORPAY_KEY_ID: KEY_ID })).toThrow(/RAZORPAY_KEY_SECRET: must be set with RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ ...base, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/RAZORPAY_KEY_ID: must be set with RAZORPAY_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, RAZORPAY_KEY_ID: 'sk_test_nope', RAZORPAY_KEY_SECRET: KEY_SECRET })).toThrow(/RAZORPAY_KEY_ID: must be a Razorpay key id/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID: is required with PAYMENT_PROVIDER=razorpay/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER: must be one of simulated, stripe, razorpay/);
  });
});

describe('razorpay: the SDK pointed at the fake', () => {
  it('sends every call to the fake with Basic auth; a wrong secret is an outage, in our words', async () => {
    const before = fake.requests.length;
    await driver.createOrder({ bookingId: bookingId(), amount: 12_300, currency: 'INR', capture: true });
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/orders', 'POST /v1/orders']);

    const wrong = razorpayDriver({ keyId: KEY_ID, keySecret: 'not_the_secret', apiUrl: fake.url });
    const err = await wrong.createOrder({ bookingId: bookingId(), amount: 12_300, currency: 'INR', capture: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as Error).message).not.toMatch(/Authentication failed/);
  });

  it('a Razorpay that does not answer is an outage', async () => {
    const nowhere = razorpayDriver({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(nowhere.fetchPayment('pay_AAAAAAAAAAAAAA')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a stalled call times out and a 500 is an outage; neither says what Razorpay said', async () => {
    const pay = 'pay_AAAAAAAAAAAAAA';
    fake.fail('stall', /^\/v1\/payments\//);
    const quick = razorpayDriver({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: fake.url, timeoutMs: 300 });
    await expect(quick.fetchPayment(pay)).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.fail('500', /^\/v1\/payouts$/);
    const err = (await driver.payout({ fundAccountId: 'fa_AAAAAAAAAAAAAA', kind: 'bank', amount: 100, idempotencyKey: 'k500', referenceId: 'r' }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err.message).toBe('Razorpay: payout 500 SERVER_ERROR');
  });

  it('never puts an id it did not check into a URL', async () => {
    const before = fake.requests.length;
    await expect(driver.fetchPayment('pay_../../orders')).rejects.toEqual(refused('invalid_payment'));
    await expect(driver.capture('../v1/payouts', 100, 'INR')).rejects.toEqual(refused('invalid_payment'));
    expect(fake.requests.length).toBe(before);
  });
});

describe('razorpay: instant book (automatic capture)', () => {
  it('one order per booking for its frozen total; UPI pays it; the signature is verified and the payment captured', async () => {
    const id = bookingId();
    const order = await driver.createOrder({ bookingId: id, amount: 45_000, currency: 'INR', capture: true });
    expect(order).toMatchObject({ id: expect.stringMatching(/^order_/), amount: 45_000, currency: 'INR', receipt: id, status: 'created' });
    // a retry answers the same order
    expect((await driver.createOrder({ bookingId: id, amount: 45_000, currency: 'INR', capture: true })).id).toBe(order.id);
    expect([...fake.orders.values()].filter((o) => o.receipt === id)).toHaveLength(1);

    const paid = fake.checkout(order.id, { method: 'upi' });
    if (!paid.ok) throw new Error('checkout failed');
    expect(checkoutSignatureValid(KEY_SECRET, paid.razorpay_order_id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    const confirmed = await driver.confirmPayment(paid, { orderId: order.id, amount: 45_000, currency: 'INR', capture: true });
    // a one-off payment made no recurring token (a monthly pass's does: decision 042)
    expect(confirmed).toEqual({ ok: true, ref: paid.razorpay_payment_id, state: 'captured', method: 'upi', card: null, token: null });
    expect(fake.effects.filter((e) => e.ref === paid.razorpay_payment_id).map((e) => e.type)).toEqual(['authorise', 'capture']);
    expect(fake.orders.get(order.id)).toMatchObject({ status: 'paid', amount_paid: 45_000 });
    expect(fake.eventsOf(paid.razorpay_payment_id).map((e) => e.type)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  });

  it('a forged or borrowed signature is refused before anything is recorded', async () => {
    const order = await driver.createOrder({ bookingId: bookingId(), amount: 20_000, currency: 'INR', capture: true });
    const other = await driver.createOrder({ bookingId: bookingId(), amount: 100, currency: 'INR', capture: true });
    const paid = fake.checkout(order.id);
    const cheap = fake.checkout(other.id);
    if (!paid.ok || !cheap.ok) throw new Error('checkout failed');
    const expected = { orderId: order.id, amount: 20_000, currency: 'INR', capture: true };
    const before = fake.requests.length;
    // signed with another secret
    const forged = { ...paid, razorpay_signature: fake.signWebhook(`${order.id}|${paid.razorpay_payment_id}`, 'guessed_secret') };
    expect(await driver.confirmPayment(forged, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    // one flipped digit, not hex, missing
    const flipped = paid.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await driver.confirmPayment({ ...paid, razorpay_signature: flipped }, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    expect(await driver.confirmPayment({ ...paid, razorpay_signature: 'zz' }, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    expect(await driver.confirmPayment({ ...paid, razorpay_signature: undefined }, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    // a genuine ₹1 payment of another order, offered for this one
    expect(await driver.confirmPayment(cheap, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    expect(await driver.confirmPayment({ ...cheap, razorpay_order_id: order.id }, expected)).toEqual({ ok: false, code: 'signature_invalid' });
    expect(fake.requests.length).toBe(before);
    // the genuine one passes
    expect(await driver.confirmPayment(paid, expected)).toMatchObject({ ok: true, state: 'captured' });
  });

  it('a UPI payment that fails takes nothing; the order can be paid again', async () => {
    const order = await driver.createOrder({ bookingId: bookingId(), amount: 30_000, currency: 'INR', capture: true });
    const failed = fake.checkout(order.id, { method: 'upi', outcome: 'failure' });
    expect(failed).toMatchObject({ ok: false, error: { reason: 'payment_timed_out', metadata: { order_id: order.id } } });
    if (failed.ok) throw new Error('unexpected');
    expect(await driver.fetchPayment(failed.payment)).toMatchObject({ status: 'failed', captured: false });
    expect(fake.effects.filter((e) => e.ref === failed.payment)).toEqual([]);
    expect(fake.eventsOf(failed.payment).map((e) => e.type)).toEqual(['payment.failed']);

    const paid = fake.checkout(order.id, { method: 'card' });
    if (!paid.ok) throw new Error('checkout failed');
    expect(await driver.confirmPayment(paid, { orderId: order.id, amount: 30_000, currency: 'INR', capture: true })).toMatchObject({ ok: true, state: 'captured', method: 'card' });
  });
});

describe('razorpay: request to book (authorise, capture on accept, release on decline)', () => {
  async function authorised(amount = 60_000) {
    const order = await driver.createOrder({ bookingId: bookingId(), amount, currency: 'INR', capture: false, authorisationMinutes: 24 * 60 });
    const paid = fake.checkout(order.id, { method: 'card' });
    if (!paid.ok) throw new Error('checkout failed');
    const confirmed = await driver.confirmPayment(paid, { orderId: order.id, amount, currency: 'INR', capture: false });
    expect(confirmed).toMatchObject({ ok: true, state: 'authorized' });
    return paid.razorpay_payment_id;
  }

  it('the accept captures the authorisation in full, once', async () => {
    const pay = await authorised();
    await expect(driver.capture(pay, 59_999, 'INR')).rejects.toEqual(refused('capture_amount_mismatch'));
    await driver.capture(pay, 60_000, 'INR');
    await driver.capture(pay, 60_000, 'INR'); // a retry: done is done
    expect(fake.effects.filter((e) => e.ref === pay).map((e) => e.type)).toEqual(['authorise', 'capture']);
    expect(await driver.fetchPayment(pay)).toMatchObject({ status: 'captured', captured: true });
    await expect(driver.release(pay)).rejects.toEqual(refused('payment_captured'));
  });

  it('a decline lets the authorisation go: Razorpay refunds it when the capture window ends', async () => {
    const pay = await authorised();
    expect(await driver.release(pay)).toBe('expiring');
    fake.expireAuthorisation(pay);
    expect(await driver.release(pay)).toBe('released');
    // the page's answer arriving after that finds nothing held
    const order = fake.payments.get(pay)!.order_id as string;
    const signature = fake.signWebhook(`${order}|${pay}`, KEY_SECRET);
    expect(await driver.confirmPayment({ razorpay_order_id: order, razorpay_payment_id: pay, razorpay_signature: signature }, { orderId: order, amount: 60_000, currency: 'INR', capture: false })).toEqual({
      ok: false,
      code: 'payment_released',
    });
    const refunded = lastEventOf(pay, 'refund.processed');
    expect(JSON.parse(refunded.body).payload.payment.entity).toMatchObject({ id: pay, captured: false, amount_refunded: 60_000 });
    // an accept that comes too late cannot capture it
    await expect(driver.capture(pay, 60_000, 'INR')).rejects.toEqual(refused('payment_released'));
    // nor can it be refunded again
    await expect(driver.refund(pay, { receipt: 'late-refund' })).rejects.toEqual(refused('payment_not_captured'));
  });

  it('the order carries the capture window Razorpay keeps the authorisation for', async () => {
    const order = await driver.createOrder({ bookingId: bookingId(), amount: 10_000, currency: 'INR', capture: false, authorisationMinutes: 5 });
    expect(fake.orders.get(order.id)).toMatchObject({ capture: 'manual' });
  });
});

describe('razorpay: refunds', () => {
  async function captured(amount: number) {
    const order = await driver.createOrder({ bookingId: bookingId(), amount, currency: 'INR', capture: true });
    const paid = fake.checkout(order.id);
    if (!paid.ok) throw new Error('checkout failed');
    return paid.razorpay_payment_id;
  }

  it('partial, then the rest; the same receipt never gives back twice; more than is left is refused', async () => {
    const pay = await captured(50_000);
    const part = await driver.refund(pay, { amount: 12_500, receipt: 'b1:refund:1' });
    expect(part).toMatchObject({ id: expect.stringMatching(/^rfnd_/), amount: 12_500, status: 'processed' });
    expect(await driver.refund(pay, { amount: 12_500, receipt: 'b1:refund:1' })).toEqual(part);
    expect(await driver.fetchRefund(part.id)).toEqual(part);

    await expect(driver.refund(pay, { amount: 37_501, receipt: 'b1:refund:2' })).rejects.toEqual(refused('refund_exceeds_captured'));
    await expect(driver.refund(pay, { amount: 99, receipt: 'b1:refund:2' })).rejects.toEqual(refused('invalid_amount'));
    const rest = await driver.refund(pay, { receipt: 'b1:refund:2' });
    expect(rest).toMatchObject({ amount: 37_500, status: 'processed' });
    await expect(driver.refund(pay, { amount: 100, receipt: 'b1:refund:3' })).rejects.toEqual(refused('already_refunded'));

    expect(fake.effects.filter((e) => e.ref === pay && e.type === 'refund').map((e) => e.amount)).toEqual([12_500, 37_500]);
    expect(await driver.fetchPayment(pay)).toMatchObject({ status: 'refunded', refunded: 50_000 });
    expect(fake.eventsOf(pay).filter((e) => e.type === 'refund.processed')).toHaveLength(2);
  });

  it('a full refund in one go', async () => {
    const pay = await captured(8_000);
    expect(await driver.refund(pay, { receipt: 'full' })).toMatchObject({ amount: 8_000 });
    expect(fake.payments.get(pay)).toMatchObject({ status: 'refunded', refund_status: 'full' });
  });

  it('the fake enforces Razorpay\'s own rules on the SDK too (an over-refund is a 400)', async () => {
    const pay = await captured(1_000);
    const sdk = new Razorpay({ key_id: KEY_ID, key_secret: KEY_SECRET });
    (sdk.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = fake.url;
    await expect(sdk.payments.refund(pay, { amount: 1_001 })).rejects.toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
    await expect(sdk.payments.capture(pay, 1_000, 'INR')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a refund the bank refused is reported by refund.failed, and can be made again under a new receipt', async () => {
    const pay = await captured(5_000);
    const r = await driver.refund(pay, { amount: 2_000, receipt: 'to-fail' });
    fake.failRefund(r.id);
    expect(await driver.fetchRefund(r.id)).toMatchObject({ status: 'failed' });
    expect(lastEventOf(r.id, 'refund.failed')).toBeDefined();
    // the failed one is not answered again: the same receipt makes a new refund
    const again = await driver.refund(pay, { amount: 2_000, receipt: 'to-fail' });
    expect(again.id).not.toBe(r.id);
  });
});

describe('razorpay: webhooks', () => {
  it('signed with the webhook secret: applied once; the same event id again is a duplicate; forged or altered is refused', async () => {
    const order = await driver.createOrder({ bookingId: bookingId(), amount: 25_000, currency: 'INR', capture: true });
    const paid = fake.checkout(order.id);
    if (!paid.ok) throw new Error('checkout failed');
    const event = lastEventOf(paid.razorpay_payment_id, 'payment.captured');

    expect(await fake.deliver(hookUrl, event)).toEqual({ status: 200, body: JSON.stringify({ received: true, duplicate: false }) });
    expect(await fake.deliver(hookUrl, event)).toEqual({ status: 200, body: JSON.stringify({ received: true, duplicate: true }) });
    expect(applied.filter((a) => a.startsWith(event.id))).toEqual([`${event.id} payment.captured`]);

    const forged = await fake.deliver(hookUrl, { ...event, id: 'evt_forged000000001' }, { secret: 'not_the_webhook_secret' });
    expect(forged.status).toBe(400);
    expect(forged.body).not.toMatch(/secret|hmac|sha/i);
    // the genuine signature on a changed body (the amount raised)
    const altered = event.body.replace('"amount":25000', '"amount":2500000');
    expect(altered).not.toBe(event.body);
    const tampered = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body), 'x-razorpay-event-id': 'evt_altered00000001' },
      body: altered,
    });
    expect(tampered.status).toBe(400);

    // a kept copy sent again under a made-up event id (the header is not signed; the body is)
    const renamed = await fake.deliver(hookUrl, { ...event, id: 'evt_renamed0000001' });
    expect(renamed).toEqual({ status: 200, body: JSON.stringify({ received: true, duplicate: true }) });
    expect(applied.filter((a) => a.includes('payment.captured') && (a.startsWith(event.id) || a.startsWith('evt_renamed')))).toHaveLength(1);

    const rows = await db.query<{ id: string; type: string }>(`SELECT id, type FROM razorpay_events WHERE id LIKE 'evt_%' ORDER BY received_at`);
    expect(rows.filter((r) => r.id === event.id)).toEqual([{ id: event.id, type: 'payment.captured' }]);
    expect(rows.map((r) => r.id)).not.toContain('evt_forged000000001');
    expect(rows.map((r) => r.id)).not.toContain('evt_altered00000001');
  });

  it('every event the issue names is signed so that verification passes', () => {
    const types = new Set(fake.events.map((e) => e.type));
    for (const t of ['payment.captured', 'payment.failed', 'order.paid', 'refund.processed', 'refund.failed']) expect(types).toContain(t);
    for (const e of fake.events) expect(verifyRazorpayWebhook(e.body, fake.signWebhook(e.body), e.id, WEBHOOK_SECRET)).toMatchObject({ id: e.id, event: e.type });
  });

  it('without an event id, a replay of the same bytes is still the same event', () => {
    const body = JSON.stringify({ entity: 'event', event: 'payment.failed', payload: {} });
    const a = verifyRazorpayWebhook(body, fake.signWebhook(body), undefined, WEBHOOK_SECRET);
    const b = verifyRazorpayWebhook(Buffer.from(body), fake.signWebhook(body), '', WEBHOOK_SECRET);
    expect(a?.id).toMatch(/^body:[0-9a-f]{64}$/);
    expect(b?.id).toBe(a?.id);
    expect(verifyRazorpayWebhook('not json', fake.signWebhook('not json'), 'evt_x', WEBHOOK_SECRET)).toBeNull();
    expect(verifyRazorpayWebhook(body, fake.signWebhook(body), 'evt_x', '')).toBeNull();
  });
});

describe('razorpay: RazorpayX payouts', () => {
  it('to a bank account by IMPS: the same idempotency key twice is one payout; another body under it is refused', async () => {
    const hostId = randomUUID();
    const to = { kind: 'bank' as const, name: 'Asha Verma', ifsc: 'HDFC0001234', accountNumber: '50100123456789' };
    const account = await driver.payoutAccount(hostId, to);
    expect(account).toEqual({ contactId: expect.stringMatching(/^cont_/), fundAccountId: expect.stringMatching(/^fa_/) });
    // the same details answer the same contact and fund account
    expect(await driver.payoutAccount(hostId, to)).toEqual(account);

    const key = `payout:${randomUUID()}`;
    const req = { fundAccountId: account.fundAccountId, kind: 'bank' as const, amount: 150_000, idempotencyKey: key, referenceId: hostId };
    const first = await driver.payout(req);
    const second = await driver.payout(req);
    expect(first).toMatchObject({ id: expect.stringMatching(/^pout_/), amount: 150_000, mode: 'IMPS', providerStatus: 'processing', status: 'requested' });
    expect(second).toEqual(first);
    expect(fake.effects.filter((e) => e.type === 'payout' && e.ref === first.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/payouts' && r.idempotencyKey === key)).toHaveLength(2);
    await expect(driver.payout({ ...req, amount: 150_001 })).rejects.toEqual(refused('payout_refused'));

    fake.settlePayout(first.id, 'processed');
    expect(await driver.fetchPayout(first.id)).toMatchObject({ providerStatus: 'processed', status: 'paid' });
    const processed = lastEventOf(first.id, 'payout.processed');
    expect(await fake.deliver(hookUrl, processed)).toMatchObject({ status: 200 });
  });

  it('to a UPI ID by UPI', async () => {
    const account = await driver.payoutAccount(randomUUID(), { kind: 'upi', name: 'Ravi Kumar', upiId: 'ravi.kumar@okaxis' });
    expect(fake.fundAccounts.get(account.fundAccountId)).toMatchObject({ account_type: 'vpa', vpa: { address: 'ravi.kumar@okaxis' } });
    const p = await driver.payout({ fundAccountId: account.fundAccountId, kind: 'upi', amount: 9_900, idempotencyKey: randomUUID(), referenceId: 'req-1' });
    expect(p).toMatchObject({ mode: 'UPI', status: 'requested' });
    fake.settlePayout(p.id, 'reversed');
    expect(await driver.fetchPayout(p.id)).toMatchObject({ status: 'failed' });
    expect(lastEventOf(p.id, 'payout.reversed')).toBeDefined();
  });

  it('checks the destination before asking Razorpay', async () => {
    const before = fake.requests.length;
    await expect(driver.payoutAccount(randomUUID(), { kind: 'bank', name: 'Asha Verma', ifsc: 'HDFC1234', accountNumber: '50100123456789' })).rejects.toEqual(refused('invalid_bank_account'));
    await expect(driver.payoutAccount(randomUUID(), { kind: 'upi', name: 'Asha Verma', upiId: 'not-a-upi-id' })).rejects.toEqual(refused('invalid_upi_id'));
    await expect(driver.payout({ fundAccountId: 'fa_AAAAAAAAAAAAAA', kind: 'bank', amount: 50, idempotencyKey: 'k', referenceId: 'r' })).rejects.toEqual(refused('invalid_amount'));
    expect(fake.requests.length).toBe(before);
  });

  it('maps every payout status', () => {
    expect(['queued', 'pending', 'processing', 'processed', 'reversed', 'failed', 'rejected', 'cancelled'].map(payoutStatusOf)).toEqual([
      'requested', 'requested', 'requested', 'paid', 'failed', 'failed', 'failed', 'cancelled',
    ]);
  });
});

it('a refusal says nothing of what Razorpay said', async () => {
  const err = (await driver.refund('pay_AAAAAAAAAAAAAA', { receipt: 'x' }).catch((e: unknown) => e)) as Error;
  expect(err).toBeInstanceOf(ProviderRefusedError);
  expect(err.message).toBe('The payment provider refused: payment_unknown');
});
