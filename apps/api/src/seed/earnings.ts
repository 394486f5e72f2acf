/**
 * The demo host's money, so /earning tells a believable story: five months of finished stays by a few
 * regular drivers (one cancelled at half refund), the ledger written for them and for every other
 * demo booking (run it after the other seeds) by the migration's own backfill, a bank account for payouts, one payout paid three weeks
 * ago and one requested two days ago. Runs once: nothing is added when the host already has payouts.
 */
import { percentOf } from '@parkly/shared/pricing';
import type { Database, Queryable } from '../db/database';
import type { BookableListing, PriceBreakdown } from '../modules/bookings/bookings.repository';
import { priceStay } from '../modules/bookings/quote.service';
import { findBalances, insertEntry } from '../modules/earnings/host-ledger.repository';
import { insertPayout, markPayout, upsertPayoutAccount } from '../modules/earnings/payouts.repository';
import { DEMO_HOST_EMAIL } from './listings';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const FEE = 5;
const COMMISSION = 15;

/** Drivers who parked with the demo host before (no password: they cannot sign in). */
const PAST_GUESTS = [
  { name: 'Vikram Joshi', email: 'vikram.joshi@guests.parkly.test' },
  { name: 'Nisha Menon', email: 'nisha.menon@guests.parkly.test' },
  { name: 'Farhan Qureshi', email: 'farhan.qureshi@guests.parkly.test' },
];

/** Finished stays: days ago (start), length in hours; a few a month, busier lately. */
const STAYS: [daysAgo: number, hours: number][] = [
  [150, 9], [143, 3], [131, 24], [124, 5],
  [117, 8], [109, 2], [101, 10], [96, 4], [90, 26],
  [84, 6], [77, 9], [70, 3], [66, 8], [61, 48],
  [55, 4], [48, 9], [42, 7], [37, 2], [33, 10], [31, 5],
  [26, 8], [21, 3], [17, 9], [12, 6], [9, 4], [4, 9],
];
/** This stay (an index of STAYS) was cancelled by its driver a day before, at half refund. */
const CANCELLED = 13;

type ListingRow = BookableListing & { unit_id: string };

