import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { SECRET, publishedListing } from '../listings/testing';
import { runBookingJobs } from './booking-jobs';
import { bookingDeps } from './bookings.routes';
import { bookingCalls, CARDS, newGuest, paidBooking, window } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ledger = (bookingId: string) =>
  t.db.query<{ kind: string; status: string; amount: number }>(`SELECT kind, status, amount FROM payments WHERE booking_id = $1 ORDER BY created_at, kind`, [bookingId]);

describe('GET parkings/:id/quote', () => {
  it("prices a stay on the server with its lines and the guest fee", async () => {
    const { id } = await publishedListing(t.app); // ₹50/hour, ₹400/day
    const res = await bookingCalls(t.app).quote(id, window(24, 3));
    expect(res.statusCode).toBe(200);
    const q = res.json().result;
    expect(q).toMatchObject({ available: true, subtotal: 15000, service_fee: 750, total: 15750, currency: 'INR', minutes: 180, time_zone: 'Asia/Kolkata' });
    expect(q.lines).toEqual([
      { kind: 'hourly', label: 'Hourly rate', quantity: 3, unit_amount: 5000, amount: 15000 },
      { kind: 'service_fee', label: 'Service fee (5%)', quantity: 1, unit_amount: 750, amount: 750 },
    ]);
    expect(q.start).toMatch(/\+05:30$/);
  });

  it("caps hours at the day rate", async () => {
    const { id } = await publishedListing(t.app);
    const q = (await bookingCalls(t.app).quote(id, window(24, 10))).json().result;
    expect(q.subtotal).toBe(40000);
    expect(q.lines[0]).toMatchObject({ kind: 'daily', quantity: 1 });
  });

  it("says why a window is not possible", async () => {
    const { id } = await publishedListing(t.app, { max_duration_minutes: 240, capacity: 1 });
    const anyone = bookingCalls(t.app);
    const past = (await anyone.quote(id, window(-5, 2))).json().result;
    expect(past).toMatchObject({ available: false, reason: 'past' });
    expect(past.message).toMatch(/already started/);
    expect((await anyone.quote(id, window(24, 5))).json().result).toMatchObject({ available: false, reason: 'too_long' });
    await paidBooking(t.app, id, window(48, 2));
    expect((await anyone.quote(id, window(49, 2))).json().result).toMatchObject({ available: false, reason: 'taken' });
    expect((await anyone.quote(id, window(50, 2))).json().result).toMatchObject({ available: true });
  });

  it("knows closed hours and blackouts", async () => {
    const { id, calls } = await publishedListing(t.app, { opening_hours: { mon: [{ open: '09:00', close: '18:00' }] } });
    const monday = new Date('2027-03-01T02:00:00Z'); // 07:30 in India
    const early = { start: monday.toISOString(), end: new Date(monday.getTime() + 3 * 3600_000).toISOString() };
    expect((await bookingCalls(t.app).quote(id, early)).json().result).toMatchObject({ available: false, reason: 'closed' });
    const open = { start: '2027-03-01T10:00:00+05:30', end: '2027-03-01T12:00:00+05:30' };
    expect((await bookingCalls(t.app).quote(id, open)).json().result.available).toBe(true);
    const blackout = await calls.call('POST', `parkings/${id}/blackouts`, { start: '2027-03-01T11:00:00+05:30', end: '2027-03-01T13:00:00+05:30' });
    expect(blackout.statusCode).toBeLessThan(300);
    expect((await bookingCalls(t.app).quote(id, open)).json().result).toMatchObject({ available: false, reason: 'blacked_out' });
  });

  it("answers 400 for bad windows and 404 for unknown listings", async () => {
    const { id } = await publishedListing(t.app);
    const anyone = bookingCalls(t.app);
    const w = window(24, 2);
    const backwards = await anyone.quote(id, { start: w.end, end: w.start });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.end).toMatch(/after the start/);
    expect((await anyone.call('GET', `parkings/${id}/quote?start=tomorrow&end=later`)).statusCode).toBe(400);
    expect((await anyone.call('GET', `parkings/${id}/quote`)).statusCode).toBe(400);
    expect((await anyone.quote(id, { start: w.start, end: new Date(Date.parse(w.start) + 400 * 86_400_000).toISOString() })).statusCode).toBe(400);
    // a day that does not exist is refused here, not by the database (JavaScript reads it as 2 March)
    expect((await anyone.quote(id, { start: '2027-02-30T10:00:00+05:30', end: '2027-03-03T10:00:00+05:30' })).statusCode).toBe(400);
    expect((await anyone.quote(randomUUID(), w)).statusCode).toBe(404);
    expect((await anyone.quote('not-an-id', w)).statusCode).toBe(404);
  });
});

