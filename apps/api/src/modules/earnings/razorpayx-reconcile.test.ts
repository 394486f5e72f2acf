/**
 * Razorpay reconciliation of payouts (decision 033, "Reconciliation"): a payout at RazorpayX whose
 * payout.* webhook never came (the fake settles it and keeps the event undelivered) is fetched by the
 * sweep and settled through the webhook's own handler; a late webhook changes nothing more.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Earnings } from '@parkly/shared/earnings';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { reconcileDeps } from '../../plugins/razorpay-reconcile';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { paidBooking, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { startFakeRazorpay, type FakeRazorpay, type RazorpayFakeEvent } from '../payments/fake-razorpay';
import { reconcileRazorpay } from '../payments/razorpay-reconcile';
import { sendPayouts } from './razorpay-payouts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const KEY_ID = 'rzp_test_reconPx000001';
const KEY_SECRET = 'recon_px_key_secret_for_tests';
const WEBHOOK_SECRET = 'recon_px_webhook_secret_for_tests';
const ACCOUNT = '2323230041626977';

let fake: FakeRazorpay;
let t: TestContext;

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, accountNumber: ACCOUNT });
  t = await createTestApp({
    PAYMENT_PROVIDER: 'simulated',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
    RAZORPAY_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  t.app.inject({ method, url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });
const post = (event: RazorpayFakeEvent) =>
  t.app.inject({
    method: 'POST',
    url: api('payments/razorpay-webhook'),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body), 'x-razorpay-event-id': event.id },
    payload: event.body,
  });
const lastEvent = (payoutId: string, type: string) => fake.eventsOf(payoutId).filter((e) => e.type === type).at(-1)!;
const sweep = () => reconcileRazorpay(reconcileDeps(t.app)!);
/** How often RazorpayX was asked about a payout. */
const fetched = (payoutId: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payouts/${payoutId}`).length;

let slot = 0;
const UPI = { method: 'upi', upi_id: 'meera@okaxis' } as const;

/** A host with a finished stay's earnings, a payout requested and sent to RazorpayX: its ids. */
async function inFlight() {
  const { id: listingId, host } = await publishedListing(t.app);
  const { booking } = await paidBooking(t.app, listingId, window(30 + 3 * slot++, 2));
  await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '10 hours', now() - interval '8 hours') WHERE id = $1`, [booking.id]);
  await runBookingJobs(bookingDeps(t.app));
  const headers = bearer(host.token);
  expect((await call(headers, 'PUT', 'host/payout-account', { ...UPI, current_password: host.password })).statusCode).toBe(200);
  const res = await call(headers, 'POST', 'host/payouts', {});
  expect(res.statusCode, res.body).toBe(201);
  const payout = res.json().result as { id: string; amount: number };
  await t.app.payoutSender!.idle();
  await sendPayouts({ db: t.db, publicUrl: 'http://parkly.test', driver: t.app.payoutSender!.driver });
  const rx = (await row(payout.id)).provider_payout_id!;
  expect(rx).toMatch(/^pout_/);
  const earnings = async (): Promise<Earnings> => (await call(headers, 'GET', 'host/earnings')).json().result;
  /** sent this long ago (the sweep leaves younger ones to the webhook) */
  const age = (minutes = 31) =>
    t.db.query(`UPDATE host_payouts SET requested_at = requested_at - make_interval(mins => $2), reconcile_at = NULL WHERE id = $1`, [payout.id, minutes]);
  return { payout, rx, earnings, age, hostId: host.user.id };
}

const row = async (id: string) =>
  (await t.db.query<{ provider_payout_id: string | null; provider_status: string | null; status: string; reference: string | null; failure_reason: string | null }>(
    `SELECT provider_payout_id, provider_status, status, reference, failure_reason FROM host_payouts WHERE id = $1`,
    [id],
  ))[0]!;
const entries = async (payoutId: string) =>
  (await t.db.query<{ entry_key: string }>(`SELECT entry_key FROM host_ledger_entries WHERE payout_id = $1 ORDER BY id`, [payoutId])).map((e) => e.entry_key);

