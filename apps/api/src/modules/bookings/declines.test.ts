/**
 * Declined payments are limited (docs/decisions/012-holds-and-declines.md): a booking's last allowed decline
 * releases its hold, and a person past their hourly cap of declines (bookings and card saves together) gets a
 * 429 before the payment provider is asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from '@parkly/shared/bookings';
import { api, bearer, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import type { PaymentProvider } from '../payments/provider';
import { simulatedProvider } from '../payments/simulated-provider';
import { bookingCalls, CARDS, createAppWithProvider, newGuest, window } from './testing';

/** The simulated provider, counting what it is asked. */
function countingProvider() {
  const inner = simulatedProvider();
  const calls = { tokenize: 0, charge: 0 };
  const provider: PaymentProvider = {
    ...inner,
    tokenize: (card, key) => ((calls.tokenize += 1), inner.tokenize(card, key)),
    charge: (req) => ((calls.charge += 1), inner.charge(req)),
  };
  return { provider, calls };
}

const MAX = BOOKING_LIMITS.declinesPerBooking;

describe(`a booking's ${MAX}th declined payment`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createAppWithProvider(simulatedProvider());
  });
  afterAll(() => t.close());

  it('releases the hold through the lifecycle and says so; the unit is free and the next try is refused', async () => {
    const { id, host } = await publishedListing(t.app, { capacity: 1 });
    const guest = await newGuest(t.app);
    const w = window(24, 2);
    const b = (await guest.calls.book({ parking_id: id, ...w })).json().result;
    // refused when the card is first seen, and refused when charged: both are declines; an outage is not
    const cards = [CARDS.declined, CARDS.broke, CARDS.outage, CARDS.declined, CARDS.broke];
    const answers: string[] = [];
    for (const card of cards) answers.push((await guest.calls.pay(b.id, { card })).json().code);
    expect(answers).toEqual(['PAYMENT_DECLINED', 'PAYMENT_DECLINED', 'PAYMENT_UNAVAILABLE', 'PAYMENT_DECLINED', 'PAYMENT_DECLINED']);
    expect((await guest.calls.get(b.id)).json().result).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });

    const last = await guest.calls.pay(b.id, { card: CARDS.declined });
    expect(last.statusCode).toBe(402);
    expect(last.json()).toEqual({
      code: 'TOO_MANY_DECLINES',
      message: 'Your card was declined. After 5 declined payments we have released this space, and nothing was charged. You can book it again, with another card.',
    });
    const ended = (await guest.calls.get(b.id)).json().result;
    expect(ended).toMatchObject({ status: 'cancelled', cancelled_by: 'system', cancel_reason: 'The card was declined 5 times', payment_status: 'unpaid', refund_amount: null });
    expect(ended.events.at(-1)).toMatchObject({ event: 'too_many_declines', from: 'pending_payment', to: 'cancelled', by: 'system' });

    // the 6th try: the booking no longer waits for a payment
    const sixth = await guest.calls.pay(b.id, { card: CARDS.ok });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('This booking is no longer awaiting payment.');
    // the unit is free again, for anyone (the same driver included), and nobody was told of the hold
    expect((await bookingCalls(t.app).quote(id, w)).json().result.available).toBe(true);
    const again = await guest.calls.book({ parking_id: id, ...w });
    expect(again.statusCode).toBe(201);
    expect((await guest.calls.pay(again.json().result.id, { card: CARDS.ok })).json().result.status).toBe('confirmed');
    const told = (userId: string) => t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 AND title LIKE 'Booking%' OR user_id = $1 AND title LIKE 'New booking%' ORDER BY created_at`, [userId]);
    expect((await told(host.user.id)).map((n) => n.title)).toEqual(['New booking']);
    expect((await told(guest.user.id)).map((n) => n.title)).toEqual(['Booking confirmed']);
  });

  it('counts the declines of each booking apart: another booking of the driver still has all its tries', async () => {
    const { id } = await publishedListing(t.app, { capacity: 2 });
    const guest = await newGuest(t.app);
    const first = (await guest.calls.book({ parking_id: id, ...window(30, 2) })).json().result;
    for (let i = 0; i < MAX - 1; i++) expect((await guest.calls.pay(first.id, { card: CARDS.declined })).json().code).toBe('PAYMENT_DECLINED');
    const second = (await guest.calls.book({ parking_id: id, ...window(40, 2) })).json().result;
    expect((await guest.calls.pay(second.id, { card: CARDS.declined })).json().code).toBe('PAYMENT_DECLINED');
    expect((await guest.calls.get(second.id)).json().result.status).toBe('pending_payment');
    expect((await guest.calls.pay(first.id, { card: CARDS.ok })).json().result.status).toBe('confirmed');
  });
});

describe('the hourly cap on one person\'s declines', () => {
  const { provider, calls } = countingProvider();
  let t: TestContext;
  let listingId: string;
  beforeAll(async () => {
    t = await createAppWithProvider(provider, { RATE_LIMITS: '1' });
    listingId = (await publishedListing(t.app, { capacity: 5 })).id;
  });
  afterAll(() => t.close());

  const as = (token: string, address: string) => ({
    pay: (id: string, card: object) => t.app.inject({ method: 'POST', url: api(`bookings/${id}/pay`), headers: bearer(token), remoteAddress: address, payload: { card } }),
    saveCard: (card: object) => t.app.inject({ method: 'POST', url: api('payment-methods'), headers: bearer(token), remoteAddress: address, payload: { card } }),
    book: (w: object) => t.app.inject({ method: 'POST', url: api('bookings'), headers: bearer(token), remoteAddress: address, payload: { parking_id: listingId, ...w } }),
  });

  it(`allows ${BOOKING_LIMITS.declinesPerUser.max} declines an hour across bookings and card saves, then 429 before the provider is asked`, async () => {
    const driver = await createTestUser(t.db);
    const me = as(driver.token, '198.51.100.20');
    const one = (await me.book(window(24, 1))).json().result;
    const two = (await me.book(window(30, 1))).json().result;
    const codes: string[] = [];
    // four on each booking (below the booking's own limit), two saving a card
    for (let i = 0; i < 4; i++) codes.push((await me.pay(one.id, CARDS.declined)).json().code, (await me.pay(two.id, CARDS.broke)).json().code);
    for (let i = 0; i < 2; i++) codes.push((await me.saveCard(CARDS.declined)).json().code);
    expect(codes).toEqual(Array(BOOKING_LIMITS.declinesPerUser.max).fill('PAYMENT_DECLINED'));

    const asked = { ...calls };
    for (const refused of [await me.pay(one.id, CARDS.ok), await me.saveCard(CARDS.ok)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many card payments were declined on your account in the last hour\. Please try again in (60|[1-5]\d) minutes, or contact your bank\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    }
    // nothing was asked of the provider, nothing claimed: the hold simply runs on
    expect(calls).toEqual(asked);
    expect((await bookingCalls(t.app, driver.token).get(one.id)).json().result).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });
    const attempts = await t.db.query<{ payment_attempt: number }>(`SELECT payment_attempt FROM bookings WHERE id = $1`, [one.id]);
    expect(attempts).toEqual([{ payment_attempt: 4 }]);

    // the cap is the person's, wherever they come from; another driver pays as usual from the same address
    expect((await as(driver.token, '203.0.113.9').pay(two.id, CARDS.ok)).statusCode).toBe(429);
    const other = await createTestUser(t.db);
    const theirs = (await as(other.token, '198.51.100.20').book(window(50, 1))).json().result;
    expect((await as(other.token, '198.51.100.20').pay(theirs.id, CARDS.ok)).json().result.status).toBe('confirmed');
  });

  it('counts nothing when the payment goes through or the provider is down', async () => {
    const driver = await createTestUser(t.db);
    const me = as(driver.token, '198.51.100.21');
    const b = (await me.book(window(60, 1))).json().result;
    for (let i = 0; i < BOOKING_LIMITS.declinesPerUser.max + 2; i++) expect((await me.pay(b.id, CARDS.outage)).json().code).toBe('PAYMENT_UNAVAILABLE');
    expect((await me.saveCard(CARDS.ok)).statusCode).toBe(201);
    expect((await me.pay(b.id, CARDS.ok)).json().result.status).toBe('confirmed');
  });
});
