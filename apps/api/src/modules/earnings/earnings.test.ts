import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Earnings } from '@parkly/shared/earnings';
import { formatDateTime } from '@parkly/shared/time';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { bookingCalls, newGuest, window } from '../bookings/testing';
import { completeListing, photoFixtures, publishedListing } from '../listings/testing';
import { migrate } from '../../db/migrate';
import { requestPayout, settlePayout } from './earnings.service';
import { recordBookingTransition, recordRefund, shareOf } from './host-ledger';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string | undefined, method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown) =>
  t.app.inject({ method, url: api(path), headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload: payload as object }) });

/** PUT host/payout-account as a host, with their password unless the body says otherwise. */
const saveAccount = (host: { token: string; password: string }, body: Record<string, unknown>) =>
  call(host.token, 'PUT', 'host/payout-account', { current_password: host.password, ...body });

const earningsOf = async (token: string): Promise<Earnings> => {
  const res = await call(token, 'GET', 'host/earnings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

/** The two rules the ledger keeps to the paisa, checked on every answer; also months and listings add up. */
function expectBalanced(e: Earnings) {
  const s = e.totals;
  expect(s.gross - s.commission - s.refunds).toBe(s.net);
  expect(s.pending + s.available + s.requested + s.paid_out).toBe(s.net);
  const add = (rows: { gross: number; commission: number; refunds: number; net: number }[]) =>
    rows.reduce((a, r) => ({ gross: a.gross + r.gross, commission: a.commission + r.commission, refunds: a.refunds + r.refunds, net: a.net + r.net }), { gross: 0, commission: 0, refunds: 0, net: 0 });
  // everything in these tests happened this month: the months and the listings each add up to the totals
  expect(add(e.by_listing)).toEqual({ gross: s.gross, commission: s.commission, refunds: s.refunds, net: s.net });
  expect(add(e.by_month)).toEqual({ gross: s.gross, commission: s.commission, refunds: s.refunds, net: s.net });
}

/** A host with an instant-book listing (moderate policy) and a request-to-book one (strict), 10 units each. */
async function hostWithListings() {
  const { id: instant, host, calls } = await publishedListing(t.app, { capacity: 10 });
  const draft = (await calls.create(completeListing({ capacity: 10, instant_book: false, cancellation_policy: 'strict', title: 'Gated driveway off 80 Feet Road' }))).json().result.id as string;
  await calls.upload(draft, await photoFixtures.jpeg());
  expect((await calls.publish(draft)).statusCode).toBe(200);
  return { host, instant, request: draft, hostCalls: bookingCalls(t.app, host.token) };
}

interface Made {
  id: string;
  subtotal: number;
  host_fee: number;
  total: number;
}

/** Books and pays as a new guest; answers the booking's money and the guest's calls. */
async function book(listingId: string, w: { start: string; end: string }) {
  const guest = await newGuest(t.app);
  const created = await guest.calls.book({ parking_id: listingId, ...w });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().result.id;
  expect((await guest.calls.pay(id)).statusCode).toBe(200);
  const [money] = await t.db.query<Made>(`SELECT id, subtotal, host_fee, total FROM bookings WHERE id = $1`, [id]);
  return { ...money!, guest };
}

let pastSlot = 0;
/** Moves a confirmed booking's stay into the past (a slot of its own) and runs the lifecycle job. */
async function complete(...ids: string[]) {
  for (const id of ids) {
    pastSlot += 1;
    await t.db.query(
      `UPDATE bookings SET during = tstzrange(now() - ($2::int * 3 + 3) * interval '1 hour', now() - ($2::int * 3 + 1) * interval '1 hour') WHERE id = $1`,
      [id, pastSlot],
    );
  }
  await runBookingJobs(bookingDeps(t.app));
  for (const id of ids) expect((await t.db.query<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [id]))[0]!.status).toBe('completed');
}

const netOf = (b: Made) => b.subtotal - b.host_fee;
/** The host's part of a refund, as the ledger rule splits it. */
const reversed = (b: Made, refund: number) => ({ gross: shareOf(b.subtotal, refund, b.total), commission: shareOf(b.host_fee, refund, b.total) });
const ledgerRows = () => t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM host_ledger_entries`).then((r) => r[0]!.n);

describe('GET host/earnings', () => {
  it('answers a new host with zeros, twelve empty months and no payout account', async () => {
    const { host } = await publishedListing(t.app);
    const e = await earningsOf(host.token);
    expect(e.totals).toEqual({ gross: 0, commission: 0, refunds: 0, net: 0, pending: 0, available: 0, requested: 0, paid_out: 0 });
    expect(e.currency).toBe('INR');
    expect(e.time_zone).toBe('Asia/Kolkata');
    expect(e.by_month).toHaveLength(12);
    expect(e.by_month[11]).toEqual(e.this_month);
    expect(e.by_month[10]).toEqual(e.last_month);
    expect(e.this_month.month).toMatch(/^\d{4}-\d{2}$/);
    expect(e.by_listing).toEqual([]);
    expect(e.payout_account).toBeNull();
    expect(e.payouts).toEqual([]);
  });

  it('is 401 without a token and 403 for someone who is not a host', async () => {
    const driver = await signUp(t.app);
    expect((await call(undefined, 'GET', 'host/earnings')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', 'host/earnings')).json().message).toBe('Unauthenticated User');
    const res = await call(driver.token, 'GET', 'host/earnings');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    // with the right password too: only a host has a payout account
    expect((await saveAccount(driver, { method: 'upi', upi_id: 'riya@okaxis' })).statusCode).toBe(403);
    expect((await call(driver.token, 'POST', 'host/payouts', {})).statusCode).toBe(403);
    expect((await call(undefined, 'POST', 'host/payouts', {})).statusCode).toBe(401);
  });
});

describe('the host ledger', () => {
  it('keeps gross - commission - refunds = net and pending + available + requested + paid = net through a mix of everything', async () => {
    const { host, instant, request, hostCalls } = await hostWithListings();

    // instant bookings: one completes, one cancelled in full (> 24 h ahead), one at 50 % (< 24 h), one by the host
    const stayed = await book(instant, window(30, 3));
    const fullRefund = await book(instant, window(60, 2));
    const halfRefund = await book(instant, window(5, 3));
    const hostCancelled = await book(instant, window(40, 5));
    const upcoming = await book(instant, window(80, 1));

    let e = await earningsOf(host.token);
    const five = [stayed, fullRefund, halfRefund, hostCancelled, upcoming];
    expect(e.totals).toMatchObject({
      gross: five.reduce((a, b) => a + b.subtotal, 0),
      commission: five.reduce((a, b) => a + b.host_fee, 0),
      refunds: 0,
      pending: five.reduce((a, b) => a + netOf(b), 0),
      available: 0,
    });
    expectBalanced(e);

    // request to book: pending only once accepted; declined and guest-dropped requests earn nothing
    const accepted = await book(request, window(50, 3));
    const declined = await book(request, window(50, 3));
    const dropped = await book(request, window(50, 3));
    expect((await earningsOf(host.token)).totals.gross).toBe(e.totals.gross);
    expect((await hostCalls.accept(accepted.id)).statusCode).toBe(200);
    expect((await hostCalls.decline(declined.id, { reason: 'Gate repairs' })).statusCode).toBe(200);
    expect((await dropped.guest.calls.cancel(dropped.id)).statusCode).toBe(200);
    // the strict listing refunds nothing inside 7 days: the host keeps all, available at once
    const noRefund = await book(request, window(20, 2));
    expect((await hostCalls.accept(noRefund.id)).statusCode).toBe(200);

    const full = (await fullRefund.guest.calls.cancel(fullRefund.id)).json().result;
    expect(full.refund_amount).toBe(fullRefund.total);
    const half = (await halfRefund.guest.calls.cancel(halfRefund.id)).json().result;
    expect(half.refund_amount).toBe(Math.round(halfRefund.total / 2));
    const byHost = (await hostCalls.cancel(hostCancelled.id, { reason: 'Water leak in the basement' })).json().result;
    expect(byHost.refund_amount).toBe(hostCancelled.total);
    const none = (await noRefund.guest.calls.cancel(noRefund.id)).json().result;
    expect(none.refund_amount).toBe(0);
    await complete(stayed.id, accepted.id);

    e = await earningsOf(host.token);
    expectBalanced(e);
    const earned = [...five, accepted, noRefund];
    const halfShare = reversed(halfRefund, half.refund_amount);
    // a full refund reverses exactly what was earned; a partial one in proportion, to whole paise
    const refundsGross = fullRefund.subtotal + hostCancelled.subtotal + halfShare.gross;
    const refundsCommission = fullRefund.host_fee + hostCancelled.host_fee + halfShare.commission;
    expect(e.totals).toEqual({
      gross: earned.reduce((a, b) => a + b.subtotal, 0),
      commission: earned.reduce((a, b) => a + b.host_fee, 0),
      refunds: refundsGross - refundsCommission,
      net: earned.reduce((a, b) => a + netOf(b), 0) - (refundsGross - refundsCommission),
      pending: netOf(upcoming),
      available: netOf(stayed) + netOf(accepted) + netOf(noRefund) + netOf(halfRefund) - (halfShare.gross - halfShare.commission),
      requested: 0,
      paid_out: 0,
    });
    expect(e.this_month.bookings).toBe(7);
    expect(e.by_listing.map((l) => l.parking_id).sort()).toEqual([instant, request].sort());
    expect(e.by_listing.find((l) => l.parking_id === request)).toMatchObject({ bookings: 2, refunds: 0, net: netOf(accepted) + netOf(noRefund) });

    // payouts: part of it requested and paid, then another that fails and comes back
    expect((await saveAccount(host, { method: 'upi', upi_id: 'priya.nair@okicici' })).statusCode).toBe(200);
    const available = e.totals.available;
    const first = await call(host.token, 'POST', 'host/payouts', { amount: 10000 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().result).toMatchObject({ amount: 10000, status: 'requested', destination: 'UPI pr•••@okicici', paid_at: null });
    e = await earningsOf(host.token);
    expect(e.totals).toMatchObject({ available: available - 10000, requested: 10000, paid_out: 0 });
    expectBalanced(e);
    const paid = await settlePayout({ db: t.db, publicUrl: 'http://x' }, first.json().result.id, { status: 'paid', reference: 'UTR123456' });
    expect(paid).toMatchObject({ status: 'paid', reference: 'UTR123456' });
    const second = (await call(host.token, 'POST', 'host/payouts', {})).json().result;
    expect(second.amount).toBe(available - 10000);
    e = await earningsOf(host.token);
    expect(e.totals).toMatchObject({ available: 0, requested: available - 10000, paid_out: 10000 });
    expectBalanced(e);
    await settlePayout({ db: t.db, publicUrl: 'http://x' }, second.id, { status: 'failed', reason: 'The UPI ID was not found' });
    e = await earningsOf(host.token);
    expect(e.totals).toMatchObject({ available: available - 10000, requested: 0, paid_out: 10000 });
    expect(e.payouts.map((p) => p.status)).toEqual(['failed', 'paid']);
    expectBalanced(e);

    // all the rest is paid out, then a completed stay is refunded in full (an admin refund): carried as a negative balance
    const rest = (await call(host.token, 'POST', 'host/payouts', {})).json().result;
    await settlePayout({ db: t.db, publicUrl: 'http://x' }, rest.id, { status: 'paid' });
    await t.db.transaction((tx) => recordRefund(tx, stayed.id, stayed.total, `refund:test-${stayed.id}`));
    e = await earningsOf(host.token);
    expectBalanced(e);
    expect(e.totals.available).toBe(-netOf(stayed));
    expect(e.totals.paid_out).toBe(available);
    const refused = await call(host.token, 'POST', 'host/payouts', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Nothing is available/);

    // the next stay's earnings pay the debt first
    const later = await book(instant, window(90, 2));
    await complete(later.id);
    e = await earningsOf(host.token);
    expect(e.totals.available).toBe(netOf(later) - netOf(stayed));
    expectBalanced(e);
  });

  it('splits several refunds of one booking so that together they reverse exactly the share of their sum', async () => {
    const { host, instant } = await hostWithListings();
    const b = await book(instant, window(7, 3));
    await complete(b.id);
    // three odd refunds that each round, then the rest: the total reversal is exactly the net earned
    for (const [i, amount] of [1001, 333, 4567].entries()) await t.db.transaction((tx) => recordRefund(tx, b.id, amount, `refund:${b.id}:${i}`));
    let e = await earningsOf(host.token);
    const part = reversed(b, 1001 + 333 + 4567);
    expect(e.totals.refunds).toBe(part.gross - part.commission);
    expectBalanced(e);
    await t.db.transaction((tx) => recordRefund(tx, b.id, b.total, `refund:${b.id}:rest`));
    // beyond what was paid nothing more is reversed
    expect(await t.db.transaction((tx) => recordRefund(tx, b.id, 500, `refund:${b.id}:extra`))).toBe(false);
    e = await earningsOf(host.token);
    expect(e.totals).toMatchObject({ net: 0, refunds: netOf(b), available: 0 });
    expectBalanced(e);
  });

  it('writes each entry once when the hook runs again for the same transition', async () => {
    const { host, instant } = await hostWithListings();
    const a = await book(instant, window(30, 2));
    const c = await book(instant, window(8, 3));
    const cancelled = (await c.guest.calls.cancel(c.id)).json().result;
    await complete(a.id);
    const before = await ledgerRows();
    const totals = (await earningsOf(host.token)).totals;
    await t.db.transaction(async (tx) => {
      await recordBookingTransition(tx, { bookingId: a.id, from: 'pending_payment', to: 'confirmed' });
      await recordBookingTransition(tx, { bookingId: a.id, from: 'confirmed', to: 'completed' });
      await recordBookingTransition(tx, { bookingId: c.id, from: 'pending_payment', to: 'confirmed' });
      await recordBookingTransition(tx, { bookingId: c.id, from: 'confirmed', to: 'cancelled', refund: cancelled.refund_amount });
    });
    // the migration's backfill, run again over the same bookings, adds nothing either
    await t.db.query(`SELECT parkly_host_ledger_backfill()`);
    expect(await ledgerRows()).toBe(before);
    expect((await earningsOf(host.token)).totals).toEqual(totals);
  });

  it('refuses to change or remove an entry', async () => {
    await expect(t.db.query(`UPDATE host_ledger_entries SET gross = gross + 1`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM host_ledger_entries`)).rejects.toThrow(/append-only/);
  });
});

