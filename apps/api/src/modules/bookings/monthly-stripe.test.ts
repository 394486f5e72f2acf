/**
 * A monthly pass under Stripe (decision 037): paid with a new card, which is kept for the customer, and renewed
 * by the job off-session with that saved card and the renewal's idempotency key; a renewal the bank wants its
 * card holder to confirm (3-D Secure) waits on the driver, who confirms it from the booking page (decision 042).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { startStripeWorld } from '../payments/stripe-testing';
import { CARDS, newGuest } from './testing';
import { bookingDeps } from './bookings.routes';
import { runRenewals } from './monthly-renewals';

let world: Awaited<ReturnType<typeof startStripeWorld>>;
beforeAll(async () => {
  world = await startStripeWorld({ webhookSecret: 'whsec_monthly', timeoutMs: 2000, instant: { capacity: 1 } });
}, 240_000);
afterAll(() => world?.close());

describe('a monthly pass under Stripe', () => {
  it('keeps the new card for the customer and renews off-session with it, once per key', async () => {
    const { app, guest, instant, fake } = world;
    const created = await guest.calls.book({ parking_id: instant.id, start: '2027-01-31T09:00:00+05:30', plan: 'monthly' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result.id as string;
    const paid = await guest.calls.pay(id, { card: CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    const [method] = await world.db.query<{ provider_ref: string }>(`SELECT m.provider_ref FROM payment_methods m JOIN bookings b ON b.payment_method_id = m.id WHERE b.id = $1`, [id]);
    expect(method!.provider_ref).toMatch(/^cus_\w+\/pm_\w+$/);
    const done = await runRenewals(bookingDeps(app), new Date('2027-02-27T09:30:00+05:30'), { bookingId: id });
    expect(done.renewed).toBe(1);
    const renewal = [...fake.intents.values()].find((pi) => (pi.metadata as { parkly_key?: string }).parkly_key === `${id}:renew:2:1`);
    expect(renewal).toMatchObject({ off_session: true, customer: method!.provider_ref.split('/')[0], payment_method: method!.provider_ref.split('/')[1], status: 'succeeded' });
    const b = (await guest.calls.get(id)).json().result;
    expect(b.periods.map((p: { payment_status: string }) => p.payment_status)).toEqual(['paid', 'paid']);
    expect(b.period_end).toBe('2027-03-31T09:00:00+05:30');
  });
});

describe('a Stripe renewal that needs the driver (decision 042)', () => {
  const SECURE = { number: '4000 0027 6000 3184', exp_month: 12, exp_year: 2034, cvc: '123' };
  type Period = { n: number; payment_status: string; attempts: number };

  it('3-D Secure off-session: the month waits on its driver, who confirms it with their bank; the job’s intent is cancelled', async () => {
    const { guest, fake, app, db } = world;
    const listing = await publishedListing(app, { capacity: 1 });
    const created = await guest.calls.book({ parking_id: listing.id, start: '2027-01-20T09:00:00+05:30', plan: 'monthly' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result.id as string;
    // the first month: the bank's check, passed
    const first = await guest.calls.pay(id, { card: SECURE });
    expect(first.statusCode, first.body).toBe(402);
    const firstIntent = first.json().action.payment_intent_id as string;
    fake.challenge(firstIntent, 'complete');
    expect((await guest.calls.pay(id, { payment_intent_id: firstIntent })).statusCode).toBe(200);
    expect((await guest.calls.get(id)).json().result.renews_with).toMatchObject({ method: 'card', label: 'Visa ending 3184' });

    // the renewal, off-session: Stripe wants the card holder; the month waits on them
    const done = await runRenewals(bookingDeps(app), new Date('2027-02-19T09:30:00+05:30'), { bookingId: id });
    expect(done.action_required).toBe(1);
    let b = (await guest.calls.get(id)).json().result;
    expect(b.periods.map((p: Period) => [p.n, p.payment_status, p.attempts])).toEqual([
      [1, 'paid', 1],
      [2, 'action_required', 1],
    ]);
    const jobIntent = [...fake.intents.values()].find((pi) => (pi.metadata as { parkly_key?: string }).parkly_key === `${id}:renew:2:1`)!;
    expect(jobIntent.status).toBe('canceled');
    const [notice] = await db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 AND title LIKE 'Monthly pass: confirm%'`, [guest.user.id]);
    expect(notice!.title).toBe("Monthly pass: confirm this month's payment");

    // the driver confirms: the saved card on-session, the bank's check, then the intent: the month is paid
    const asked = await guest.calls.payPeriod(id, 2, {});
    expect(asked.statusCode, asked.body).toBe(402);
    expect(asked.json().action).toMatchObject({ type: 'stripe_next_action', client_secret: expect.stringMatching(/_secret_/) });
    const intent = asked.json().action.payment_intent_id as string;
    // not confirmed yet: asked again
    expect((await guest.calls.payPeriod(id, 2, { payment_intent_id: intent })).statusCode).toBe(402);
    // another intent is not this month's
    expect((await guest.calls.payPeriod(id, 2, { payment_intent_id: firstIntent })).statusCode).toBe(409);
    fake.challenge(intent, 'complete');
    const paid = await guest.calls.payPeriod(id, 2, { payment_intent_id: intent });
    expect(paid.statusCode, paid.body).toBe(200);
    b = paid.json().result;
    expect(b.periods[1]).toMatchObject({ n: 2, payment_status: 'paid' });
    expect(b.period_end).toBe('2027-03-20T09:00:00+05:30');
    expect(b.events.filter((e: { event: string }) => e.event === 'renew')).toEqual([expect.objectContaining({ by: 'guest' })]);
    // sent again: the same booking; the job's retry time finds nothing to charge
    expect((await guest.calls.payPeriod(id, 2, { payment_intent_id: intent })).statusCode).toBe(200);
    expect(await runRenewals(bookingDeps(app), new Date('2027-02-20T09:30:00+05:30'), { bookingId: id })).toMatchObject({ renewed: 0, action_required: 0 });
    const charges = await db.query<{ status: string }>(`SELECT status FROM payments WHERE booking_id = $1 AND kind = 'charge' AND idempotency_key LIKE '%:renew:2:%' ORDER BY created_at`, [id]);
    expect(charges.map((c) => c.status)).toEqual(['failed', 'succeeded']);
  });

  it('a failed check is a decline; the month still waits and can be confirmed again', async () => {
    const { guest, fake, app } = world;
    const listing = await publishedListing(app, { capacity: 1 });
    const id = (await guest.calls.book({ parking_id: listing.id, start: '2027-01-22T09:00:00+05:30', plan: 'monthly' })).json().result.id as string;
    const first = (await guest.calls.pay(id, { card: SECURE })).json().action.payment_intent_id as string;
    fake.challenge(first, 'complete');
    await guest.calls.pay(id, { payment_intent_id: first });
    await runRenewals(bookingDeps(app), new Date('2027-02-21T09:30:00+05:30'), { bookingId: id });
    const intent = (await guest.calls.payPeriod(id, 2, {})).json().action.payment_intent_id as string;
    fake.challenge(intent, 'fail');
    const failed = await guest.calls.payPeriod(id, 2, { payment_intent_id: intent });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().code).toBe('PAYMENT_DECLINED');
    expect((await guest.calls.get(id)).json().result.periods[1].payment_status).toBe('action_required');
    const again = await guest.calls.payPeriod(id, 2, {});
    expect(again.statusCode).toBe(402);
    const second = again.json().action.payment_intent_id as string;
    expect(second).not.toBe(intent);
    fake.challenge(second, 'complete');
    expect((await guest.calls.payPeriod(id, 2, { payment_intent_id: second })).statusCode).toBe(200);
  });
});

describe('a pass whose card was removed (decision 042)', () => {
  it('waits on its driver; with no card here it says so; a card they add then pays the month and renews the pass from then on', async () => {
    const { app, db } = world;
    const driver = await newGuest(app);
    const listing = await publishedListing(app, { capacity: 1 });
    const id = (await driver.calls.book({ parking_id: listing.id, start: '2027-01-24T09:00:00+05:30', plan: 'monthly' })).json().result.id as string;
    expect((await driver.calls.pay(id, { card: CARDS.ok })).statusCode).toBe(200);
    const [kept] = (await driver.calls.call('GET', 'payment-methods')).json().result as { id: string }[];
    expect((await driver.calls.call('DELETE', `payment-methods/${kept!.id}`)).statusCode).toBe(200);
    expect((await runRenewals(bookingDeps(app), new Date('2027-02-23T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    const none = await driver.calls.payPeriod(id, 2, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no longer saved/);
    const added = await driver.calls.call('POST', 'payment-methods', { card: CARDS.ok });
    expect(added.statusCode, added.body).toBe(201);
    const paid = await driver.calls.payPeriod(id, 2, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result.periods[1].payment_status).toBe('paid');
    const [row] = await db.query<{ payment_method_id: string }>(`SELECT payment_method_id FROM bookings WHERE id = $1`, [id]);
    expect(row!.payment_method_id).toBe(added.json().result.id);
    expect((await runRenewals(bookingDeps(app), new Date('2027-03-23T09:30:00+05:30'), { bookingId: id })).renewed).toBe(1);
  });
});

describe('Stripe webhooks of a renewal (decision 042)', () => {
  const SECURE = { number: '4000 0027 6000 3184', exp_month: 12, exp_year: 2034, cvc: '123' };
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_monthly' });
    return world.app.inject({ method: 'POST', url: api('payments/stripe-webhook'), headers: { 'stripe-signature': header, 'content-type': 'application/json' }, payload });
  };

  it('the driver passes their bank’s check and closes the tab: the webhook records the month, once; replays change nothing', async () => {
    const { app, fake, db } = world;
    const driver = await newGuest(app);
    const listing = await publishedListing(app, { capacity: 1 });
    const id = (await driver.calls.book({ parking_id: listing.id, start: '2027-01-26T09:00:00+05:30', plan: 'monthly' })).json().result.id as string;
    const first = (await driver.calls.pay(id, { card: SECURE })).json().action.payment_intent_id as string;
    fake.challenge(first, 'complete');
    expect((await driver.calls.pay(id, { payment_intent_id: first })).statusCode).toBe(200);
    expect((await runRenewals(bookingDeps(app), new Date('2027-02-25T09:30:00+05:30'), { bookingId: id })).action_required).toBe(1);
    const intent = (await driver.calls.payPeriod(id, 2, {})).json().action.payment_intent_id as string;
    fake.challenge(intent, 'complete');
    // the page never calls back: Stripe's events do
    for (const e of fake.eventsOf(intent)) expect((await deliver(e)).statusCode).toBe(200);
    const b = (await driver.calls.get(id)).json().result;
    expect(b.periods[1].payment_status).toBe('paid');
    expect(b.events.filter((e: { event: string }) => e.event === 'renew')).toEqual([expect.objectContaining({ by: 'guest' })]);
    const lines = await db.query(`SELECT kind, status, idempotency_key FROM payments WHERE booking_id = $1 ORDER BY created_at, idempotency_key`, [id]);
    expect(lines.filter((l) => (l as { kind: string }).kind === 'refund')).toEqual([]);
    // the page's late call, every event again (the job's cancelled intent too): the same
    expect((await driver.calls.payPeriod(id, 2, { payment_intent_id: intent })).statusCode).toBe(200);
    for (const e of [...fake.eventsOf(intent), ...fake.eventsOf(first)]) await deliver({ ...e, id: `${(e as { id: string }).id}_again` });
    expect(await db.query(`SELECT kind, status, idempotency_key FROM payments WHERE booking_id = $1 ORDER BY created_at, idempotency_key`, [id])).toEqual(lines);
  });
});
