/**
 * Hosts paid automatically through RazorpayX (docs/decisions/033-razorpayx-payouts.md), against the
 * fake Razorpay with the real driver: fund accounts instead of stored numbers, the sender (once, even
 * when it runs twice), RazorpayX's answers and webhooks settling the ledger (in any order, replayed),
 * schedules on the host's clock, and the admin console's view and retry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPayout } from '@parkly/shared/admin-payouts';
import type { Earnings } from '@parkly/shared/earnings';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { paidBooking, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { startFakeRazorpay, type FakeRazorpay, type RazorpayFakeEvent } from '../payments/fake-razorpay';
import { acceptRazorpayWebhook } from '../payments/razorpay-webhook.service';
import { earningsDeps } from './earnings.routes';
import { requestPayout, savePayoutSchedule } from './earnings.service';
import { razorpayxPayoutHandler, runPayoutSchedules, sendPayouts } from './razorpay-payouts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const KEY_ID = 'rzp_test_pxParkly00001';
const KEY_SECRET = 'px_key_secret_for_tests';
const WEBHOOK_SECRET = 'px_webhook_secret_for_tests';
const ACCOUNT = '2323230041626905';

let fake: FakeRazorpay;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, accountNumber: ACCOUNT });
  // guests pay through the simulated provider: RazorpayX pays hosts whichever provider takes the money
  t = await createTestApp({
    PAYMENT_PROVIDER: 'simulated',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
    RAZORPAY_API_URL: fake.url,
  });
  admin = await createTestUser(t.db, { name: 'Payout Admin', role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  t.app.inject({ method, url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });
const asAdmin = (method: 'GET' | 'POST', path: string, payload?: unknown) => call(admin.headers, method, path, payload);
const sender = () => ({ db: t.db, publicUrl: 'http://parkly.test', driver: t.app.payoutSender!.driver });
/** A webhook delivery of one of the fake's events, through the de-duplication the webhook route uses. */
const deliver = (event: RazorpayFakeEvent, body = event.body) =>
  acceptRazorpayWebhook(t.db, { rawBody: body, signature: fake.signWebhook(body), eventId: event.id }, WEBHOOK_SECRET, razorpayxPayoutHandler({ publicUrl: 'http://parkly.test' }));
/** The same, through POST payments/razorpay-webhook (the raw body, signed). */
const post = (event: RazorpayFakeEvent, secret = WEBHOOK_SECRET, app = t.app) =>
  app.inject({
    method: 'POST',
    url: api('payments/razorpay-webhook'),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.signWebhook(event.body, secret), 'x-razorpay-event-id': event.id },
    payload: event.body,
  });
const lastEvent = (payoutId: string, type: string) => fake.eventsOf(payoutId).filter((e) => e.type === type).at(-1)!;

let slot = 0;
const BANK = { method: 'bank', account_holder: 'Kavya Iyer', account_number: '001234567890', ifsc: 'ICIC0000123' } as const;
const UPI = { method: 'upi', upi_id: 'kavya@okicici' } as const;