describe('POST bookings', () => {
  it("holds a unit at the server price for 15 minutes, ignoring a forged price", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const res = await guest.calls.book({ parking_id: id, ...window(24, 2), total: 1, price: 1, subtotal: 1 });
    expect(res.statusCode).toBe(201);
    const b = res.json().result;
    expect(b).toMatchObject({ status: 'pending_payment', total: 10500, payment_status: 'unpaid', access: null });
    const left = Date.parse(b.expires_at) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    expect(b.events).toEqual([expect.objectContaining({ event: 'create', from: null, to: 'pending_payment', by: 'guest' })]);
  });

  it("refuses the host their own listing, unknown listings and bad bodies", async () => {
    const { id, host } = await publishedListing(t.app);
    const own = await bookingCalls(t.app, host.token).book({ parking_id: id, ...window(24, 2) });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('NOT_BOOKABLE');
    const guest = await newGuest(t.app);
    expect((await guest.calls.book({ parking_id: randomUUID(), ...window(24, 2) })).statusCode).toBe(404);
    expect((await guest.calls.book({ parking_id: id })).statusCode).toBe(400);
    expect((await guest.calls.book({ parking_id: id, ...window(-3, 1) })).json().code).toBe('NOT_BOOKABLE');
    expect((await guest.calls.book({ parking_id: id, ...window(24, 2), vehicle_id: randomUUID() })).statusCode).toBe(404);
    expect((await bookingCalls(t.app).book({ parking_id: id, ...window(24, 2) })).statusCode).toBe(401);
  });

  it("fills every unit, then answers 409 SLOT_TAKEN", async () => {
    const { id } = await publishedListing(t.app, { capacity: 2 });
    const w = window(30, 3);
    expect((await (await newGuest(t.app)).calls.book({ parking_id: id, ...w })).statusCode).toBe(201);
    expect((await (await newGuest(t.app)).calls.book({ parking_id: id, ...w })).statusCode).toBe(201);
    const third = await (await newGuest(t.app)).calls.book({ parking_id: id, ...w });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'SLOT_TAKEN' });
  });

  it("takes the guest's own vehicle", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const v = await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'ka 01 ab 1234', make: 'Honda' });
    expect(v.statusCode).toBe(201);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 1), vehicle_id: v.json().result.id })).json().result;
    expect(b.vehicle).toMatchObject({ plate: 'KA 01 AB 1234', vehicle_type: 'sedan' });
    const other = await newGuest(t.app);
    expect((await other.calls.book({ parking_id: id, ...window(30, 1), vehicle_id: v.json().result.id })).statusCode).toBe(404);
  });

  it("answers the booking, then its payment, exactly as GET shows it afterwards (both built in their writing statement)", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const v = await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', plate: 'ka 02 cd 5678', make: 'Tata' });
    const created = await guest.calls.book({ parking_id: id, ...window(72, 2), vehicle_id: v.json().result.id });
    expect(created.statusCode).toBe(201);
    const booking = created.json().result;
    expect(booking.events).toHaveLength(1);
    expect((await guest.calls.get(booking.id)).json().result).toEqual(booking);
    const paid = await guest.calls.pay(booking.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', events: [{ event: 'create' }, { event: 'pay_instant' }] });
    expect((await guest.calls.get(booking.id)).json().result).toEqual(paid.json().result);
    // the confirmation's earning, written by the status change's statement, once
    const earned = await t.db.query<{ gross: number; commission: number }>(`SELECT gross, commission FROM host_ledger_entries WHERE booking_id = $1 AND kind = 'earning'`, [booking.id]);
    expect(earned).toEqual([{ gross: booking.subtotal, commission: expect.any(Number) }]);
  });
});

