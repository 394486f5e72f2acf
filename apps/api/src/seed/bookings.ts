/**
 * Demo bookings, so the driver's and the host's screens are alive: the demo guest's saved vehicle and
 * card, and a booking of the demo host's spaces in every status (a hold that runs out 15 minutes after
 * the start, a request waiting for the host, a confirmed stay tomorrow, a completed one, a cancelled
 * one with its refund, a declined and an expired request), and a running monthly pass. Prices come from the same function the
 * API quotes with; money lines go in the ledger as the simulated provider would write them.
 */
import { issueForStep, type GstSettings } from '../modules/invoices/booking-invoices';
import { randomBytes } from 'node:crypto';
import type { BookingStatus } from '@parkly/shared/catalog';
import { percentOf } from '@parkly/shared/pricing';
import type { Database, Queryable } from '../db/database';
import type { BookableListing, PriceBreakdown } from '../modules/bookings/bookings.repository';
import { passPeriod, priceMonth, priceStay } from '../modules/bookings/quote.service';
import { insertPeriod, updatePeriod } from '../modules/bookings/pass-periods.repository';
import { renewalAttemptAt } from '@parkly/shared/pass-dates';
import { minutesBetween } from '@parkly/shared/time';
import { DEMO_HOST_EMAIL } from './listings';

const GUEST_EMAIL = 'guest@parkly.test';
const HOUR = 3600_000;
const FEE = 5;
const COMMISSION = 15;

interface Plan {
  status: BookingStatus;
  /** hours from the next whole hour (negative: in the past) and length in hours */
  from: number;
  hours: number;
  instant: boolean;
  payment: 'unpaid' | 'paid' | 'authorised' | 'refunded' | 'released';
  /** the events after 'create', in order */
  events: { event: string; to: BookingStatus; by: 'guest' | 'host' | 'system'; reason?: string }[];
}

const PLANS: Plan[] = [
  { status: 'confirmed', from: 20, hours: 9, instant: true, payment: 'paid', events: [{ event: 'pay_instant', to: 'confirmed', by: 'guest' }] },
  { status: 'confirmed', from: 24 * 9, hours: 24 * 3, instant: true, payment: 'paid', events: [{ event: 'pay_instant', to: 'confirmed', by: 'guest' }] },
  { status: 'requested', from: 24 * 3, hours: 4, instant: false, payment: 'authorised', events: [{ event: 'pay_request', to: 'requested', by: 'guest' }] },
  { status: 'pending_payment', from: 24 * 5, hours: 2, instant: true, payment: 'unpaid', events: [] },
  {
    status: 'completed',
    from: -24 * 6,
    hours: 8,
    instant: true,
    payment: 'paid',
    events: [
      { event: 'pay_instant', to: 'confirmed', by: 'guest' },
      { event: 'complete', to: 'completed', by: 'system' },
    ],
  },
  {
    status: 'cancelled',
    from: 24 * 2,
    hours: 3,
    instant: true,
    payment: 'refunded',
    events: [
      { event: 'pay_instant', to: 'confirmed', by: 'guest' },
      { event: 'cancel', to: 'cancelled', by: 'guest', reason: 'My meeting moved to another day' },
    ],
  },
  {
    status: 'declined',
    from: 24 * 4,
    hours: 5,
    instant: false,
    payment: 'released',
    events: [
      { event: 'pay_request', to: 'requested', by: 'guest' },
      { event: 'decline', to: 'declined', by: 'host', reason: 'The gate is being repainted that day' },
    ],
  },
  {
    status: 'expired',
    from: -24 * 2,
    hours: 2,
    instant: false,
    payment: 'released',
    events: [
      { event: 'pay_request', to: 'requested', by: 'guest' },
      { event: 'expire', to: 'expired', by: 'system', reason: 'The host did not answer within 24 hours' },
    ],
  },
];

type ListingRow = BookableListing & { unit_id: string };

