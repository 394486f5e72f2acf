import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { bookingCalls, newGuest, CARDS, window } from './testing';

// What the host's booking page (/booking_details?id=) reads of GET bookings/:id, and what the host is
// told when a request arrives.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A request to book (instant book off) by a new driver with a saved vehicle; answers the paid request. */
async function requestWithVehicle() {
  const listing = await publishedListing(t.app, { instant_book: false });
  const guest = await newGuest(t.app);
  const vehicle = await guest.calls.call('POST', 'vehicles', { vehicle_type: 'sedan', make: 'Honda', model: 'City', color: 'Grey', plate: 'KA 01 AB 1234' });
  expect(vehicle.statusCode).toBeLessThan(300);
  const created = await guest.calls.book({ parking_id: listing.id, ...window(24, 2), vehicle_id: vehicle.json().result.id });
  expect(created.statusCode).toBe(201);
  const paid = await guest.calls.pay(created.json().result.id, { card: CARDS.ok });
  expect(paid.statusCode).toBe(200);
  return { listing, guest, booking: paid.json().result as { id: string; status: string } };
}

describe('GET bookings/:id as the host', () => {
  it("shows the guest's first name, vehicle and plate, the commission and payout, the deadline and the history", async () => {
    const { listing, guest, booking } = await requestWithVehicle();
    expect(booking.status).toBe('requested');
    const res = await bookingCalls(t.app, listing.host.token).get(booking.id);
    expect(res.statusCode).toBe(200);
    const b = res.json().result;
    expect(b).toMatchObject({
      viewer_role: 'host',
      status: 'requested',
      // the full name comes with the confirmed booking
      guest: { name: guest.user.name.split(' ')[0] },
      vehicle: { vehicle_type: 'sedan', make: 'Honda', model: 'City', plate: 'KA 01 AB 1234' },
      subtotal: 10000,
      host_fee: 1500,
      host_payout: 8500,
      host_commission_percent: 15,
      card: null,
    });
    // the answer is due 24 hours after payment, on the listing's clock
    expect(b.expires_at).toMatch(/\+05:30$/);
    const left = Date.parse(b.expires_at) - Date.now();
    expect(left).toBeGreaterThan(23.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(24 * 3600_000);
    expect(b.events.map((e: { event: string }) => e.event)).toEqual(['create', 'pay_request']);
  });

  it("keeps the host's side from the guest", async () => {
    const { guest, booking } = await requestWithVehicle();
    const b = (await guest.calls.get(booking.id)).json().result;
    expect(b).toMatchObject({ viewer_role: 'guest', host_fee: null, host_payout: null, host_commission_percent: null });
  });

  it('offers the host a full refund to cancel a confirmed booking, and nothing once it is declined', async () => {
    const { listing, booking } = await requestWithVehicle();
    const host = bookingCalls(t.app, listing.host.token);
    expect((await host.get(booking.id)).json().result.refund_if_cancelled_now).toBeNull();
    const accepted = (await host.accept(booking.id)).json().result;
    expect(accepted).toMatchObject({ status: 'confirmed', expires_at: null, refund_if_cancelled_now: { amount: accepted.total, percent: 100 } });
    expect(accepted.events.map((e: { event: string; by: string }) => `${e.event}:${e.by}`)).toEqual(['create:guest', 'pay_request:guest', 'accept:host']);
    // answering twice is a conflict that names the status
    const again = await host.decline(booking.id, { reason: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/confirmed/i) });
  });

  it("is not found for another host's booking", async () => {
    const { booking } = await requestWithVehicle();
    const other = await publishedListing(t.app);
    const calls = bookingCalls(t.app, other.host.token);
    expect((await calls.get(booking.id)).statusCode).toBe(404);
    expect((await calls.accept(booking.id)).statusCode).toBe(404);
  });
});

describe('the host is told about a new request', () => {
  it('names the deadline and links to the booking page', async () => {
    const { listing, booking } = await requestWithVehicle();
    const b = (await bookingCalls(t.app, listing.host.token).get(booking.id)).json().result;
    const notes = await t.db.query<{ description: string }>(`SELECT description FROM notifications WHERE user_id = $1 AND title = 'New booking request'`, [
      listing.host.user.id,
    ]);
    expect(notes).toHaveLength(1);
    // 'Accept or decline by Thu, 24 Dec 2026, 6:30 pm IST.'
    expect(notes[0]!.description).toMatch(/Accept or decline by .+ IST\./);
    const deadline = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }).format(new Date(b.expires_at));
    expect(notes[0]!.description).toContain(deadline);
    const mail = await t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1 AND subject LIKE 'New booking request%'`, [
      listing.host.user.email,
    ]);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body_text).toContain(deadline);
    expect(mail[0]!.body_text).toMatch(/request expires/);
    expect(mail[0]!.body_text).toContain(`/booking_details?id=${booking.id}`);
  });
});