describe('POST bookings/:id/pay', () => {
  it("confirms an instant booking, records the charge and shows the access details", async () => {
    const { id } = await publishedListing(t.app);
    const { guest, booking } = await paidBooking(t.app, id, window(24, 2));
    expect(booking).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { brand: 'visa', last4: '4242' }, expires_at: null });
    const full = (await guest.calls.get(booking.id)).json().result;
    expect(full.access.address).toContain(SECRET.line1);
    expect(full.access.access_instructions).toBe(SECRET.access);
    expect(await ledger(booking.id)).toEqual([{ kind: 'charge', status: 'succeeded', amount: 10500 }]);
    const notes = await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1`, [guest.user.id]);
    expect(notes.map((n) => n.title)).toContain('Booking confirmed');
    const mail = await t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1`, [guest.user.email]);
    expect(mail.some((m) => m.subject.startsWith('Booking confirmed') && m.body_text.includes('Total: ₹105'))).toBe(true);
  });

  it("lets a driver try another card after a decline, while the hold lasts", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const declined = await guest.calls.pay(b.id, { card: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/declined/) });
    const broke = await guest.calls.pay(b.id, { card: CARDS.broke });
    expect(broke.json()).toEqual(declined.json());
    expect((await guest.calls.get(b.id)).json().result).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    const ok = await guest.calls.pay(b.id, { card: CARDS.ok, save_card: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.status).toBe('confirmed');
    const saved = (await guest.calls.call('GET', 'payment-methods')).json().result;
    expect(saved).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', is_default: true })]);
    const stored = JSON.stringify(await t.db.query(`SELECT * FROM payment_methods`));
    expect(stored).not.toContain('4242424242424242');
  });

  it("says what the payer can fix (an expired card, wrong details) and nothing of the bank's other reasons", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const said = async (card: object) => {
      const res = await guest.calls.pay(b.id, { card });
      expect(res.statusCode).toBe(402);
      return res.json() as { code: string; message: string };
    };
    const generic = { code: 'PAYMENT_DECLINED', message: 'Your card was declined. Try another card, or contact your bank.' };
    expect(await said(CARDS.declined)).toEqual(generic);
    // short of funds is the bank's business: the same words as any refusal, and the ledger keeps the reason for the console
    expect(await said(CARDS.broke)).toEqual(generic);
    expect((await ledger(b.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['charge:failed']);
    const reasons = await t.db.query<{ failure_code: string }>(`SELECT failure_code FROM payments WHERE booking_id = $1`, [b.id]);
    expect(reasons).toEqual([{ failure_code: 'insufficient_funds' }]);
    expect((await said({ ...CARDS.ok, number: '4000 0000 0000 0069' })).message).toMatch(/expired/);
    expect((await said({ ...CARDS.ok, number: '4000 0000 0000 0127' })).message).toMatch(/security code/);
  });

  it("keeps the hold when the provider fails, taking no money", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const res = await guest.calls.pay(b.id, { card: CARDS.outage });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect((await guest.calls.get(b.id)).json().result).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(await ledger(b.id)).toEqual([]);
  });

  it("pays with a saved card, and never someone else's", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const card = (await guest.calls.call('POST', 'payment-methods', { card: CARDS.ok })).json().result;
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const other = await newGuest(t.app);
    const theirs = (await other.calls.book({ parking_id: id, ...window(40, 2) })).json().result;
    expect((await other.calls.pay(theirs.id, { payment_method_id: card.id })).statusCode).toBe(404);
    expect((await guest.calls.pay(b.id, { payment_method_id: card.id })).json().result.status).toBe('confirmed');
  });

  it("takes the money once when paid twice, even at the same moment", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const [a, c] = await Promise.all([guest.calls.pay(b.id), guest.calls.pay(b.id)]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
    expect((await guest.calls.pay(b.id)).statusCode).toBe(409);
    expect((await ledger(b.id)).filter((l) => l.status === 'succeeded')).toHaveLength(1);
  });

  it("answers 404 for someone else's booking and 400 for a bad card", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    const stranger = await newGuest(t.app);
    expect((await stranger.calls.pay(b.id)).statusCode).toBe(404);
    expect((await stranger.calls.get(b.id)).statusCode).toBe(404);
    expect((await stranger.calls.cancel(b.id)).statusCode).toBe(404);
    expect((await guest.calls.get('nope')).statusCode).toBe(404);
    const bad = await guest.calls.pay(b.id, { card: { number: '4242 4242 4242 4241', exp_month: 1, exp_year: 2020, cvc: '1' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(expect.arrayContaining(['card.number']));
    expect((await guest.calls.pay(b.id, {})).statusCode).toBe(400);
  });

  it("refuses payment once the hold has run out, and frees the unit", async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const guest = await newGuest(t.app);
    const w = window(24, 2);
    const b = (await guest.calls.book({ parking_id: id, ...w })).json().result;
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [b.id]);
    // another driver can book the same time at once: the lapsed hold no longer counts
    expect((await bookingCalls(t.app).quote(id, w)).json().result.available).toBe(true);
    const res = await guest.calls.pay(b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/run out/);
    expect((await guest.calls.get(b.id)).json().result.status).toBe('expired');
    expect((await (await newGuest(t.app)).calls.book({ parking_id: id, ...w })).statusCode).toBe(201);
  });
});

