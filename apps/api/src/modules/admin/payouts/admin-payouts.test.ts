import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPayout } from '@parkly/shared/admin-payouts';
import type { Earnings } from '@parkly/shared/earnings';
import { api, bearer, createTestApp, type TestContext } from '../../../../test/helper';
import { runBookingJobs } from '../../bookings/booking-jobs';
import { bookingDeps } from '../../bookings/bookings.routes';
import { paidBooking, window } from '../../bookings/testing';
import { publishedListing } from '../../listings/testing';
import { createTestUser } from '../../notifications/test-users';
import { requestPayout } from '../../earnings/earnings.service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Payout Admin', role: 'admin' });
});
afterAll(() => t.close());

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  t.app.inject({ method, url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });
const asAdmin = (method: 'GET' | 'POST', path: string, payload?: unknown) => call(admin.headers, method, path, payload);

let slot = 0;
/** A new host whose finished stay is available, with a bank account, who asks for a payout of all of it. */
async function hostWithRequest() {
  const { id: listingId, host } = await publishedListing(t.app);
  const { booking } = await paidBooking(t.app, listingId, window(30 + 3 * slot, 2));
  slot += 1;
  await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '10 hours', now() - interval '8 hours') WHERE id = $1`, [booking.id]);
  await runBookingJobs(bookingDeps(t.app));
  const headers = bearer(host.token);
  expect((await call(headers, 'PUT', 'host/payout-account', { method: 'bank', account_holder: 'Kavya Iyer', account_number: '001234567890', ifsc: 'ICIC0000123', current_password: host.password })).statusCode).toBe(200);
  const req = await call(headers, 'POST', 'host/payouts', {});
  expect(req.statusCode, req.body).toBe(201);
  const earnings = async (): Promise<Earnings> => (await call(headers, 'GET', 'host/earnings')).json().result;
  return { host, headers, payout: req.json().result as { id: string; amount: number }, earnings };
}

describe('GET admin/payouts', () => {
  it('lists requests oldest first with the host and the masked account, never the full number', async () => {
    const a = await hostWithRequest();
    const b = await hostWithRequest();
    const res = await asAdmin('GET', 'admin/payouts');
    expect(res.statusCode, res.body).toBe(200);
    const rows: AdminPayout[] = res.json().result;
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(a.payout.id)).toBeLessThan(ids.indexOf(b.payout.id));
    expect(rows.find((r) => r.id === a.payout.id)).toMatchObject({
      host: { id: a.host.user.id, name: a.host.user.name, email: a.host.user.email },
      amount: a.payout.amount,
      status: 'requested',
      method: 'bank',
      destination: 'Bank account ••••7890 (ICIC0000123)',
      paid_at: null,
      reference: null,
      simulated: true,
    });
    expect(res.body).not.toContain('001234567890');
    expect(res.json().page).toMatchObject({ page: 1, page_size: 25 });
    expect((await asAdmin('GET', 'admin/payouts?status=requested')).json().result.length).toBe(rows.length);
    expect((await asAdmin('GET', 'admin/payouts?status=paid')).json().result.map((r: AdminPayout) => r.id)).not.toContain(a.payout.id);
  });

  it('marks a payout simulated only when it was requested under the simulated provider, in the list and in the answer of its outcome', async () => {
    const simulated = await hostWithRequest();
    // another host's payout, requested while the server ran Stripe: real money
    const { id: listingId, host } = await publishedListing(t.app);
    const { booking } = await paidBooking(t.app, listingId, window(30 + 3 * slot++, 2));
    await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '10 hours', now() - interval '8 hours') WHERE id = $1`, [booking.id]);
    await runBookingJobs(bookingDeps(t.app));
    expect((await call(bearer(host.token), 'PUT', 'host/payout-account', { method: 'upi', upi_id: 'kavya@okicici', current_password: host.password })).statusCode).toBe(200);
    const real = await requestPayout({ db: t.db, currency: 'INR', publicUrl: 'http://x', paymentProvider: 'stripe' }, { id: host.user.id, sessionId: 's', role: 'user' });
    const rows: AdminPayout[] = (await asAdmin('GET', 'admin/payouts')).json().result;
    expect(rows.find((r) => r.id === simulated.payout.id)?.simulated).toBe(true);
    expect(rows.find((r) => r.id === real.id)?.simulated).toBe(false);
    const paid = await asAdmin('POST', `admin/payouts/${real.id}/paid`, { reference: 'UTR 5566 7788' });
    expect(paid.json().result).toMatchObject({ id: real.id, status: 'paid', simulated: false });
    const failed = await asAdmin('POST', `admin/payouts/${simulated.payout.id}/failed`, { reason: 'Test money: nothing to send' });
    expect(failed.json().result).toMatchObject({ id: simulated.payout.id, status: 'failed', simulated: true });
  });

  it('answers 400 for an unknown status, 403 for a host, 401 without a token', async () => {
    expect((await asAdmin('GET', 'admin/payouts?status=lost')).statusCode).toBe(400);
    expect((await asAdmin('GET', 'admin/payouts?page=-1')).statusCode).toBe(400);
    const { host } = await publishedListing(t.app);
    expect((await call(bearer(host.token), 'GET', 'admin/payouts')).statusCode).toBe(403);
    expect((await call({}, 'GET', 'admin/payouts')).statusCode).toBe(401);
  });
});

