import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBookingDetail } from '@parkly/shared/admin-bookings';
import type { Earnings } from '@parkly/shared/earnings';
import { api, bearer, createTestApp, type TestContext } from '../../../../test/helper';
import { runBookingJobs } from '../../bookings/booking-jobs';
import { bookingDeps } from '../../bookings/bookings.routes';
import { newGuest, window } from '../../bookings/testing';
import { shareOf } from '../../earnings/host-ledger';
import { publishedListing } from '../../listings/testing';
import { createTestUser } from '../../notifications/test-users';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
/** one host with an instant-book listing (moderate policy, room for 20) for the whole file */
let listing: Awaited<ReturnType<typeof publishedListing>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Console Admin', role: 'admin' });
  listing = await publishedListing(t.app, { capacity: 20, title: 'Basement bay near Brigade Road' });
});
afterAll(() => t.close());

const as = (headers: Record<string, string>) => ({
  get: (path: string) => t.app.inject({ method: 'GET', url: api(path), headers }),
  post: (path: string, payload: unknown) => t.app.inject({ method: 'POST', url: api(path), headers, payload: payload as object }),
});
const adminCalls = () => as(admin.headers);

let slot = 0;
/** Books and pays a window of its own as a new guest. */
async function paid() {
  const guest = await newGuest(t.app);
  const created = await guest.calls.book({ parking_id: listing.id, ...window(48 + 4 * slot++, 3) });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().result.id;
  expect((await guest.calls.pay(id)).statusCode).toBe(200);
  const [money] = await t.db.query<{ subtotal: number; host_fee: number; total: number }>(`SELECT subtotal, host_fee, total FROM bookings WHERE id = $1`, [id]);
  return { id, guest, ...money! };
}

const detail = async (id: string): Promise<AdminBookingDetail> => {
  const res = await adminCalls().get(`admin/bookings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const refund = (id: string, body: Record<string, unknown>) => adminCalls().post(`admin/bookings/${id}/refund`, { reason: 'The gate was locked when the driver arrived', idempotency_key: randomUUID(), ...body });
const earnings = async (): Promise<Earnings> => (await as(bearer(listing.host.token)).get('host/earnings')).json().result;

describe('GET admin/bookings', () => {
  it('finds bookings by id, reference, guest, host and title, and filters by status', async () => {
    const a = await paid();
    const b = await paid();
    const search = async (q: string) => {
      const res = await adminCalls().get(`admin/bookings?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { result: { id: string }[]; page: { total: number } };
    };
    expect((await search(a.id.slice(0, 8))).result.map((r) => r.id)).toContain(a.id);
    expect((await search(a.id)).result.map((r) => r.id)).toEqual([a.id]);
    expect((await search(`PK-${a.id.slice(0, 8).toUpperCase()}`)).result.map((r) => r.id)).toEqual([a.id]);
    expect((await search(a.guest.user.email.toUpperCase())).result.map((r) => r.id)).toEqual([a.id]);
    expect((await search(b.guest.user.name)).result.map((r) => r.id)).toEqual([b.id]);
    const byTitle = await search('brigade road');
    expect(byTitle.result.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await search(listing.host.user.email)).page.total).toBe(byTitle.page.total);
    // LIKE's wildcards are plain characters here
    expect((await search('%')).page.total).toBe(0);

    const row = (await search(a.id)).result[0] as Record<string, unknown>;
    expect(row).toMatchObject({
      reference: `PK-${a.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      status: 'confirmed',
      listing: { id: listing.id, title: 'Basement bay near Brigade Road' },
      guest: { id: a.guest.user.id, email: a.guest.user.email },
      host: { id: listing.host.user.id },
      total: a.total,
      paid: a.total,
      refunded: 0,
    });

    const confirmed = await adminCalls().get('admin/bookings?status=confirmed&q=brigade');
    expect(confirmed.json().result.length).toBeGreaterThanOrEqual(2);
    expect((await adminCalls().get('admin/bookings?status=cancelled&q=brigade')).json().result.map((r: { id: string }) => r.id)).not.toContain(a.id);
    expect((await adminCalls().get('admin/bookings?status=')).statusCode).toBe(200);
    expect((await adminCalls().get('admin/bookings')).json().page).toMatchObject({ page: 1, page_size: 25 });
  });

  it('answers 400 for a bad filter or page, 401 without a token and 403 for a guest or a host', async () => {
    expect((await adminCalls().get('admin/bookings?status=lost')).statusCode).toBe(400);
    expect((await adminCalls().get('admin/bookings?page=0')).statusCode).toBe(400);
    expect((await adminCalls().get(`admin/bookings?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    const guest = await createTestUser(t.db);
    expect((await as(guest.headers).get('admin/bookings')).statusCode).toBe(403);
    expect((await as(bearer(listing.host.token)).get('admin/bookings')).statusCode).toBe(403);
    expect((await as({}).get('admin/bookings')).statusCode).toBe(401);
  });
});