describe('request to book', () => {
  it("authorises, then the host accepts and the money is captured", async () => {
    const { id, host } = await publishedListing(t.app, { instant_book: false });
    const { guest, booking } = await paidBooking(t.app, id, window(24, 2));
    expect(booking).toMatchObject({ status: 'requested', payment_status: 'authorised', access: null });
    expect(Date.parse((booking as unknown as { expires_at: string }).expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await guest.calls.accept(booking.id)).statusCode).toBe(403);
    const accepted = await bookingCalls(t.app, host.token).accept(booking.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', viewer_role: 'host', host_fee: 1500, host_payout: 8500 });
    expect(await ledger(booking.id)).toEqual([
      { kind: 'authorisation', status: 'succeeded', amount: 10500 },
      { kind: 'capture', status: 'succeeded', amount: 10500 },
    ]);
    expect((await bookingCalls(t.app, host.token).accept(booking.id)).statusCode).toBe(409);
  });

  it("releases the authorisation in full when the host declines", async () => {
    const { id, host } = await publishedListing(t.app, { instant_book: false });
    const { guest, booking } = await paidBooking(t.app, id, window(24, 2));
    const declined = await bookingCalls(t.app, host.token).decline(booking.id, { reason: 'The gate is being repaired that day' });
    expect(declined.json().result).toMatchObject({ status: 'declined', payment_status: 'released', decline_reason: 'The gate is being repaired that day' });
    expect((await ledger(booking.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'release:succeeded']);
    const note = await t.db.query<{ description: string }>(`SELECT description FROM notifications WHERE user_id = $1 AND title = 'Booking declined'`, [guest.user.id]);
    expect(note[0]?.description).toMatch(/gate is being repaired/);
  });
  it('a request past its deadline cannot be accepted, even before the job expires it: 409, expired, released', async () => {
    const { id, host } = await publishedListing(t.app, { instant_book: false });
    const { guest, booking } = await paidBooking(t.app, id, window(24, 2));
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [booking.id]);
    const late = await bookingCalls(t.app, host.token).accept(booking.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    expect((await guest.calls.get(booking.id)).json().result).toMatchObject({ status: 'expired', payment_status: 'released' });
    expect((await ledger(booking.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'release:succeeded']);
    expect((await bookingCalls(t.app, host.token).decline(booking.id, {})).statusCode).toBe(409);
  });
});

describe('POST bookings/:id/cancel', () => {
  it("refunds by the policy: moderate, more than a day ahead, gives everything back", async () => {
    const { id } = await publishedListing(t.app, { cancellation_policy: 'moderate' });
    const { guest, booking } = await paidBooking(t.app, id, window(48, 2));
    const preview = (await guest.calls.get(booking.id)).json().result.refund_if_cancelled_now;
    expect(preview).toMatchObject({ amount: 10500, percent: 100 });
    const res = await guest.calls.cancel(booking.id, { reason: 'Plans changed' });
    expect(res.json().result).toMatchObject({ status: 'cancelled', refund_amount: 10500, payment_status: 'refunded', cancelled_by: 'guest', refund_if_cancelled_now: null });
    expect((await ledger(booking.id)).map((l) => `${l.kind}:${l.amount}`)).toEqual(['charge:10500', 'refund:10500']);
    expect((await guest.calls.cancel(booking.id)).statusCode).toBe(409);
    expect((await bookingCalls(t.app).quote(id, window(48, 2))).json().result.available).toBe(true);
  });

  it("refunds half inside a day on moderate, nothing inside a week on strict", async () => {
    const moderate = await publishedListing(t.app, { cancellation_policy: 'moderate' });
    const m = await paidBooking(t.app, moderate.id, window(3, 1)); // ₹50 + ₹2.50 fee
    expect((await m.guest.calls.cancel(m.booking.id)).json().result).toMatchObject({ refund_amount: 2625, payment_status: 'partially_refunded' });
    const strict = await publishedListing(t.app, { cancellation_policy: 'strict' });
    const s = await paidBooking(t.app, strict.id, window(72, 1));
    expect((await s.guest.calls.get(s.booking.id)).json().result.refund_if_cancelled_now).toMatchObject({ amount: 0, percent: 0, changes_at: null });
    expect((await s.guest.calls.cancel(s.booking.id)).json().result).toMatchObject({ status: 'cancelled', refund_amount: 0 });
    expect((await ledger(s.booking.id)).map((l) => l.kind)).toEqual(['charge']);
  });

  it("a host cancellation refunds in full whatever the policy", async () => {
    const { id, host } = await publishedListing(t.app, { cancellation_policy: 'strict' });
    const { guest, booking } = await paidBooking(t.app, id, window(5, 2));
    const res = await bookingCalls(t.app, host.token).cancel(booking.id, { reason: 'Water leak in the garage' });
    expect(res.json().result).toMatchObject({ status: 'cancelled', refund_amount: 10500, cancelled_by: 'host' });
    const notes = await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at`, [guest.user.id]);
    expect(notes.map((n) => n.title)).toContain('Booking cancelled by the host');
  });

  it("drops an unpaid hold without money moving", async () => {
    const { id } = await publishedListing(t.app);
    const guest = await newGuest(t.app);
    const b = (await guest.calls.book({ parking_id: id, ...window(24, 2) })).json().result;
    expect((await guest.calls.cancel(b.id)).json().result).toMatchObject({ status: 'cancelled', refund_amount: null });
    expect(await ledger(b.id)).toEqual([]);
  });

  it("answers 400 for an over-long reason", async () => {
    const { id } = await publishedListing(t.app);
    const { guest, booking } = await paidBooking(t.app, id, window(24, 2));
    expect((await guest.calls.cancel(booking.id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await guest.calls.get(booking.id)).json().result.status).toBe('confirmed');
  });
});

describe('GET bookings', () => {
  it("lists upcoming, past and cancelled in cursor pages, only the guest's own", async () => {
    const { id } = await publishedListing(t.app, { capacity: 5 });
    const guest = await newGuest(t.app);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const b = (await guest.calls.book({ parking_id: id, ...window(24 + i * 3, 2) })).json().result;
      await guest.calls.pay(b.id);
      made.push(b.id);
    }
    await guest.calls.cancel(made[2]!);
    await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '3 hours', now() - interval '1 hour') WHERE id = $1`, [made[1]]);
    await runBookingJobs(bookingDeps(t.app));
    const first = (await guest.calls.list('?status=upcoming&limit=1')).json();
    expect(first.result.map((b: { id: string }) => b.id)).toEqual([made[0]]);
    expect(first.next_cursor).toBeUndefined();
    const past = (await guest.calls.list('?status=past')).json().result;
    expect(past).toEqual([expect.objectContaining({ id: made[1], status: 'completed' })]);
    expect((await guest.calls.list('?status=cancelled')).json().result.map((b: { id: string }) => b.id)).toEqual([made[2]]);
    expect((await (await newGuest(t.app)).calls.list()).json().result).toEqual([]);
    expect((await guest.calls.list('?status=nope')).statusCode).toBe(400);
    expect((await guest.calls.list('?cursor=garbage')).statusCode).toBe(400);
    const oddCursor = Buffer.from(JSON.stringify({ k: '2026', id: made[0] })).toString('base64url');
    expect((await guest.calls.list(`?cursor=${oddCursor}`)).statusCode).toBe(400);
  });

  it("pages with next_cursor", async () => {
    const { id } = await publishedListing(t.app, { capacity: 5 });
    const guest = await newGuest(t.app);
    for (let i = 0; i < 3; i++) await guest.calls.book({ parking_id: id, ...window(24 + i * 3, 2) });
    const one = (await guest.calls.list('?limit=2')).json();
    expect(one.result).toHaveLength(2);
    const two = (await guest.calls.list(`?limit=2&cursor=${one.next_cursor}`)).json();
    expect(two.result).toHaveLength(1);
    expect(two.next_cursor).toBeUndefined();
  });
});

describe('the lifecycle job', () => {
  it("expires holds and unanswered requests (releasing them) and completes ended stays", async () => {
    const instant = await publishedListing(t.app);
    const request = await publishedListing(t.app, { instant_book: false });
    const guest = await newGuest(t.app);
    const hold = (await guest.calls.book({ parking_id: instant.id, ...window(24, 2) })).json().result;
    const { booking: asked } = await paidBooking(t.app, request.id, window(24, 2));
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [[hold.id, asked.id]]);
    const ran = await runBookingJobs(bookingDeps(t.app));
    expect(ran.expired).toBeGreaterThanOrEqual(2);
    expect((await guest.calls.get(hold.id)).json().result.status).toBe('expired');
    expect((await ledger(asked.id)).map((l) => `${l.kind}:${l.status}`)).toEqual(['authorisation:succeeded', 'release:succeeded']);
    const events = await t.db.query<{ event: string; actor_role: string }>(`SELECT event, actor_role FROM booking_events WHERE booking_id = $1 ORDER BY id`, [hold.id]);
    expect(events).toEqual([{ event: 'create', actor_role: 'guest' }, { event: 'expire', actor_role: 'system' }]);
  });

  it("reminds drivers within the hour before their start, once", async () => {
    const { id } = await publishedListing(t.app);
    const { guest } = await paidBooking(t.app, id, window(0, 2));
    await runBookingJobs(bookingDeps(t.app));
    await runBookingJobs(bookingDeps(t.app));
    const reminders = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Your parking starts soon'`, [guest.user.id]);
    expect(reminders.length).toBe(1);
  });
});

describe('GET parkings/:id/busy', () => {
  it("shows when every unit is taken, without anyone's details", async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const w = window(24, 2);
    await paidBooking(t.app, id, w);
    const res = await bookingCalls(t.app).call('GET', `parkings/${id}/busy`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ time_zone: 'Asia/Kolkata', capacity: 1, full: [{ start: w.start.replace('Z', '').replace(/\.\d+$/, '') + '.000Z', end: expect.any(String) }] });
  });
});
