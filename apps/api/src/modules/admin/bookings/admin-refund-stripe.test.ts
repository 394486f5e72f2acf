/**
 * An admin's refunds through the Stripe driver (the real SDK against the fake Stripe): each refund is
 * one Stripe refund with its own idempotency key, and the webhooks that follow add nothing.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { api } from '../../../../test/helper';
import { CARDS } from '../../bookings/testing';
import { createTestUser } from '../../notifications/test-users';
import { startStripeWorld } from '../../payments/stripe-testing';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const WEBHOOK_SECRET = 'whsec_admin_refunds';
let world: Awaited<ReturnType<typeof startStripeWorld>>;

beforeAll(async () => {
  world = await startStripeWorld({ webhookSecret: WEBHOOK_SECRET, timeoutMs: 800 });
});
afterAll(() => world?.close());

it('refunds part, then the rest, at Stripe: one refund per admin refund, webhooks changing nothing twice', async () => {
  const { app, db, fake, guest, instant } = world;
  const admin = await createTestUser(db, { role: 'admin' });
  const held = await guest.calls.book({ parking_id: instant.id, ...world.nextWindow() });
  const id: string = held.json().result.id;
  expect((await guest.calls.pay(id, { card: CARDS.ok })).statusCode).toBe(200);
  const total: number = held.json().result.total;
  const [{ provider_ref: pi }] = (await db.query<{ provider_ref: string }>(`SELECT provider_ref FROM payments WHERE booking_id = $1 AND kind = 'charge'`, [id])) as [{ provider_ref: string }];

  const refund = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: api(`admin/bookings/${id}/refund`), headers: admin.headers, payload: { reason: 'Barrier broken on arrival', idempotency_key: randomUUID(), ...body } });
  const first = await refund({ amount: 1500 });
  expect(first.statusCode, first.body).toBe(200);
  const again = { amount: 700, idempotency_key: randomUUID() };
  expect((await refund(again)).statusCode).toBe(200);
  expect((await refund(again)).statusCode).toBe(200);
  const rest = await refund({ full: true });
  expect(rest.statusCode, rest.body).toBe(200);
  expect(rest.json().result).toMatchObject({ refunded: total, refundable: 0, payment_status: 'refunded', status: 'confirmed' });

  const effects = fake.effects.filter((e) => e.intent === pi);
  expect(effects.map((e) => `${e.type}:${e.amount}`)).toEqual([`charge:${total}`, 'refund:1500', 'refund:700', `refund:${total - 2200}`]);
  const keys = fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
  expect(keys.every((k) => k?.startsWith(`${id}:refund:admin:`))).toBe(true);
  const lines = () => db.query<{ kind: string; status: string; amount: number }>(`SELECT kind, status, amount FROM payments WHERE booking_id = $1 ORDER BY created_at, id`, [id]);
  expect((await lines()).map((l) => `${l.kind}:${l.status}:${l.amount}`)).toEqual([`charge:succeeded:${total}`, 'refund:succeeded:1500', 'refund:succeeded:700', `refund:succeeded:${total - 2200}`]);

  // Stripe's charge.refunded events, with its running amount_refunded, find every refund already known
  for (const event of fake.eventsOf(pi).filter((e) => e.type === 'charge.refunded')) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await app.inject({ method: 'POST', url: api('payments/stripe-webhook'), headers: { 'stripe-signature': header, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
  }
  expect(await lines()).toHaveLength(4);
});