describe('GET admin/bookings/:id', () => {
  it('shows the whole history: events with who, payments, price, contacts and the host ledger', async () => {
    const b = await paid();
    const d = await detail(b.id);
    expect(d).toMatchObject({
      id: b.id,
      status: 'confirmed',
      payment_status: 'paid',
      paid: b.total,
      refunded: 0,
      refundable: b.total,
      card: { brand: 'visa', last4: '4242' },
      price: { subtotal: b.subtotal, host_fee: b.host_fee, total: b.total, cancellation_policy: 'moderate' },
      guest: { id: b.guest.user.id, name: b.guest.user.name, email: b.guest.user.email },
      host: { id: listing.host.user.id },
      messages: 0,
    });
    expect(d.price.lines.length).toBeGreaterThan(0);
    expect(d.events.map((e) => `${e.event}:${e.from}->${e.to}:${e.by}`)).toEqual(['create:null->pending_payment:guest', 'pay_instant:pending_payment->confirmed:guest']);
    expect(d.events[1]!.actor).toEqual({ id: b.guest.user.id, name: b.guest.user.name });
    expect(d.payments).toEqual([expect.objectContaining({ kind: 'charge', provider: 'simulated', amount: b.total, status: 'succeeded', idempotency_key: `${b.id}:pay:1` })]);
    expect(d.payments[0]!.provider_ref).toBeTruthy();
    expect(d.refunds).toEqual([]);
    expect(d.ledger).toEqual([expect.objectContaining({ kind: 'earning', gross: b.subtotal, commission: b.host_fee, pending: b.subtotal - b.host_fee })]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one; 403 for a guest', async () => {
    expect((await adminCalls().get(`admin/bookings/${randomUUID()}`)).statusCode).toBe(404);
    const bad = await adminCalls().get('admin/bookings/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    const guest = await createTestUser(t.db);
    expect((await as(guest.headers).get(`admin/bookings/${randomUUID()}`)).statusCode).toBe(403);
  });
});

describe('POST admin/bookings/:id/refund', () => {
  it('refunds part, then the rest, never more than was paid; the host ledger and earnings follow', async () => {
    const b = await paid();
    const before = await earnings();

    const part = await refund(b.id, { amount: 1001 });
    expect(part.statusCode, part.body).toBe(200);
    let d: AdminBookingDetail = part.json().result;
    expect(d).toMatchObject({ status: 'confirmed', payment_status: 'partially_refunded', refunded: 1001, refundable: b.total - 1001 });
    expect(d.refunds).toEqual([
      expect.objectContaining({ amount: 1001, status: 'succeeded', source: 'admin', by: { id: admin.id, name: 'Console Admin' }, reason: 'The gate was locked when the driver arrived' }),
    ]);
    expect(d.payments.map((p) => `${p.kind}:${p.status}:${p.amount}`)).toEqual([`charge:succeeded:${b.total}`, 'refund:succeeded:1001']);
    // the host gives back their share of it, from pending (the stay is still ahead)
    const share = { gross: shareOf(b.subtotal, 1001, b.total), commission: shareOf(b.host_fee, 1001, b.total) };
    expect(d.ledger.find((l) => l.kind === 'reversal')).toMatchObject({ gross: -share.gross, commission: -share.commission, pending: -(share.gross - share.commission), guest_refund: 1001 });
    let e = await earnings();
    expect(e.totals.refunds - before.totals.refunds).toBe(share.gross - share.commission);
    expect(e.totals.pending - before.totals.pending).toBe(-(share.gross - share.commission));
    expect(e.totals.gross - e.totals.commission - e.totals.refunds).toBe(e.totals.net);

    // more than is left: 400 on the amount, nothing written
    const over = await refund(b.id, { amount: b.total - 1000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amount).toMatch(/^At most ₹/);

    const rest = await refund(b.id, { full: true });
    expect(rest.statusCode, rest.body).toBe(200);
    d = rest.json().result;
    expect(d).toMatchObject({ status: 'confirmed', payment_status: 'refunded', refunded: b.total, refundable: 0 });
    expect(d.refunds.map((r) => r.amount)).toEqual([1001, b.total - 1001]);
    // together the reversals take back exactly what was earned
    e = await earnings();
    expect(e.totals.refunds - before.totals.refunds).toBe(b.subtotal - b.host_fee);
    expect(e.totals.net).toBe(before.totals.net - (b.subtotal - b.host_fee));
    expect((await t.db.query<{ refund_amount: number }>(`SELECT refund_amount FROM bookings WHERE id = $1`, [b.id]))[0]!.refund_amount).toBe(b.total);

    // nothing is left
    expect((await refund(b.id, { full: true })).statusCode).toBe(409);
    const none = await refund(b.id, { amount: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.amount).toBe('Nothing is left to refund');
  });

  it('refunds once for one key, however often it is sent, and tells the guest and the host once', async () => {
    const b = await paid();
    const body = { amount: 2500, idempotency_key: randomUUID() };
    const answers = await Promise.all([refund(b.id, body), refund(b.id, body), refund(b.id, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const d = await detail(b.id);
    expect(d.refunded).toBe(2500);
    expect(d.refunds).toHaveLength(1);
    expect(d.ledger.filter((l) => l.kind === 'reversal')).toHaveLength(1);
    // the same key with another amount is not a new refund
    expect((await refund(b.id, { ...body, amount: 3000 })).statusCode).toBe(409);
    const audit = await t.db.query<{ details: { before: unknown; after: { amount: number; refund_amount: number }; reason: string } }>(
      `SELECT details FROM audit_log WHERE action = 'booking.refund' AND subject_id = $1`,
      [b.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { refund_amount: 0, payment_status: 'paid' }, after: { amount: 2500, refund_amount: 2500, payment_status: 'partially_refunded' }, reason: expect.any(String) });
    const notices = await t.db.query<{ user_id: string; title: string }>(`SELECT user_id, title FROM notifications WHERE title IN ('Refund on its way', 'A booking was refunded') AND description LIKE $1`, [
      `%${'₹25'}%`,
    ]);
    expect(notices.filter((n) => n.user_id === b.guest.user.id).map((n) => n.title)).toEqual(['Refund on its way']);
    expect(notices.filter((n) => n.user_id === listing.host.user.id).map((n) => n.title)).toContain('A booking was refunded');
    const mail = await t.db.query<{ subject: string }>(`SELECT subject FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Refund on its way%'`, [b.guest.user.email]);
    expect(mail).toHaveLength(1);
  });

  it('refunds a finished stay from the host’s available balance, and a later cancellation refunds only what is left', async () => {
    // a completed stay
    const done = await paid();
    await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '400 hours', now() - interval '398 hours') WHERE id = $1`, [done.id]);
    await runBookingJobs(bookingDeps(t.app));
    const before = await earnings();
    expect((await refund(done.id, { amount: done.total })).statusCode).toBe(200);
    const d = await detail(done.id);
    expect(d.status).toBe('completed');
    const reversal = d.ledger.find((l) => l.kind === 'reversal')!;
    expect(reversal).toMatchObject({ pending: 0, available: -(done.subtotal - done.host_fee) });
    expect((await earnings()).totals.available).toBe(before.totals.available - (done.subtotal - done.host_fee));

    // a confirmed stay (more than a day ahead: moderate refunds all), part refunded by an admin, then cancelled by its guest
    const b = await paid();
    expect((await refund(b.id, { amount: 4000 })).statusCode).toBe(200);
    const preview = (await b.guest.calls.get(b.id)).json().result.refund_if_cancelled_now;
    expect(preview.amount).toBe(b.total - 4000);
    const cancelled = await b.guest.calls.cancel(b.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result).toMatchObject({ status: 'cancelled', refund_amount: b.total, payment_status: 'refunded' });
    const after = await detail(b.id);
    expect(after.refunds.map((r) => `${r.source}:${r.amount}`)).toEqual(['admin:4000', `cancellation:${b.total - 4000}`]);
    expect(after.ledger.filter((l) => l.kind === 'reversal').reduce((a, l) => a + (l.guest_refund ?? 0), 0)).toBe(b.total);
    expect(after.ledger.reduce((a, l) => a + l.net, 0)).toBe(0);
    const e = await earnings();
    expect(e.totals.pending + e.totals.available + e.totals.requested + e.totals.paid_out).toBe(e.totals.net);
  });

  it('is refused with 409 when nothing was charged, 404 for an unknown booking, 400 for bad input, 403 for others', async () => {
    const guest = await newGuest(t.app);
    const held = (await guest.calls.book({ parking_id: listing.id, ...window(500, 1) })).json().result.id as string;
    const unpaid = await refund(held, { full: true });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toMatch(/Nothing was charged/);
    expect((await refund(randomUUID(), { amount: 100 })).statusCode).toBe(404);
    expect([400, 404]).toContain((await refund('PK-1234', { amount: 100 })).statusCode);

    const b = await paid();
    const field = async (body: Record<string, unknown>, name: string) => {
      const res = await refund(b.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(name);
    };
    await field({}, 'amount');
    await field({ amount: 0 }, 'amount');
    await field({ amount: -5 }, 'amount');
    await field({ amount: 12.5 }, 'amount');
    await field({ amount: '100' }, 'amount');
    await field({ amount: 100, full: true }, 'amount');
    await field({ full: false }, 'full');
    await field({ amount: 100, reason: '' }, 'reason');
    await field({ amount: 100, reason: 'x'.repeat(1001) }, 'reason');
    await field({ amount: 100, idempotency_key: 'again' }, 'idempotency_key');
    await field({ amount: 100, idempotency_key: undefined }, 'idempotency_key');
    expect((await detail(b.id)).refunded).toBe(0);

    const someone = await createTestUser(t.db);
    expect((await as(someone.headers).post(`admin/bookings/${b.id}/refund`, { amount: 100, reason: 'x', idempotency_key: randomUUID() })).statusCode).toBe(403);
    expect((await as(bearer(b.guest.token)).post(`admin/bookings/${b.id}/refund`, { amount: 100, reason: 'x', idempotency_key: randomUUID() })).statusCode).toBe(403);
    expect((await detail(b.id)).refunded).toBe(0);
  });
});
