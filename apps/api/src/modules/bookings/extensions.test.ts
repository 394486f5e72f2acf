/**
 * More time while parked (decision 039), through HTTP as the driver and the host use it: the quote, the
 * options, booking and paying an extension, what the stay and the host see, and every refusal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { bookingCalls, CARDS, newGuest, paidBooking, window } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

type Guest = Awaited<ReturnType<typeof newGuest>>;
const extend = (g: Guest, parkingId: string, stay: { id: string; end: string }, hours: number, over: Record<string, unknown> = {}) =>
  g.calls.book({ parking_id: parkingId, start: stay.end, end: later(stay.end, hours), extends_booking_id: stay.id, ...over });
const quoteMore = (g: Guest, parkingId: string, stay: { id: string; end: string }, hours: number) =>
  g.calls.call('GET', `parkings/${parkingId}/quote?${q({ start: stay.end, end: later(stay.end, hours), extends_booking_id: stay.id })}`);
const options = (g: Guest, id: string) => g.calls.call('GET', `bookings/${id}/extension-options`);

/** A paid stay of `hours` a day ahead; the guest, the booking (end as the API wrote it) and the listing. */
async function stay(over: Record<string, unknown> = {}, hours = 3, fromNowH = 24) {
  const listing = await publishedListing(t.app, { capacity: 1, ...over });
  const w = window(fromNowH, hours);
  const { guest, booking } = await paidBooking(t.app, listing.id, w);
  return { listing, guest, booking: { ...booking, end: w.end } };
}