/** A new host with a finished stay's earnings available, and the payout account given. */
async function hostWithEarnings(account: typeof BANK | typeof UPI | null = BANK) {
  const { id: listingId, host } = await publishedListing(t.app);
  const { booking } = await paidBooking(t.app, listingId, window(30 + 3 * slot++, 2));
  await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '10 hours', now() - interval '8 hours') WHERE id = $1`, [booking.id]);
  await runBookingJobs(bookingDeps(t.app));
  const headers = bearer(host.token);
  if (account) {
    const res = await call(headers, 'PUT', 'host/payout-account', { ...account, current_password: host.password });
    expect(res.statusCode, res.body).toBe(200);
  }
  const earnings = async (): Promise<Earnings> => (await call(headers, 'GET', 'host/earnings')).json().result;
  const request = async () => {
    const res = await call(headers, 'POST', 'host/payouts', {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result as { id: string; amount: number; status: string; sent: boolean };
  };
  const stored = async () =>
    (await t.db.query<{ account_number: string | null; account_last4: string | null; fund_account_id: string | null }>(
      `SELECT account_number, account_last4, fund_account_id FROM host_payout_accounts WHERE host_id = $1`,
      [host.user.id],
    ))[0];
  return { host, headers, earnings, request, stored };
}

/** The payout row's RazorpayX columns. */
const row = async (id: string) =>
  (await t.db.query<{ provider_payout_id: string | null; provider_status: string | null; status: string; send_attempts: number; reference: string | null }>(
    `SELECT provider_payout_id, provider_status, status, send_attempts, reference FROM host_payouts WHERE id = $1`,
    [id],
  ))[0]!;

/** The request is sent by the sender kicked at its commit; this waits for it. */
async function sent(id: string) {
  await t.app.payoutSender!.idle();
  await sendPayouts(sender());
  const r = await row(id);
  expect(r.provider_payout_id).toMatch(/^pout_/);
  return r.provider_payout_id!;
}

describe('payout accounts with RazorpayX', () => {
  it('makes a bank account a fund account and keeps only its last 4 digits', async () => {
    const h = await hostWithEarnings(BANK);
    expect(await h.stored()).toEqual({ account_number: null, account_last4: '7890', fund_account_id: expect.stringMatching(/^fa_/) });
    const fa = fake.fundAccounts.get((await h.stored())!.fund_account_id!)!;
    expect(fa).toMatchObject({ account_type: 'bank_account', bank_account: { ifsc: 'ICIC0000123', account_number: '001234567890', name: 'Kavya Iyer' } });
    expect(fake.contacts.get(fa.contact_id)).toMatchObject({ reference_id: h.host.user.id });
    const e = await h.earnings();
    expect(e.payout_account).toMatchObject({ label: 'Bank account ••••7890 (ICIC0000123)' });
    expect(e.automatic_payouts).toBe(true);
    expect(JSON.stringify(e)).not.toContain('001234567890');
    // the database refuses a row holding both the fund account and the number
    await expect(t.db.query(`UPDATE host_payout_accounts SET account_number = '001234567890' WHERE host_id = $1`, [h.host.user.id])).rejects.toThrow(/number_dropped/);
  });

  it('makes a UPI ID a vpa fund account', async () => {
    const h = await hostWithEarnings(UPI);
    const fa = fake.fundAccounts.get((await h.stored())!.fund_account_id!)!;
    expect(fa).toMatchObject({ account_type: 'vpa', vpa: { address: 'kavya@okicici' } });
  });

  it('keeps the number while RazorpayX is unreachable, and the first payout makes the fund account and drops it', async () => {
    fake.fail('500', /\/v1\/contacts$/, 1);
    const h = await hostWithEarnings(BANK);
    expect(await h.stored()).toEqual({ account_number: '001234567890', account_last4: '7890', fund_account_id: null });
    const p = await h.request();
    await sent(p.id);
    expect(await h.stored()).toEqual({ account_number: null, account_last4: '7890', fund_account_id: expect.stringMatching(/^fa_/) });
    const payout = fake.payouts.get((await row(p.id)).provider_payout_id!)!;
    expect(payout).toMatchObject({ fund_account_id: (await h.stored())!.fund_account_id, amount: p.amount, mode: 'IMPS', reference_id: p.id });
  });

  it('answers 400 with the field when RazorpayX refuses the account, and keeps the one before', async () => {
    const h = await hostWithEarnings(UPI);
    const before = await h.stored();
    // a handle with a digit passes our form, but not RazorpayX's rules for a UPI ID
    const res = await call(h.headers, 'PUT', 'host/payout-account', { method: 'upi', upi_id: 'kavya@ok1', current_password: h.host.password });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('upi_id');
    expect(await h.stored()).toEqual(before);
  });
});

describe('the payout sender', () => {
  it('pays a request once, by IMPS with the request id as the idempotency key, even when it runs twice at once', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    expect(p).toMatchObject({ status: 'requested' });
    await t.app.payoutSender!.idle();
    await Promise.all([sendPayouts(sender()), sendPayouts(sender()), t.app.payoutSender!.run()]);
    const r = await row(p.id);
    const made = [...fake.payouts.values()].filter((x) => x.reference_id === p.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: r.provider_payout_id, amount: p.amount, mode: 'IMPS', status: 'processing' });
    expect(fake.requests.filter((q) => q.path === '/v1/payouts' && q.method === 'POST').every((q) => q.idempotencyKey)).toBe(true);
    expect(fake.requests.some((q) => q.idempotencyKey === p.id)).toBe(true);
    expect(r).toMatchObject({ status: 'requested', provider_status: 'processing', send_attempts: 1 });
    const e = await h.earnings();
    expect(e.payouts[0]).toMatchObject({ id: p.id, status: 'requested', sent: true });
    expect(e.totals).toMatchObject({ requested: p.amount, available: 0 });
    // sent again (a crash after RazorpayX answered): the same key answers the same payout
    await t.db.query(`UPDATE host_payouts SET provider_payout_id = NULL, next_attempt_at = now() WHERE id = $1`, [p.id]);
    await sendPayouts(sender());
    expect([...fake.payouts.values()].filter((x) => x.reference_id === p.id)).toHaveLength(1);
    expect((await row(p.id)).provider_payout_id).toBe(r.provider_payout_id);
  });

  it('never pays the simulated provider\'s earnings out of a live RazorpayX account', async () => {
    const h = await hostWithEarnings(UPI);
    const p = await requestPayout({ ...earningsDeps(t.app), onPayoutRequested: undefined }, { id: h.host.user.id, sessionId: 's', role: 'user' });
    const live = { ...sender(), driver: { ...t.app.payoutSender!.driver, keyId: 'rzp_live_pxParkly00001' } };
    await sendPayouts(live);
    expect(await row(p.id)).toMatchObject({ status: 'failed', provider_payout_id: null });
    expect([...fake.payouts.values()].filter((x) => x.reference_id === p.id)).toHaveLength(0);
    expect((await h.earnings()).totals).toMatchObject({ requested: 0, available: p.amount });
  });

  it('pays a UPI ID by UPI', async () => {
    const h = await hostWithEarnings(UPI);
    const p = await h.request();
    const id = await sent(p.id);
    expect(fake.payouts.get(id)).toMatchObject({ mode: 'UPI', amount: p.amount });
  });

  it('tries again later when RazorpayX is unreachable, and the payout stays requested', async () => {
    const h = await hostWithEarnings(BANK);
    await t.app.payoutSender!.idle();
    fake.fail('500', /\/v1\/payouts$/, 1);
    const p = await h.request();
    await t.app.payoutSender!.idle();
    expect(await row(p.id)).toMatchObject({ status: 'requested', provider_payout_id: null, send_attempts: 1 });
    // not due yet
    await sendPayouts(sender());
    expect((await row(p.id)).send_attempts).toBe(1);
    await t.db.query(`UPDATE host_payouts SET next_attempt_at = now() WHERE id = $1`, [p.id]);
    await sendPayouts(sender());
    expect(await row(p.id)).toMatchObject({ status: 'requested', provider_payout_id: expect.stringMatching(/^pout_/), send_attempts: 2 });
  });

  it('makes the fund account of an account saved before RazorpayX only while it is the one the payout was requested for', async () => {
    const h = await hostWithEarnings(BANK);
    // an account saved before RazorpayX: the number, no fund account
    await t.db.query(`UPDATE host_payout_accounts SET fund_account_id = NULL, account_number = '001234567890' WHERE host_id = $1`, [h.host.user.id]);
    // requested without the kick, then the account is saved again (another number) before the sender runs
    const p = await requestPayout({ ...earningsDeps(t.app), onPayoutRequested: undefined }, { id: h.host.user.id, sessionId: 's', role: 'user' });
    await t.db.query(`UPDATE host_payout_accounts SET account_last4 = '9999', account_number = '001234569999', updated_at = now() WHERE host_id = $1`, [h.host.user.id]);
    await sendPayouts(sender());
    expect(await row(p.id)).toMatchObject({ status: 'failed', provider_payout_id: null });
    expect((await h.earnings()).payouts[0]).toMatchObject({ id: p.id, status: 'failed', failure_reason: 'Your payout account changed before this payout was sent' });
    expect((await h.earnings()).totals).toMatchObject({ requested: 0, available: p.amount });
    expect([...fake.payouts.values()].filter((x) => x.reference_id === p.id)).toHaveLength(0);
    // the account as it is now is still payable: its number stays until a payout makes its fund account
    expect(await h.stored()).toEqual({ account_number: '001234569999', account_last4: '9999', fund_account_id: null });
  });
});

describe('payout webhooks', () => {
  it('payout.processed marks it paid with the UTR, once; a replay changes nothing', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    const event = lastEvent(id, 'payout.processed');
    expect((await deliver(event)).outcome).toBe('applied');
    const after = await h.earnings();
    expect(after.payouts[0]).toMatchObject({ id: p.id, status: 'paid', sent: false, reference: fake.payouts.get(id)!.utr });
    expect(after.totals).toMatchObject({ requested: 0, paid_out: p.amount, available: 0 });
    expect((await deliver(event)).outcome).toBe('duplicate');
    expect((await deliver({ ...event, id: 'evt_madeUpReplay00001' })).outcome).toBe('duplicate');
    expect((await h.earnings()).totals).toEqual(after.totals);
    const notices = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Payout paid'`, [h.host.user.id]);
    expect(notices).toHaveLength(1);
  });

  it('payout.failed gives the money back to available, once', async () => {
    const h = await hostWithEarnings(UPI);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'failed');
    expect((await deliver(lastEvent(id, 'payout.failed'))).outcome).toBe('applied');
    const e = await h.earnings();
    expect(e.payouts[0]).toMatchObject({ status: 'failed', failure_reason: 'The bank could not take the payout' });
    expect(e.totals).toMatchObject({ requested: 0, paid_out: 0, available: p.amount });
    expect(await row(p.id)).toMatchObject({ provider_status: 'failed' });
  });

  it('payout.reversed after processed returns the money to available; a late processed changes nothing', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    fake.settlePayout(id, 'reversed');
    const processed = lastEvent(id, 'payout.processed');
    const reversed = lastEvent(id, 'payout.reversed');
    await deliver(processed);
    expect((await h.earnings()).totals).toMatchObject({ paid_out: p.amount, available: 0 });
    await deliver(reversed);
    const e = await h.earnings();
    expect(e.totals).toMatchObject({ requested: 0, paid_out: 0, available: p.amount, net: e.totals.net });
    expect(e.payouts[0]).toMatchObject({ status: 'failed', failure_reason: 'The bank sent the payout back' });
    // the same events again, or a processed one sent later under another id: nothing moves
    await deliver(processed);
    await deliver(reversed);
    const again = JSON.stringify({ ...JSON.parse(processed.body), created_at: 1 });
    expect((await deliver({ ...processed, id: 'evt_lateProcessed0001' }, again)).outcome).toBe('applied');
    expect((await h.earnings()).totals).toEqual(e.totals);
    const entries = await t.db.query<{ entry_key: string }>(`SELECT entry_key FROM host_ledger_entries WHERE payout_id = $1 ORDER BY id`, [p.id]);
    expect(entries.map((x) => x.entry_key)).toEqual([`payout:${p.id}:requested`, `payout:${p.id}:paid`, `payout:${p.id}:reversed`]);
  });

  it('payout.reversed before processed (out of order): failed once, the money back once', async () => {
    const h = await hostWithEarnings(UPI);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    fake.settlePayout(id, 'reversed');
    await deliver(lastEvent(id, 'payout.reversed'));
    await deliver(lastEvent(id, 'payout.processed'));
    const e = await h.earnings();
    expect(e.payouts[0]).toMatchObject({ status: 'failed' });
    expect(e.totals).toMatchObject({ requested: 0, paid_out: 0, available: p.amount });
  });

  it('a webhook that comes before the sender recorded the payout finds it by its reference id', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    await t.db.query(`UPDATE host_payouts SET provider_payout_id = NULL WHERE id = $1`, [p.id]);
    fake.settlePayout(id, 'processed');
    await deliver(lastEvent(id, 'payout.processed'));
    expect(await row(p.id)).toMatchObject({ status: 'paid', provider_payout_id: id });
  });

  it('a forged delivery is refused and changes nothing', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    const event = lastEvent(id, 'payout.processed');
    const forged = await acceptRazorpayWebhook(t.db, { rawBody: event.body, signature: fake.signWebhook(event.body, 'not-the-secret'), eventId: event.id }, WEBHOOK_SECRET, razorpayxPayoutHandler({ publicUrl: 'x' }));
    expect(forged.outcome).toBe('forged');
    expect((await row(p.id)).status).toBe('requested');
  });
});

