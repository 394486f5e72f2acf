/**
 * A monthly pass under Stripe (decision 037): paid with a new card, which is kept for the customer, and renewed
 * by the job off-session with that saved card and the renewal's idempotency key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeWorld } from '../payments/stripe-testing';
import { CARDS } from './testing';
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