describe('more time: POST bookings with extends_booking_id', () => {
  it('holds the same unit from the stay’s end, priced as the whole stay less the stay; paid, it is confirmed, recorded on the stay and told to both', async () => {
    // request to book: the host accepts the stay; the extension is confirmed on payment without asking again
    const listing = await publishedListing(t.app, { capacity: 2, instant_book: false });
    const w = window(24, 3);
    const guest = await newGuest(t.app);
    const created = (await guest.calls.book({ parking_id: listing.id, ...w })).json().result;
    expect((await guest.calls.pay(created.id)).json().result.status).toBe('requested');
    expect((await bookingCalls(t.app, listing.host.token).accept(created.id)).json().result.status).toBe('confirmed');
    const s = { id: created.id as string, end: w.end };

    const quoted = await quoteMore(guest, listing.id, s, 1);
    expect(quoted.statusCode).toBe(200);
    // 3 hours ₹150, 4 hours ₹200: one more hour is ₹50 and its 5% fee
    expect(quoted.json().result).toMatchObject({ available: true, subtotal: 5000, service_fee: 250, total: 5250, minutes: 60, instant_book: true });
    expect(quoted.json().result.lines[0]).toMatchObject({ kind: 'extension', amount: 5000 });

    const made = await extend(guest, listing.id, s, 1);
    expect(made.statusCode).toBe(201);
    const ext = made.json().result;
    expect(ext).toMatchObject({ status: 'pending_payment', extends_booking_id: s.id, total: 5250 });
    expect(Date.parse(ext.start)).toBe(Date.parse(s.end));
    const units = await t.db.query<{ unit_id: string }>(`SELECT unit_id FROM bookings WHERE id IN ($1, $2)`, [s.id, ext.id]);
    expect(new Set(units.map((u) => u.unit_id)).size).toBe(1);

    const saved = await guest.calls.call('POST', 'payment-methods', { card: CARDS.ok });
    const paid = await guest.calls.pay(ext.id, { payment_method_id: saved.json().result.id });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

    const original = (await guest.calls.get(s.id)).json().result;
    expect(original.extended_by).toEqual([ext.id]);
    const extendEvent = original.events.find((e: { event: string }) => e.event === 'extend');
    expect(extendEvent).toMatchObject({ by: 'guest', from: 'confirmed', to: 'confirmed' });
    expect(extendEvent.reason).toMatch(/^Until /);
    const hostView = (await bookingCalls(t.app, listing.host.token).get(s.id)).json().result;
    expect(hostView.extended_by).toEqual([ext.id]);
    expect((await bookingCalls(t.app, listing.host.token).get(ext.id)).json().result.extends_booking_id).toBe(s.id);

    const hostNotes = await t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 AND title = 'Stay extended'`, [listing.host.user.id]);
    expect(hostNotes).toHaveLength(1);
    expect(hostNotes[0]!.description).toMatch(/extended .* until /);
    const guestNotes = await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at`, [guest.user.id]);
    expect(guestNotes.filter((n) => n.title === 'More time confirmed')).toHaveLength(1);
    // told once: the extension's own payment says nothing of its own
    expect(guestNotes.filter((n) => n.title === 'Booking confirmed')).toHaveLength(0);

    // its own earning, and its own invoice
    const earnings = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM host_ledger_entries WHERE booking_id = $1`, [ext.id]);
    expect(earnings[0]!.n).toBeGreaterThan(0);
    const invoice = await guest.calls.call('GET', `bookings/${ext.id}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toMatch(/pdf/);
  });

  it('costs, with the stay, what one booking of the whole stay would: the daily cap counts across both', async () => {
    const { listing, guest, booking } = await stay({}, 7); // 7 hours: ₹350 (under the ₹400 day)
    const whole = (await bookingCalls(t.app).quote(listing.id, { start: later(booking.end, -7), end: later(booking.end, 2) })).json().result;
    expect(whole.subtotal).toBe(40000);
    const ext = (await extend(guest, listing.id, booking, 2)).json().result;
    // 9 hours would be ₹450, capped at the day's ₹400: the two hours cost ₹50
    expect(ext.subtotal).toBe(5000);
    expect(booking.total + ext.total).toBe(whole.total);
    // and once a day is paid for, more time the same day costs nothing, never less
    const paid = await guest.calls.pay(ext.id);
    expect(paid.json().result.status).toBe('confirmed');
    const again = (await extend(guest, listing.id, { id: ext.id, end: later(booking.end, 2) }, 1)).json().result;
    expect(again).toMatchObject({ subtotal: 0, service_fee: 0, total: 0 });
  });

  it('answers 404 for someone else’s booking or an unknown id, and the options too', async () => {
    const { listing, booking } = await stay();
    const other = await newGuest(t.app);
    expect((await extend(other, listing.id, booking, 1)).statusCode).toBe(404);
    expect((await quoteMore(other, listing.id, booking, 1)).statusCode).toBe(404);
    expect((await options(other, booking.id)).statusCode).toBe(404);
    // the host sees the booking but does not buy its time
    const host = { calls: bookingCalls(t.app, listing.host.token) } as Guest;
    expect((await options(host, booking.id)).statusCode).toBe(404);
    expect((await extend(other, listing.id, { id: randomUUID(), end: booking.end }, 1)).statusCode).toBe(404);
    expect((await extend(other, listing.id, { id: 'not-an-id', end: booking.end }, 1)).statusCode).toBe(404);
    expect((await options(other, 'not-an-id')).statusCode).toBe(404);
    // without a session the quote says nothing of the booking
    expect((await bookingCalls(t.app).call('GET', `parkings/${listing.id}/quote?${q({ start: booking.end, end: later(booking.end, 1), extends_booking_id: booking.id })}`)).statusCode).toBe(404);
  });

  it('refuses a stay that is not confirmed (409), a start that is not its end and another listing (422), and bad input (400), never a 5xx', async () => {
    const listing = await publishedListing(t.app, { capacity: 1 });
    const guest = await newGuest(t.app);
    const w = window(24, 2);
    const hold = (await guest.calls.book({ parking_id: listing.id, ...w })).json().result;
    const unpaid = await extend(guest, listing.id, { id: hold.id, end: w.end }, 1);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('NOT_EXTENDABLE');
    expect((await options(guest, hold.id)).json().code).toBe('NOT_EXTENDABLE');
    await guest.calls.pay(hold.id);

    const gap = await guest.calls.book({ parking_id: listing.id, start: later(w.end, 0.5), end: later(w.end, 1.5), extends_booking_id: hold.id });
    expect(gap.statusCode).toBe(422);
    expect(gap.json().errors.start).toMatch(/end of the booking/);
    const elsewhere = await publishedListing(t.app);
    const wrongListing = await extend(guest, elsewhere.id, { id: hold.id, end: w.end }, 1);
    expect(wrongListing.statusCode).toBe(422);
    expect(wrongListing.json().errors.parking_id).toBeTruthy();
    const promo = await extend(guest, listing.id, { id: hold.id, end: w.end }, 1, { promo_code: 'SAVE10' });
    expect(promo.statusCode).toBe(422);
    for (const body of [
      { parking_id: listing.id, start: w.end, end: w.end, extends_booking_id: hold.id },
      { parking_id: listing.id, start: w.end, end: later(w.end, 1), extends_booking_id: 42 },
      { parking_id: listing.id, start: 'soon', end: later(w.end, 1), extends_booking_id: hold.id },
    ]) {
      expect((await guest.calls.book(body)).statusCode).toBe(400);
    }

    // a stay cancelled is no longer extendable; one that has ended neither
    const { listing: l2, guest: g2, booking: b2 } = await stay({ cancellation_policy: 'flexible' });
    await g2.calls.cancel(b2.id);
    expect((await extend(g2, l2.id, b2, 1)).json().code).toBe('NOT_EXTENDABLE');
    const { listing: l3, guest: g3, booking: b3 } = await stay();
    await t.db.query(`UPDATE bookings SET during = tstzrange(now() - interval '3 hours', now() - interval '1 hour') WHERE id = $1`, [b3.id]);
    const ended = (await t.db.query<{ e: Date }>(`SELECT upper(during) AS e FROM bookings WHERE id = $1`, [b3.id]))[0]!.e.toISOString();
    const late = await extend(g3, l3.id, { id: b3.id, end: ended }, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/ended/);
  });

  it('answers 409 SLOT_TAKEN when the stay’s own unit is taken, even with another unit free', async () => {
    const listing = await publishedListing(t.app, { capacity: 2 });
    const w = window(24, 2);
    const a = await paidBooking(t.app, listing.id, w);
    // the next driver gets the longest-standing free unit: the one the first stay holds
    const b = await paidBooking(t.app, listing.id, { start: w.end, end: later(w.end, 2) });
    const units = await t.db.query<{ unit_id: string }>(`SELECT DISTINCT unit_id FROM bookings WHERE id IN ($1, $2)`, [a.booking.id, b.booking.id]);
    expect(units).toHaveLength(1);
    const taken = await extend(a.guest, listing.id, { id: a.booking.id, end: w.end }, 1);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    expect((await quoteMore(a.guest, listing.id, { id: a.booking.id, end: w.end }, 1)).json().result).toMatchObject({ available: false, reason: 'taken' });
    expect((await options(a.guest, a.booking.id)).json().result).toMatchObject({ options: [], stop: 'taken' });
  });
});