export async function seedBookings(db: Database) {
  const people = await db.query<{ email: string; id: string }>(`SELECT email, id FROM users WHERE email = ANY($1::text[])`, [[GUEST_EMAIL, DEMO_HOST_EMAIL]]);
  const guestId = people.find((p) => p.email === GUEST_EMAIL)?.id;
  const hostId = people.find((p) => p.email === DEMO_HOST_EMAIL)?.id;
  if (!guestId || !hostId) return { bookings: 0 };
  if ((await db.query(`SELECT 1 FROM bookings WHERE guest_id = $1 LIMIT 1`, [guestId])).length) return { bookings: 0 };
  const listings = await db.query<ListingRow>(
    `SELECT l.id, l.host_id, l.status, l.title, l.time_zone, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.instant_book,
            l.min_duration_minutes, l.max_duration_minutes, l.cancellation_policy, true AS host_active,
            (SELECT u.id FROM listing_units u WHERE u.listing_id = l.id AND u.removed_at IS NULL ORDER BY u.created_at LIMIT 1) AS unit_id
       FROM listings l
      WHERE l.host_id = $1 AND l.status = 'active' AND l.hourly_rate IS NOT NULL AND l.opening_hours IS NULL
      ORDER BY l.created_at, l.id LIMIT 8`,
    [hostId],
  );
  if (!listings.length) return { bookings: 0 };
  const base = Math.ceil(Date.now() / HOUR) * HOUR;
  await db.transaction(async (tx) => {
    const vehicle = await tx.query<{ id: string }>(
      `INSERT INTO vehicles (user_id, vehicle_type, make, model, color, plate, is_default) VALUES ($1, 'sedan', 'Honda', 'City', 'Silver', 'KA 01 AB 1234', true) RETURNING id`,
      [guestId],
    );
    // a scooter too, so the demo guest can try a listing two-wheelers share (decision 040)
    await tx.query(
      `INSERT INTO vehicles (user_id, vehicle_type, make, model, color, plate, is_default) VALUES ($1, 'motorcycle', 'Honda', 'Activa', 'Red', 'KA 01 HM 4821', false)`,
      [guestId],
    );
    const card = await tx.query<{ id: string }>(
      `INSERT INTO payment_methods (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default)
       VALUES ($1, 'simulated', $2, 'visa', '4242', 12, $3, true) RETURNING id`,
      [guestId, `sim_card_ok_${randomBytes(9).toString('hex')}`, new Date().getUTCFullYear() + 4],
    );
    for (const [i, plan] of PLANS.entries()) {
      const listing = listings[i % listings.length]!;
      await insertDemoBooking(tx, { ...listing, instant_book: plan.instant }, guestId, vehicle[0]!.id, plan, base);
    }
    await insertDemoPass(tx, hostId, guestId, vehicle[0]!.id, card[0]!.id, base);
  });
  return { bookings: PLANS.length + 1 };
}

/**
 * The demo guest's monthly pass (decision 037): on a unit of the demo host's that no other demo booking uses,
 * started ten days ago, its first month paid with the saved card (which renews it), so the driver's and the
 * host's screens show a running pass with its renewal date. The listing gets a monthly rate if it has none.
 */