describe('PUT host/payout-account', () => {
  it('keeps a bank account masked in every answer', async () => {
    const { host } = await publishedListing(t.app);
    const res = await saveAccount(host, { method: 'bank', account_holder: 'Priya Nair', account_number: '5010 0123 4567 89', ifsc: 'hdfc0001234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      method: 'bank',
      account_holder: 'Priya Nair',
      account_number_masked: '••••6789',
      ifsc: 'HDFC0001234',
      upi_id_masked: null,
      label: 'Bank account ••••6789 (HDFC0001234)',
    });
    expect(res.body).not.toContain('50100123456789');
    const e = await call(host.token, 'GET', 'host/earnings');
    expect(e.body).not.toContain('50100123456789');
    expect(e.json().result.payout_account.label).toBe('Bank account ••••6789 (HDFC0001234)');
    // a UPI ID replaces it
    const upi = await saveAccount(host, { method: 'upi', upi_id: ' Priya.Nair@OKAXIS ' });
    expect(upi.json().result).toMatchObject({ method: 'upi', upi_id_masked: 'pr•••@okaxis', account_number_masked: null, label: 'UPI pr•••@okaxis' });
    expect(upi.body).not.toContain('priya.nair@okaxis');
  });

  it('answers 400 with the field at fault', async () => {
    const { host } = await publishedListing(t.app);
    const put = (body: unknown) => call(host.token, 'PUT', 'host/payout-account', body && typeof body === 'object' ? { current_password: host.password, ...body } : body);
    const bad = await put({ method: 'bank', account_holder: 'Priya Nair', account_number: '12345', ifsc: 'HDFC1234567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['account_number', 'ifsc']);
    expect((await put({ method: 'bank', account_number: '1234567890123456789', ifsc: 'HDFC0001234', account_holder: 'P N' })).json().errors.account_number).toMatch(/9 to 18 digits/);
    expect((await put({ method: 'bank', account_number: '123456789', ifsc: 'HDFC0001234' })).json().errors).toHaveProperty('account_holder');
    expect((await put({ method: 'upi', upi_id: 'not-an-id' })).json().errors.upi_id).toMatch(/name@bank/);
    expect((await put({ method: 'upi', upi_id: 'a@b' })).statusCode).toBe(400);
    expect((await put({ method: 'paypal', email: 'p@example.com' })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    expect([400, 415]).toContain((await put('nonsense')).statusCode);
    expect((await call(host.token, 'GET', 'host/earnings')).json().result.payout_account).toBeNull();
  });
});

describe('PUT host/payout-account needs the current password', () => {
  const mailsTo = (email: string) =>
    t.db.query<{ subject: string; body_text: string; body_html: string | null }>(`SELECT subject, body_text, body_html FROM email_outbox WHERE to_address = $1 ORDER BY created_at, id`, [email]);
  const noticesOf = (userId: string) => t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]);
  const auditOf = (userId: string) =>
    t.db.query<{ actor_id: string; action: string; subject_type: string; subject_id: string; details: unknown }>(
      `SELECT actor_id, action, subject_type, subject_id, details FROM audit_log WHERE subject_id = $1 AND action LIKE 'payout_account.%' ORDER BY created_at`,
      [userId],
    );
  const bank = { method: 'bank', account_holder: 'Priya Nair', account_number: '50100123456789', ifsc: 'HDFC0001234' };

  it('refuses a missing, empty or wrong password with a field error on current_password, and changes nothing', async () => {
    const { host } = await publishedListing(t.app);
    const before = { mails: (await mailsTo(host.user.email)).length, notices: (await noticesOf(host.user.id)).length };
    const missing = await call(host.token, 'PUT', 'host/payout-account', bank);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', errors: { current_password: 'Enter your current password' } });
    expect((await saveAccount(host, { ...bank, current_password: '' })).json().errors.current_password).toBe('Enter your current password');
    expect((await saveAccount(host, { ...bank, current_password: 42 })).statusCode).toBe(400);
    for (const wrong of ['not my password', host.password.toUpperCase(), `${host.password} `, 'x'.repeat(129)]) {
      const res = await saveAccount(host, { ...bank, current_password: wrong });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { current_password: 'Your current password is not correct.' } });
      expect(res.body).not.toContain('50100123456789');
    }
    expect((await earningsOf(host.token)).payout_account).toBeNull();
    // a wrong password over a set account leaves it as it was
    expect((await saveAccount(host, { method: 'upi', upi_id: 'priya@okaxis' })).statusCode).toBe(200);
    expect((await saveAccount(host, { ...bank, current_password: 'not my password' })).statusCode).toBe(400);
    expect((await earningsOf(host.token)).payout_account?.label).toBe('UPI pr•••@okaxis');
    expect((await mailsTo(host.user.email)).length).toBe(before.mails + 1);
    expect((await noticesOf(host.user.id)).length).toBe(before.notices + 1);
    expect(await auditOf(host.user.id)).toHaveLength(1);
  });

  it('tells the host by e-mail (text and HTML) and notification, masked, and writes the audit log, when set and when changed', async () => {
    const { host } = await publishedListing(t.app);
    const mailsBefore = (await mailsTo(host.user.email)).length;
    const set = await saveAccount(host, bank);
    expect(set.statusCode).toBe(200);
    const change = await saveAccount(host, { method: 'upi', upi_id: 'Priya.Nair@okaxis' });
    expect(change.statusCode).toBe(200);
    // when, on the market's clock
    const when = (res: typeof set) => `on ${formatDateTime(res.json().result.updated_at, 'Asia/Kolkata')} IST.`;

    const [added, changed] = (await mailsTo(host.user.email)).slice(mailsBefore);
    expect(added!.subject).toBe('A payout account was added');
    expect(added!.body_text).toContain('Payouts now go to: Bank account ••••6789 (HDFC0001234), in the name of Priya Nair');
    expect(changed!.subject).toBe('Your payout account was changed');
    expect(changed!.body_text).toContain('Payouts now go to: UPI pr•••@okaxis');
    expect(changed!.body_text).toContain('Before: Bank account ••••6789 (HDFC0001234)');
    expect(added!.body_text).toContain(`was set ${when(set)}`);
    expect(changed!.body_text).toContain(`was changed ${when(change)}`);
    for (const m of [added!, changed!]) {
      // what to do if it was not them
      expect(m.body_text).toContain('If it was not you, someone else knows your password.');
      expect(m.body_text).toContain('/change_password');
      expect(m.body_text).toContain('/contact');
      expect(m.body_text).toContain('support@parkly.in');
      expect(m.body_html).toContain('Change your password');
      expect(m.body_html).toContain('mailto:support@parkly.in');
      for (const body of [m.body_text, m.body_html!]) {
        expect(body).not.toContain('50100123456789');
        expect(body).not.toContain('0123456789');
        expect(body).not.toContain('priya.nair@okaxis');
      }
    }
    expect(changed!.body_html).toContain('UPI pr•••@okaxis');

    expect((await noticesOf(host.user.id)).slice(-2)).toEqual([
      { title: 'Payout account added', description: 'Payouts now go to Bank account ••••6789 (HDFC0001234). If you did not make this change, change your password and contact support.' },
      { title: 'Payout account changed', description: 'Payouts now go to UPI pr•••@okaxis. If you did not make this change, change your password and contact support.' },
    ]);
    const audit = await auditOf(host.user.id);
    expect(audit.map((a) => ({ ...a, details: typeof a.details === 'string' ? JSON.parse(a.details) : a.details }))).toEqual([
      {
        actor_id: host.user.id,
        action: 'payout_account.update',
        subject_type: 'user',
        subject_id: host.user.id,
        details: { before: null, after: { label: 'Bank account ••••6789 (HDFC0001234)', account_holder: 'Priya Nair' } },
      },
      {
        actor_id: host.user.id,
        action: 'payout_account.update',
        subject_type: 'user',
        subject_id: host.user.id,
        details: { before: { label: 'Bank account ••••6789 (HDFC0001234)', account_holder: 'Priya Nair' }, after: { label: 'UPI pr•••@okaxis', account_holder: null } },
      },
    ]);
  });

  it('asks a non-host nothing: 403 before any password is checked', async () => {
    const driver = await signUp(t.app);
    const res = await saveAccount(driver, { ...bank, current_password: 'a guess' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

describe('POST host/payouts', () => {
  it('is refused without a payout account, with nothing available, above what is available, and for bad amounts', async () => {
    const { host, instant } = await hostWithListings();
    const noAccount = await call(host.token, 'POST', 'host/payouts', {});
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().message).toMatch(/bank account or UPI ID/);
    await saveAccount(host, { method: 'upi', upi_id: 'host@okaxis' });
    const b = await book(instant, window(30, 2));
    // earned but pending: nothing to pay out yet
    const pending = await call(host.token, 'POST', 'host/payouts', {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/once a stay is over/);
    await complete(b.id);
    const over = await call(host.token, 'POST', 'host/payouts', { amount: netOf(b) + 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors.amount).toMatch(/At most/);
    for (const amount of [0, 99, -500, 12.5, '1000']) expect((await call(host.token, 'POST', 'host/payouts', { amount })).statusCode, String(amount)).toBe(400);
    // nothing was written by any refusal
    expect((await earningsOf(host.token)).totals).toMatchObject({ available: netOf(b), requested: 0 });
    expect((await earningsOf(host.token)).payouts).toEqual([]);
  });

  it('pays out all that is available once when two requests race', async () => {
    const { host, instant } = await hostWithListings();
    await saveAccount(host, { method: 'upi', upi_id: 'host@okaxis' });
    const b = await book(instant, window(30, 2));
    await complete(b.id);
    const answers = await Promise.all([call(host.token, 'POST', 'host/payouts'), call(host.token, 'POST', 'host/payouts', {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const e = await earningsOf(host.token);
    expect(e.totals).toMatchObject({ available: 0, requested: netOf(b) });
    expectBalanced(e);
  });

  it('tells the host, by notification and e-mail, when a payout is requested and paid', async () => {
    const { host, instant } = await hostWithListings();
    await saveAccount(host, { method: 'bank', account_holder: 'Asha Rao', account_number: '123456789012', ifsc: 'SBIN0000456' });
    const b = await book(instant, window(30, 2));
    await complete(b.id);
    const payout = (await call(host.token, 'POST', 'host/payouts', {})).json().result;
    expect(payout.destination).toBe('Bank account ••••9012 (SBIN0000456)');
    await settlePayout({ db: t.db, publicUrl: 'http://x' }, payout.id, { status: 'paid', reference: 'SBIN7766' });
    const titles = (await t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [host.user.id])).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Payout requested', 'Payout paid']));
    const mails = await t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1`, [host.user.email]);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Payout of .* requested$/), expect.stringMatching(/^Payout of .* paid$/)]));
    for (const m of mails) expect(m.body_text).not.toContain('123456789012');
  });

  it('records a payout outcome once: the same outcome again changes nothing, another one is a 409', async () => {
    const { host, instant } = await hostWithListings();
    await saveAccount(host, { method: 'upi', upi_id: 'host@okaxis' });
    const b = await book(instant, window(30, 2));
    await complete(b.id);
    const payout = (await call(host.token, 'POST', 'host/payouts', {})).json().result;
    const deps = { db: t.db, publicUrl: 'http://x' };
    await settlePayout(deps, payout.id, { status: 'paid' });
    const rows = await ledgerRows();
    expect((await settlePayout(deps, payout.id, { status: 'paid' })).status).toBe('paid');
    expect(await ledgerRows()).toBe(rows);
    await expect(settlePayout(deps, payout.id, { status: 'failed' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(settlePayout(deps, randomUUID(), { status: 'paid' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(settlePayout(deps, 'nope', { status: 'paid' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await earningsOf(host.token)).totals).toMatchObject({ available: 0, requested: 0, paid_out: netOf(b) });
  });
});

describe('simulated payouts', () => {
  /** A host whose finished stay is available, with a UPI ID for payouts. */
  async function hostWithAvailable() {
    const { host, instant } = await hostWithListings();
    expect((await saveAccount(host, { method: 'upi', upi_id: 'host@okaxis' })).statusCode).toBe(200);
    const b = await book(instant, window(30, 2));
    await complete(b.id);
    return { host, b };
  }

  it('marks a payout requested under the simulated provider simulated, in the request and in the earnings', async () => {
    const { host } = await hostWithAvailable();
    const res = await call(host.token, 'POST', 'host/payouts', {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ status: 'requested', simulated: true });
    expect((await earningsOf(host.token)).payouts).toEqual([expect.objectContaining({ id: res.json().result.id, simulated: true })]);
    const [row] = await t.db.query<{ payment_provider: string }>(`SELECT payment_provider FROM host_payouts WHERE id = $1`, [res.json().result.id]);
    expect(row!.payment_provider).toBe('simulated');
  });

  it('a payout requested under a real provider is not, and stays so once paid', async () => {
    const { host, b } = await hostWithAvailable();
    const deps = { db: t.db, currency: 'INR', publicUrl: 'http://x', paymentProvider: 'stripe' as const };
    const payout = await requestPayout(deps, { id: host.user.id, sessionId: 's', role: 'user' });
    expect(payout).toMatchObject({ amount: netOf(b), simulated: false });
    expect((await settlePayout(deps, payout.id, { status: 'paid', reference: 'UTR998877' })).simulated).toBe(false);
    expect((await earningsOf(host.token)).payouts).toEqual([expect.objectContaining({ id: payout.id, status: 'paid', simulated: false })]);
  });

  it("payouts from before the column are read from the host's payments: simulated unless one was paid through a real provider", async () => {
    const real = await hostWithAvailable();
    const fake = await hostWithAvailable();
    const realPayout = (await call(real.host.token, 'POST', 'host/payouts', {})).json().result.id as string;
    const fakePayout = (await call(fake.host.token, 'POST', 'host/payouts', {})).json().result.id as string;
    // as a database from before migration 170, where the real host's guest paid through Stripe
    await t.db.query(`UPDATE payments SET provider = 'stripe' WHERE booking_id = $1`, [real.b.id]);
    await t.db.query(`ALTER TABLE host_payouts DROP COLUMN payment_provider`);
    await t.db.query(`DELETE FROM schema_migrations WHERE name = '170_payout_provider.sql'`);
    expect(await migrate(t.db)).toEqual(['170_payout_provider.sql']);
    expect((await earningsOf(real.host.token)).payouts).toEqual([expect.objectContaining({ id: realPayout, simulated: false })]);
    expect((await earningsOf(fake.host.token)).payouts).toEqual([expect.objectContaining({ id: fakePayout, simulated: true })]);
    await expect(t.db.query(`UPDATE host_payouts SET payment_provider = 'monopoly' WHERE id = $1`, [fakePayout])).rejects.toThrow();
  });
});

describe('the backfill', () => {
  it('writes for existing bookings what the lifecycle hook writes', async () => {
    const { host, instant, request, hostCalls } = await hostWithListings();
    const stayed = await book(instant, window(30, 3));
    const half = await book(instant, window(6, 3));
    const asked = await book(request, window(40, 2));
    await hostCalls.accept(asked.id);
    await book(instant, window(70, 2));
    await half.guest.calls.cancel(half.id);
    await complete(stayed.id);
    const snapshot = () =>
      t.db.query(
        `SELECT entry_key, kind, gross, commission, net, pending, available, guest_refund FROM host_ledger_entries WHERE host_id = $1 ORDER BY entry_key`,
        [host.user.id],
      );
    const byHook = await snapshot();
    expect(byHook.length).toBe(4 + 1 + 2);
    // as a database from before the ledger: no entries at all (TRUNCATE is not a row change)
    await t.db.query(`TRUNCATE host_ledger_entries`);
    await t.db.query(`SELECT parkly_host_ledger_backfill()`);
    expect(await snapshot()).toEqual(byHook);
  });
});