describe('POST admin/payouts/:id/paid', () => {
  it('marks a request paid with its reference: the host sees it paid out at once, is told once, and it is audited', async () => {
    const h = await hostWithRequest();
    const before = await h.earnings();
    expect(before.totals).toMatchObject({ requested: h.payout.amount, paid_out: 0 });

    const res = await asAdmin('POST', `admin/payouts/${h.payout.id}/paid`, { reference: ' UTR 2026 1125 0042 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id: h.payout.id, status: 'paid', reference: 'UTR 2026 1125 0042', paid_at: expect.any(String) });
    const after = await h.earnings();
    expect(after.totals).toMatchObject({ requested: 0, paid_out: h.payout.amount, net: before.totals.net });
    expect(after.payouts[0]).toMatchObject({ id: h.payout.id, status: 'paid', reference: 'UTR 2026 1125 0042' });

    // again: the same answer, nothing written twice
    expect((await asAdmin('POST', `admin/payouts/${h.payout.id}/paid`, { reference: 'UTR 2026 1125 0042' })).statusCode).toBe(200);
    expect((await h.earnings()).totals).toEqual(after.totals);
    const notices = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Payout paid'`, [h.host.user.id]);
    expect(notices).toHaveLength(1);
    const audit = await t.db.query<{ actor_id: string; details: { before: { status: string }; after: { status: string; reference: string } } }>(
      `SELECT actor_id, details FROM audit_log WHERE action = 'payout.paid' AND subject_id = $1`,
      [h.payout.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, details: { before: { status: 'requested' }, after: { status: 'paid', reference: 'UTR 2026 1125 0042' } } });
    expect((await asAdmin('GET', 'admin/payouts?status=paid')).json().result.map((r: AdminPayout) => r.id)).toContain(h.payout.id);

    // a paid payout cannot fail afterwards
    expect((await asAdmin('POST', `admin/payouts/${h.payout.id}/failed`, { reason: 'Bounced' })).statusCode).toBe(409);
  });

  it('needs a reference; 404 for an unknown payout, 400 for a malformed id, 403 for others', async () => {
    const h = await hostWithRequest();
    for (const body of [{}, { reference: '' }, { reference: '   ' }, { reference: 'ab' }, { reference: 'x'.repeat(101) }, { reference: '<script>' }]) {
      const res = await asAdmin('POST', `admin/payouts/${h.payout.id}/paid`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toHaveProperty('reference');
    }
    expect((await asAdmin('POST', `admin/payouts/${randomUUID()}/paid`, { reference: 'UTR123456' })).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/payouts/nope/paid', { reference: 'UTR123456' })).statusCode).toBe(400);
    expect((await call(h.headers, 'POST', `admin/payouts/${h.payout.id}/paid`, { reference: 'UTR123456' })).statusCode).toBe(403);
    expect((await h.earnings()).totals).toMatchObject({ requested: h.payout.amount, paid_out: 0 });
  });
});

describe('POST admin/payouts/:id/failed', () => {
  it('gives the amount back to the host with the reason, once; a reason is required and bounded', async () => {
    const h = await hostWithRequest();
    expect((await asAdmin('POST', `admin/payouts/${h.payout.id}/failed`, {})).json().errors).toHaveProperty('reason');
    expect((await asAdmin('POST', `admin/payouts/${h.payout.id}/failed`, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    const long = await asAdmin('POST', `admin/payouts/${h.payout.id}/failed`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toMatch(/500/);
    const res = await asAdmin('POST', `admin/payouts/${h.payout.id}/failed`, { reason: 'The bank returned the transfer: account closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'failed', failure_reason: 'The bank returned the transfer: account closed' });
    const e = await h.earnings();
    expect(e.totals).toMatchObject({ requested: 0, available: h.payout.amount, paid_out: 0 });
    expect((await asAdmin('GET', 'admin/payouts?status=failed')).json().result.map((r: AdminPayout) => r.id)).toContain(h.payout.id);
    expect((await asAdmin('POST', `admin/payouts/${h.payout.id}/paid`, { reference: 'UTR123456' })).statusCode).toBe(409);
    const audit = await t.db.query<{ details: { reason: string } }>(`SELECT details FROM audit_log WHERE action = 'payout.failed' AND subject_id = $1`, [h.payout.id]);
    expect(audit.map((a) => a.details.reason)).toEqual(['The bank returned the transfer: account closed']);
  });
});