async function insertDemoPass(tx: Queryable, hostId: string, guestId: string, vehicleId: string, cardId: string, base: number) {
  const [spot] = await tx.query<ListingRow & { notice_days: number }>(
    `SELECT l.id, l.host_id, l.status, l.title, l.time_zone, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.instant_book,
            l.min_duration_minutes, l.max_duration_minutes, l.cancellation_policy, true AS host_active, l.notice_days, u.id AS unit_id
       FROM listings l JOIN listing_units u ON u.listing_id = l.id AND u.removed_at IS NULL
      WHERE l.host_id = $1 AND l.status = 'active' AND l.opening_hours IS NULL
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.unit_id = u.id)
      ORDER BY l.monthly_rate IS NULL, l.created_at, l.id, u.created_at LIMIT 1`,
    [hostId],
  );
  if (!spot) return;
  const monthly = spot.monthly_rate ?? 350000;
  if (!spot.monthly_rate) await tx.query(`UPDATE listings SET monthly_rate = $2 WHERE id = $1`, [spot.id, monthly]);
  const price = priceMonth({ ...spot, monthly_rate: monthly }, FEE)!;
  const start = new Date(base - 10 * 24 * HOUR);
  const period = passPeriod(start, 1, spot.time_zone);
  const breakdown: PriceBreakdown = { lines: price.lines, minutes: minutesBetween(period.start, period.end), cancellation_policy: spot.cancellation_policy, guest_fee_percent: FEE, host_commission_percent: COMMISSION };
  const hostFee = percentOf(price.subtotal, COMMISSION);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, vehicle_id, during, status, currency, subtotal, service_fee, host_fee, total, price_breakdown,
                           payment_status, amount_paid, card_brand, card_last4, payment_method_id, plan, period_end, renews_at, next_charge_at, notice_days,
                           created_at, updated_at)
     VALUES ($1, $2, $3, $4, tstzrange($5::timestamptz, 'infinity'), 'confirmed', $6, $7, $8, $9, $10, $11::jsonb, 'paid', $10, 'visa', '4242', $12,
             'monthly', $13, $13, $14, $15, now() - interval '11 days', now() - interval '11 days')
     RETURNING id`,
    [
      spot.id, spot.unit_id, guestId, vehicleId, start.toISOString(), spot.currency, price.subtotal, price.serviceFee, hostFee, price.total,
      JSON.stringify(breakdown), cardId, period.end.toISOString(), renewalAttemptAt(period.end, 1).toISOString(), spot.notice_days,
    ],
  );
  const id = row!.id;
  await tx.query(
    `INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, created_at)
     VALUES ($1, 'create', NULL, 'pending_payment', 'guest', now() - interval '11 days'), ($1, 'pay_instant', 'pending_payment', 'confirmed', 'guest', now() - interval '11 days')`,
    [id],
  );
  await tx.query(
    `INSERT INTO payments (booking_id, kind, provider, amount, currency, status, idempotency_key, provider_ref, settled_at)
     VALUES ($1, 'charge', 'simulated', $2, $3, 'succeeded', $4, $5, now() - interval '11 days')`,
    [id, price.total, spot.currency, `${id}:demo:charge`, `sim_demo_${randomBytes(6).toString('hex')}`],
  );
  await insertPeriod(tx, { bookingId: id, n: 1, start: period.start, end: period.end, currency: spot.currency, subtotal: price.subtotal, serviceFee: price.serviceFee, hostFee, discount: 0, total: price.total });
  await updatePeriod(tx, id, 1, { payment_status: 'paid', attempts: 1, paid_at: new Date(Date.now() - 11 * 24 * HOUR) });
  await issueForStep(tx, DEMO_GST, 'invoices', id);
}

async function insertDemoBooking(tx: Queryable, listing: ListingRow, guestId: string, vehicleId: string, plan: Plan, base: number) {
  const start = new Date(base + plan.from * HOUR);
  const end = new Date(start.getTime() + plan.hours * HOUR);
  const price = priceStay(listing, plan.hours * 60, FEE)!;
  const breakdown: PriceBreakdown = { lines: price.lines, minutes: plan.hours * 60, cancellation_policy: listing.cancellation_policy, guest_fee_percent: FEE, host_commission_percent: COMMISSION };
  const taken = plan.payment === 'paid' || plan.payment === 'refunded';
  const refund = plan.status === 'cancelled' ? price.total : null;
  const hold = plan.status === 'pending_payment' ? new Date(Date.now() + 15 * 60_000) : plan.status === 'requested' ? new Date(Date.now() + 20 * HOUR) : null;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, vehicle_id, during, status, currency, subtotal, service_fee, host_fee, total, price_breakdown,
                           payment_status, hold_expires_at, amount_paid, refund_amount, cancelled_by, cancel_reason, decline_reason, card_brand, card_last4,
                           created_at, updated_at)
     VALUES ($1, $2, $3, $4, tstzrange($5::timestamptz, $6::timestamptz), $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18, $19, $20,
             $21, $22, now() - interval '3 days', now() - interval '1 day')
     RETURNING id`,
    [
      listing.id, listing.unit_id, guestId, vehicleId, start.toISOString(), end.toISOString(), plan.status, listing.currency, price.subtotal, price.serviceFee,
      percentOf(price.subtotal, COMMISSION), price.total, JSON.stringify(breakdown), plan.payment, hold, taken ? price.total : 0, refund,
      plan.status === 'cancelled' ? 'guest' : null,
      plan.events.find((e) => e.event === 'cancel')?.reason ?? null,
      plan.events.find((e) => e.event === 'decline')?.reason ?? null,
      plan.payment === 'unpaid' ? null : 'visa',
      plan.payment === 'unpaid' ? null : '4242',
    ],
  );
  const id = row!.id;
  let from: BookingStatus = 'pending_payment';
  await tx.query(`INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, created_at) VALUES ($1, 'create', NULL, 'pending_payment', 'guest', now() - interval '3 days')`, [id]);
  for (const e of plan.events) {
    await tx.query(`INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, now() - interval '2 days')`, [
      id, e.event, from, e.to, e.by, e.reason ?? null,
    ]);
    from = e.to;
  }
  const ledger = (kind: string, amount: number) =>
    tx.query(`INSERT INTO payments (booking_id, kind, provider, amount, currency, status, idempotency_key, provider_ref, settled_at) VALUES ($1, $2, 'simulated', $3, $4, 'succeeded', $5, $6, now())`, [
      id, kind, amount, listing.currency, `${id}:demo:${kind}`, `sim_demo_${randomBytes(6).toString('hex')}`,
    ]);
  if (plan.payment !== 'unpaid') await ledger(plan.instant ? 'charge' : 'authorisation', price.total);
  if (plan.payment === 'refunded') await ledger('refund', price.total);
  if (plan.payment === 'released') await ledger('release', price.total);
  // the documents the booking process would have issued (decision 031), as a server without PARKLY_GSTIN issues them
  if (plan.events.some((e) => e.event === 'pay_instant' || e.event === 'accept')) await issueForStep(tx, DEMO_GST, 'invoices', id);
  if (refund) await issueForStep(tx, DEMO_GST, 'credit_notes', id, { refunded: refund, reason: 'Refund on cancellation by the driver' });
}

/** The demo's GST settings: the defaults' rate, Parkly's registration not set (as a fresh server). */
const DEMO_GST: GstSettings = { ratePercent: 18, gstin: null, stateCode: null };