describe('GET bookings/:id/extension-options', () => {
  it('offers the next free half hours with their prices, up to the next booking of the unit', async () => {
    const { listing, guest, booking } = await stay({}, 3);
    await paidBooking(t.app, listing.id, { start: later(booking.end, 1.5), end: later(booking.end, 3) });
    const res = await options(guest, booking.id);
    expect(res.statusCode).toBe(200);
    const o = res.json().result;
    expect(o).toMatchObject({ booking_id: booking.id, parking_id: listing.id, currency: 'INR', stop: 'taken' });
    expect(o.options.map((x: { minutes: number }) => x.minutes)).toEqual([30, 60, 90]);
    // half an hour is priced as the whole stay would be (hours are charged whole: 4 hours less 3)
    expect(o.options.map((x: { subtotal: number }) => x.subtotal)).toEqual([5000, 5000, 10000]);
    expect(Date.parse(o.options[2].end)).toBe(Date.parse(later(booking.end, 1.5)));
    // each option is what the quote and the booking charge
    const quoted = (await quoteMore(guest, listing.id, booking, 1.5)).json().result;
    expect(quoted.total).toBe(o.options[2].total);
  });

  it('stops at the listing’s longest stay, or after the offered hours', async () => {
    const capped = await stay({ max_duration_minutes: 240 }, 3);
    const o = (await options(capped.guest, capped.booking.id)).json().result;
    expect(o).toMatchObject({ stop: 'too_long' });
    expect(o.options).toHaveLength(2);
    const free = await stay({}, 2);
    const all = (await options(free.guest, free.booking.id)).json().result;
    expect(all).toMatchObject({ stop: 'limit' });
    expect(all.options).toHaveLength(8);
  });
});