describe('the webhook route (payouts on a server whose guests pay another way)', () => {
  it('applies payout.processed once, answers a replay as a duplicate and refuses a forged one', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    const event = lastEvent(id, 'payout.processed');
    const forged = await post(event, 'not-the-webhook-secret');
    expect(forged.statusCode).toBe(400);
    expect((await row(p.id)).status).toBe('requested');
    const res = await post(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect((await h.earnings()).payouts[0]).toMatchObject({ id: p.id, status: 'paid' });
    const again = await post(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await h.earnings()).totals).toMatchObject({ paid_out: p.amount, requested: 0 });
  });

  it('payout.reversed through the route returns the money', async () => {
    const h = await hostWithEarnings(UPI);
    const p = await h.request();
    const id = await sent(p.id);
    fake.settlePayout(id, 'processed');
    fake.settlePayout(id, 'reversed');
    expect((await post(lastEvent(id, 'payout.reversed'))).statusCode).toBe(200);
    expect((await post(lastEvent(id, 'payout.processed'))).statusCode).toBe(200);
    expect((await h.earnings()).totals).toMatchObject({ paid_out: 0, requested: 0, available: p.amount });
  });
});

describe('payout schedules', () => {
  // 2026-12-02 is a Wednesday; 2026-12-07 a Monday
  const wednesday = new Date('2026-12-02T06:00:00Z');

  it('weekly pays the whole available balance on Monday on the host’s clock, once', async () => {
    const h = await hostWithEarnings(BANK);
    const before = await h.earnings();
    expect(before.payout_schedule).toEqual({ frequency: 'manual', time_zone: 'Asia/Kolkata', next_run_on: null });
    const s = await savePayoutSchedule({ db: t.db }, { id: h.host.user.id, sessionId: 's', role: 'user' }, { frequency: 'weekly' }, wednesday);
    expect(s).toEqual({ frequency: 'weekly', time_zone: 'Asia/Kolkata', next_run_on: '2026-12-07' });
    const deps = earningsDeps(t.app);
    const mine = async () => (await h.earnings()).payouts.length;
    // Sunday 23:30 in India: not yet
    await runPayoutSchedules(deps, new Date('2026-12-06T18:00:00Z'));
    expect(await mine()).toBe(0);
    // Monday 00:30 in India (still Sunday in UTC): due
    await runPayoutSchedules(deps, new Date('2026-12-06T19:00:00Z'));
    await runPayoutSchedules(deps, new Date('2026-12-07T10:00:00Z'));
    const e = await h.earnings();
    expect(e.payouts).toHaveLength(1);
    expect(e.payouts[0]).toMatchObject({ amount: before.totals.available, status: 'requested' });
    expect(e.totals.available).toBe(0);
    expect(e.payout_schedule.next_run_on).toBe('2026-12-14');
    const notice = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Scheduled payout requested'`, [h.host.user.id]);
    expect(notice).toHaveLength(1);
  });

  it('monthly pays on the 1st; a host with nothing available is skipped without error', async () => {
    const rich = await hostWithEarnings(UPI);
    const poor = await hostWithEarnings(UPI);
    // the poor host's balance is paid out already
    await poor.request();
    const me = (h: typeof rich) => ({ id: h.host.user.id, sessionId: 's', role: 'user' as const });
    expect((await savePayoutSchedule({ db: t.db }, me(rich), { frequency: 'monthly' }, wednesday)).next_run_on).toBe('2027-01-01');
    await savePayoutSchedule({ db: t.db }, me(poor), { frequency: 'monthly' }, wednesday);
    const deps = earningsDeps(t.app);
    await runPayoutSchedules(deps, new Date('2026-12-31T18:40:00Z'));
    expect((await rich.earnings()).payouts).toHaveLength(1);
    expect((await poor.earnings()).payouts).toHaveLength(1);
    expect((await poor.earnings()).payout_schedule.next_run_on).toBe('2027-02-01');
  });

  it('PUT host/payout-schedule validates, and is for hosts only', async () => {
    const h = await hostWithEarnings(null);
    const ok = await call(h.headers, 'PUT', 'host/payout-schedule', { frequency: 'weekly', time_zone: 'Europe/London' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ frequency: 'weekly', time_zone: 'Europe/London', next_run_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const manual = await call(h.headers, 'PUT', 'host/payout-schedule', { frequency: 'manual' });
    expect(manual.json().result).toEqual({ frequency: 'manual', time_zone: 'Asia/Kolkata', next_run_on: null });
    const daily = await call(h.headers, 'PUT', 'host/payout-schedule', { frequency: 'daily' });
    expect(daily.statusCode).toBe(400);
    expect(daily.json().errors).toHaveProperty('frequency');
    const mars = await call(h.headers, 'PUT', 'host/payout-schedule', { frequency: 'weekly', time_zone: 'Mars/Olympus' });
    expect(mars.statusCode).toBe(400);
    expect(mars.json().errors).toHaveProperty('time_zone');
    const guest = await createTestUser(t.db, { name: 'Not A Host' });
    expect((await call(guest.headers, 'PUT', 'host/payout-schedule', { frequency: 'weekly' })).statusCode).toBe(403);
    expect((await call({}, 'PUT', 'host/payout-schedule', { frequency: 'weekly' })).statusCode).toBe(401);
  });
});

describe('the admin console with RazorpayX', () => {
  it('shows the RazorpayX payout and its status, refuses manual marking, and retries a failed payout once with a new key', async () => {
    const h = await hostWithEarnings(BANK);
    const p = await h.request();
    const id = await sent(p.id);
    const list = (await asAdmin('GET', 'admin/payouts')).json();
    expect(list.automatic).toBe(true);
    // on its way at RazorpayX: nothing for an admin to do, so not counted as waiting
    expect((await asAdmin('GET', 'admin/dashboard')).json().result.waiting.payout_requests).toBe(0);
    expect(list.result.find((r: AdminPayout) => r.id === p.id)).toMatchObject({ razorpayx: { payout_id: id, status: 'processing' }, retry_of: null, retried: false });
    expect((await asAdmin('POST', `admin/payouts/${p.id}/paid`, { reference: 'UTR123456' })).statusCode).toBe(409);
    expect((await asAdmin('POST', `admin/payouts/${p.id}/failed`, { reason: 'No' })).statusCode).toBe(409);
    // a payout still on its way cannot be retried
    expect((await asAdmin('POST', `admin/payouts/${p.id}/retry`)).statusCode).toBe(409);

    fake.settlePayout(id, 'failed');
    await deliver(lastEvent(id, 'payout.failed'));
    const res = await asAdmin('POST', `admin/payouts/${p.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    const retry: AdminPayout = res.json().result;
    expect(retry).toMatchObject({ retry_of: p.id, amount: p.amount, status: 'requested' });
    expect(retry.id).not.toBe(p.id);
    await t.app.payoutSender!.idle();
    const again = await sent(retry.id);
    expect(again).not.toBe(id);
    expect(fake.requests.some((q) => q.idempotencyKey === retry.id)).toBe(true);
    expect((await h.earnings()).totals).toMatchObject({ requested: p.amount, available: 0 });
    expect((await asAdmin('POST', `admin/payouts/${p.id}/retry`)).statusCode).toBe(409);
    const failed = (await asAdmin('GET', 'admin/payouts?status=failed')).json().result.find((r: AdminPayout) => r.id === p.id);
    expect(failed).toMatchObject({ retried: true, razorpayx: { payout_id: id, status: 'failed' } });
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'payout.retry' AND subject_id = $1`, [p.id]);
    expect(audit).toHaveLength(1);
    expect((await call(h.headers, 'POST', `admin/payouts/${p.id}/retry`)).statusCode).toBe(403);
  });
});

describe('without RazorpayX', () => {
  it('payouts stay manual: the number is stored, nothing is sent, retry is refused', async () => {
    const manual = await createTestApp();
    try {
      expect(manual.app.payoutSender).toBeNull();
      const { id: listingId, host } = await publishedListing(manual.app);
      await paidBooking(manual.app, listingId, window(40, 2));
      const headers = bearer(host.token);
      const res = await manual.app.inject({ method: 'PUT', url: api('host/payout-account'), headers, payload: { ...BANK, current_password: host.password } });
      expect(res.statusCode).toBe(200);
      const [stored] = await manual.db.query(`SELECT account_number, fund_account_id FROM host_payout_accounts WHERE host_id = $1`, [host.user.id]);
      expect(stored).toEqual({ account_number: '001234567890', fund_account_id: null });
      const e = (await manual.app.inject({ method: 'GET', url: api('host/earnings'), headers })).json().result as Earnings;
      expect(e.automatic_payouts).toBe(false);
      const a = await createTestUser(manual.db, { name: 'Manual Admin', role: 'admin' });
      const list = await manual.app.inject({ method: 'GET', url: api('admin/payouts'), headers: a.headers });
      expect(list.json().automatic).toBe(false);
      const retry = await manual.app.inject({ method: 'POST', url: api('admin/payouts/00000000-0000-4000-8000-000000000001/retry'), headers: a.headers });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toMatch(/by hand/);
      // neither Razorpay payments nor RazorpayX: no webhook route
      const event = { id: 'evt_none000000000001', type: 'payout.processed', body: '{"event":"payout.processed","payload":{}}' };
      expect((await post(event, WEBHOOK_SECRET, manual.app)).statusCode).toBe(404);
    } finally {
      await manual.close();
    }
  });
});