export async function seedEarnings(db: Database) {
  const host = (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [DEMO_HOST_EMAIL]))[0];
  if (!host) return { stays: 0 };
  if ((await db.query(`SELECT 1 FROM host_payouts WHERE host_id = $1 LIMIT 1`, [host.id])).length) return { stays: 0 };
  const listings = await db.query<ListingRow>(
    `SELECT l.id, l.host_id, l.status, l.title, l.time_zone, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.instant_book,
            l.min_duration_minutes, l.max_duration_minutes, l.cancellation_policy, true AS host_active,
            (SELECT u.id FROM listing_units u WHERE u.listing_id = l.id AND u.removed_at IS NULL ORDER BY u.created_at LIMIT 1) AS unit_id
       FROM listings l
      WHERE l.host_id = $1 AND l.status = 'active' AND l.hourly_rate IS NOT NULL AND l.opening_hours IS NULL
      ORDER BY l.created_at, l.id LIMIT 4`,
    [host.id],
  );
  if (!listings.length) return { stays: 0 };
  await db.transaction(async (tx) => {
    const guests: string[] = [];
    for (const g of PAST_GUESTS) {
      const row = await tx.query<{ id: string }>(
        `INSERT INTO users (name, email, created_at) VALUES ($1, $2, now() - interval '200 days')
         ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
        [g.name, g.email],
      );
      guests.push(row[0]!.id);
    }
    const dayStart = Math.floor(Date.now() / DAY) * DAY + 4 * HOUR; // 09:30 in India
    for (const [i, [daysAgo, hours]] of STAYS.entries()) {
      const listing = listings[i % listings.length]!;
      await insertPastStay(tx, listing, guests[i % guests.length]!, new Date(dayStart - daysAgo * DAY), hours, i === CANCELLED);
    }
    // the ledger of these and of the demo bookings, as the migration writes it for existing bookings
    await tx.query(`SELECT parkly_host_ledger_backfill()`);
    await seedPayouts(tx, host.id, listings[0]!.currency);
  });
  return { stays: STAYS.length };
}

async function insertPastStay(tx: Queryable, listing: ListingRow, guestId: string, start: Date, hours: number, cancelled: boolean) {
  const end = new Date(start.getTime() + hours * HOUR);
  const price = priceStay(listing, hours * 60, FEE)!;
  const breakdown: PriceBreakdown = { lines: price.lines, minutes: hours * 60, cancellation_policy: listing.cancellation_policy, guest_fee_percent: FEE, host_commission_percent: COMMISSION };
  const booked = new Date(start.getTime() - 3 * DAY);
  const refund = cancelled ? Math.round(price.total / 2) : null;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, currency, subtotal, service_fee, host_fee, total, price_breakdown,
                           payment_status, amount_paid, refund_amount, cancelled_by, cancel_reason, card_brand, card_last4, created_at, updated_at)
     VALUES ($1, $2, $3, tstzrange($4::timestamptz, $5::timestamptz), $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $11, $14, $15, $16, 'visa', '4242', $17, $18)
     RETURNING id`,
    [
      listing.id, listing.unit_id, guestId, start.toISOString(), end.toISOString(), cancelled ? 'cancelled' : 'completed', listing.currency,
      price.subtotal, price.serviceFee, percentOf(price.subtotal, COMMISSION), price.total, JSON.stringify(breakdown),
      cancelled ? 'partially_refunded' : 'paid', refund, cancelled ? 'guest' : null, cancelled ? 'Plans changed, sorry' : null,
      booked.toISOString(), (cancelled ? new Date(start.getTime() - DAY) : end).toISOString(),
    ],
  );
  const id = row!.id;
  const event = (e: string, from: string | null, to: string, by: string, at: Date) =>
    tx.query(`INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [id, e, from, to, by, at.toISOString()]);
  await event('create', null, 'pending_payment', 'guest', booked);
  await event('pay_instant', 'pending_payment', 'confirmed', 'guest', new Date(booked.getTime() + 4 * 60_000));
  if (cancelled) await event('cancel', 'confirmed', 'cancelled', 'guest', new Date(start.getTime() - DAY));
  else await event('complete', 'confirmed', 'completed', 'system', end);
  const pay = (kind: string, amount: number, at: Date) =>
    tx.query(
      `INSERT INTO payments (booking_id, kind, provider, amount, currency, status, idempotency_key, provider_ref, created_at, settled_at)
       VALUES ($1, $2, 'simulated', $3, $4, 'succeeded', $5, $6, $7, $7)`,
      [id, kind, amount, listing.currency, `${id}:demo:${kind}`, `sim_demo_${id.slice(0, 8)}_${kind}`, at.toISOString()],
    );
  await pay('charge', price.total, booked);
  if (refund) await pay('refund', refund, new Date(start.getTime() - DAY));
}

/** A bank account, a payout paid three weeks ago and one requested two days ago, in the ledger like any other. */
async function seedPayouts(tx: Queryable, hostId: string, currency: string) {
  await upsertPayoutAccount(tx, hostId, { method: 'bank', accountHolder: 'Priya Nair', accountNumber: '50100234567812', ifsc: 'HDFC0000240' });
  const destination = 'Bank account ••••7812 (HDFC0000240)';
  const { available } = await findBalances(tx, hostId, currency);
  const paidAmount = Math.floor((available * 0.6) / 10_000) * 10_000;
  const requestedAmount = Math.floor((available * 0.25) / 10_000) * 10_000;
  if (paidAmount <= 0 || requestedAmount <= 0) return;
  const paidAt = new Date(Date.now() - 19 * DAY);
  const paid = await insertPayout(tx, { hostId, amount: paidAmount, currency, method: 'bank', destination, paymentProvider: 'simulated', requestedAt: new Date(paidAt.getTime() - 2 * DAY) });
  await insertEntry(tx, { hostId, kind: 'payout_requested', key: `payout:${paid.id}:requested`, currency, payoutId: paid.id, available: -paidAmount, requested: paidAmount, occurredAt: new Date(paidAt.getTime() - 2 * DAY) });
  await markPayout(tx, paid.id, { status: 'paid', reference: 'HDFCN52026112233', at: paidAt });
  await insertEntry(tx, { hostId, kind: 'payout_paid', key: `payout:${paid.id}:paid`, currency, payoutId: paid.id, requested: -paidAmount, paidOut: paidAmount, occurredAt: paidAt });
  const askedAt = new Date(Date.now() - 2 * DAY);
  const asked = await insertPayout(tx, { hostId, amount: requestedAmount, currency, method: 'bank', destination, paymentProvider: 'simulated', requestedAt: askedAt });
  await insertEntry(tx, { hostId, kind: 'payout_requested', key: `payout:${asked.id}:requested`, currency, payoutId: asked.id, available: -requestedAmount, requested: requestedAmount, occurredAt: askedAt });
}