describe('reconciling RazorpayX payouts whose webhook never came', () => {
  it('marks a payout processed at RazorpayX paid, with its UTR; the late webhook then changes nothing', async () => {
    const p = await inFlight();
    fake.settlePayout(p.rx, 'processed');
    // sent less than 30 minutes ago: left to the webhook
    await sweep();
    expect(fetched(p.rx)).toBe(0);
    expect((await row(p.payout.id)).status).toBe('requested');

    await p.age();
    await sweep();
    expect(fetched(p.rx)).toBe(1);
    const utr = fake.payouts.get(p.rx)!.utr as string;
    expect(await row(p.payout.id)).toMatchObject({ status: 'paid', provider_status: 'processed', reference: utr });
    const after = await p.earnings();
    expect(after.totals).toMatchObject({ requested: 0, paid_out: p.payout.amount, available: 0 });

    expect((await post(lastEvent(p.rx, 'payout.processed'))).json()).toEqual({ received: true, duplicate: false });
    expect((await p.earnings()).totals).toEqual(after.totals);
    expect(await entries(p.payout.id)).toEqual([`payout:${p.payout.id}:requested`, `payout:${p.payout.id}:paid`]);
    const notices = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Payout paid'`, [p.hostId]);
    expect(notices).toHaveLength(1);
    // paid: no longer in flight, never asked about again
    await t.db.query(`UPDATE host_payouts SET reconcile_at = NULL WHERE id = $1`, [p.payout.id]);
    await sweep();
    expect(fetched(p.rx)).toBe(1);
  });

  it('a payout reversed at RazorpayX returns the money once, whatever comes after', async () => {
    const p = await inFlight();
    fake.settlePayout(p.rx, 'processed');
    fake.settlePayout(p.rx, 'reversed');
    await p.age();
    await sweep();
    expect(await row(p.payout.id)).toMatchObject({ status: 'failed', provider_status: 'reversed', failure_reason: 'The bank sent the payout back' });
    const e = await p.earnings();
    expect(e.totals).toMatchObject({ requested: 0, paid_out: 0, available: p.payout.amount });
    // another sweep, then both late webhooks: the money came back once
    await t.db.query(`UPDATE host_payouts SET reconcile_at = NULL WHERE id = $1`, [p.payout.id]);
    await sweep();
    expect((await post(lastEvent(p.rx, 'payout.processed'))).statusCode).toBe(200);
    expect((await post(lastEvent(p.rx, 'payout.reversed'))).statusCode).toBe(200);
    expect((await p.earnings()).totals).toEqual(e.totals);
    expect(await entries(p.payout.id)).toEqual([`payout:${p.payout.id}:requested`, `payout:${p.payout.id}:returned`]);
  });

  it('a payout failed or cancelled at RazorpayX: the money back in the available balance', async () => {
    const failed = await inFlight();
    fake.settlePayout(failed.rx, 'failed');
    const cancelled = await inFlight();
    fake.payouts.get(cancelled.rx)!.status = 'cancelled';
    await failed.age();
    await cancelled.age();
    await sweep();
    expect(await row(failed.payout.id)).toMatchObject({ status: 'failed', failure_reason: 'The bank could not take the payout' });
    expect(await row(cancelled.payout.id)).toMatchObject({ status: 'cancelled', failure_reason: 'The payout was cancelled before it was sent' });
    for (const p of [failed, cancelled]) expect((await p.earnings()).totals).toMatchObject({ requested: 0, paid_out: 0, available: p.payout.amount });
  });

  it('a payout still processing stays on its way, and is asked about again later, less often', async () => {
    const p = await inFlight();
    await p.age(120);
    await sweep();
    expect(fetched(p.rx)).toBe(1);
    expect(await row(p.payout.id)).toMatchObject({ status: 'requested', provider_status: 'processing' });
    const wait = (await t.db.query<{ wait: number }>(`SELECT EXTRACT(EPOCH FROM reconcile_at - now())::float8 AS wait FROM host_payouts WHERE id = $1`, [p.payout.id]))[0]!.wait;
    // half its age (about an hour), more than the sweep's five minutes
    expect(wait).toBeGreaterThan(3000);
    await sweep();
    expect(fetched(p.rx)).toBe(1);
    // RazorpayX unreachable at its next turn: nothing changes, and no sweep fails
    fake.fail('500', new RegExp(`^/v1/payouts/${p.rx}$`), 1);
    await t.db.query(`UPDATE host_payouts SET reconcile_at = now() - interval '1 second' WHERE id = $1`, [p.payout.id]);
    await sweep();
    expect(fetched(p.rx)).toBe(2);
    expect(await row(p.payout.id)).toMatchObject({ status: 'requested' });
  });

  it('two sweeps at once ask about a payout once and settle it once', async () => {
    const p = await inFlight();
    fake.settlePayout(p.rx, 'reversed');
    await p.age();
    await Promise.all([sweep(), sweep()]);
    expect(fetched(p.rx)).toBe(1);
    expect(await entries(p.payout.id)).toEqual([`payout:${p.payout.id}:requested`, `payout:${p.payout.id}:returned`]);
    expect((await p.earnings()).totals).toMatchObject({ requested: 0, available: p.payout.amount });
  });
});

describe('without Razorpay settings', () => {
  it('nothing is swept: no deps on a server without Razorpay, and a sweep given none asks nothing and changes nothing', async () => {
    const plain = await createTestApp({ PAYMENT_PROVIDER: 'simulated' });
    try {
      expect(plain.app.payoutSender).toBeNull();
      expect(reconcileDeps(plain.app)).toBeNull();
    } finally {
      await plain.close();
    }
    // this server has RazorpayX but takes guests' money itself: payouts only
    expect(reconcileDeps(t.app)).toMatchObject({ payments: null, payouts: expect.any(Object) });
    const p = await inFlight();
    fake.settlePayout(p.rx, 'processed');
    await p.age();
    const asked = fake.requests.length;
    expect(await reconcileRazorpay({ db: t.db, publicUrl: 'http://parkly.test', payments: null, payouts: null })).toEqual({ attemptsChecked: 0, payoutsChecked: 0 });
    expect(fake.requests.length).toBe(asked);
    expect(await row(p.payout.id)).toMatchObject({ status: 'requested', provider_status: 'processing' });
  });
});
