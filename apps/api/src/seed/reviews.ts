/**
 * Demo reviews, so listing pages and the rating sort have something to show: six demo drivers (who can
 * sign in with the demo password) stayed at about a quarter of the live spaces over the last months;
 * each stay is a completed booking with its charge in the ledger, most got a review a day or two after,
 * and some reviews a reply from the host. The listings' rating_avg and rating_count are then set from
 * the reviews, as the API does. Meera's latest stay is not reviewed yet (the demo guest's completed
 * stay is not either): there is always a stay to review in the demo.
 */
import { randomBytes } from 'node:crypto';
import { percentOf } from '@parkly/shared/pricing';
import type { Database, Queryable } from '../db/database';
import type { BookableListing, PriceBreakdown } from '../modules/bookings/bookings.repository';
import { priceStay } from '../modules/bookings/quote.service';
import { refreshListingRating } from '../modules/reviews/reviews.repository';
import { DEMO_HOST_EMAIL } from './listings';
import { seededRandom } from './photos';
import type { Rng } from './photos-scenes';

export const DEMO_REVIEWERS = [
  { name: 'Meera Krishnan', email: 'meera.krishnan@parkly.test' },
  { name: 'Kabir Rao', email: 'kabir.rao@parkly.test' },
  { name: 'Ananya Das', email: 'ananya.das@parkly.test' },
  { name: 'Rahul Verma', email: 'rahul.verma@parkly.test' },
  { name: 'Sneha Kulkarni', email: 'sneha.kulkarni@parkly.test' },
  { name: 'Arjun Pillai', email: 'arjun.pillai@parkly.test' },
] as const;

const GUEST_EMAIL = 'guest@parkly.test';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const FEE = 5;
const COMMISSION = 15;

/** What drivers write, by the stars they gave. */
const TEXTS: Record<number, (string | null)[]> = {
  5: [
    'Exactly as described. The guard at the gate knew I was coming and the bay was wide enough to open both doors.',
    'Booked for a full day while I was at a wedding nearby. Car was safe, the spot was shaded and getting out was quick.',
    'Easy to find with the directions, well lit at night and the host answered my message within minutes. Will book again.',
    'Perfect for the airport run: parked, took the shuttle, and the car was waiting exactly where I left it a week later.',
    'Clean, covered and right next to the metro. Much cheaper than the mall parking across the road.',
    'Used it every weekday for a month. Never once found someone else in my spot.',
    null,
  ],
  4: [
    'Good spot and fair price. The entrance is a bit narrow for an SUV, so take the turn slowly.',
    'Safe and convenient. It took me a couple of minutes to find the gate the first time, but the access instructions helped.',
    'Nice covered space. The ramp is steep, otherwise no complaints at all.',
    'Host was friendly and flexible when my meeting ran late. Parking itself is basic but secure.',
    'Handy for the stadium on match day. Exit was slow afterwards because of the traffic outside, not the host’s fault.',
    null,
  ],
  3: [
    'The space is fine, but the lighting near the back is poor in the evening. Bring a torch if you arrive late.',
    'Okay for a few hours. A neighbour’s scooter was partly in the bay and I had to squeeze in.',
    'Location is great, but the surface was muddy after the rain.',
  ],
  2: ['Gate was locked when I arrived and it took twenty minutes to reach the host. The space itself was alright.'],
};

const REPLIES: Record<number, string[]> = {
  5: ['Thank you! Glad the spot worked out, you are welcome any time.', 'Thanks for the kind words, see you again soon.'],
  4: ['Thanks for the feedback. We have put up a sign at the turn so it is easier to spot.', 'Thank you! Good tip about the ramp, I will mention it in the description.'],
  3: ['Sorry about that. We have added a second light at the back since your visit.', 'Thanks for letting me know, I have asked the neighbours to keep the bay clear.'],
  2: ['I am really sorry about the gate. There is now a keypad, and the code comes with the booking.'],
};

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
/** Mostly happy drivers, as on any marketplace, with the odd poor stay. */
const stars = (rng: Rng) => {
  const x = rng();
  return x < 0.45 ? 5 : x < 0.8 ? 4 : x < 0.95 ? 3 : 2;
};

type ListingRow = BookableListing & { unit_id: string };

export async function seedReviews(db: Database, passwordHash: string | null) {
  const host = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [DEMO_HOST_EMAIL]);
  if (!host[0] || (await db.query(`SELECT 1 FROM reviews LIMIT 1`)).length) return { reviews: 0 };
  const listings = await db.query<ListingRow>(
    `SELECT l.id, l.host_id, l.status, l.title, l.time_zone, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.instant_book,
            l.min_duration_minutes, l.max_duration_minutes, l.cancellation_policy, true AS host_active,
            (SELECT u.id FROM listing_units u WHERE u.listing_id = l.id AND u.removed_at IS NULL ORDER BY u.created_at LIMIT 1) AS unit_id
       FROM listings l
      WHERE l.status = 'active' AND l.hourly_rate IS NOT NULL
      ORDER BY l.created_at, l.id`,
  );
  if (!listings.length) return { reviews: 0 };
  const guestStay = await db.query<{ listing_id: string }>(
    `SELECT b.listing_id FROM bookings b JOIN users g ON g.id = b.guest_id WHERE g.email = $1 AND b.status = 'completed' LIMIT 1`,
    [GUEST_EMAIL],
  );
  const rng = seededRandom(20250311);
  let count = 0;
  await db.transaction(async (tx) => {
    const drivers: string[] = [];
    for (const d of DEMO_REVIEWERS) {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash, created_at) VALUES ($1, $2, $3, now() - interval '400 days')
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [d.name, d.email, passwordHash],
      );
      if (!rows[0]) return; // loaded before: add nothing twice
      drivers.push(rows[0].id);
    }
    const reviewed = new Set<string>();
    // every fourth live space, and the demo guest's, so the page of the stay they can review has reviews
    const chosen = listings.filter((l, i) => i % 4 === 1 || l.id === guestStay[0]?.listing_id);
    for (const listing of chosen) {
      // no two drivers of one space say the same words
      const said = new Set<string | null>();
      // the demo guest's space has enough reviews to page through
      const n = listing.id === guestStay[0]?.listing_id ? 6 : 1 + Math.floor(rng() * 4);
      for (let k = 0; k < n; k++) {
        const endedDaysAgo = 4 + k * 17 + Math.floor(rng() * 14);
        const bookingId = await insertCompletedStay(tx, listing, pick(rng, drivers), endedDaysAgo, 2 + Math.floor(rng() * 8));
        if (!bookingId) continue;
        const rating = stars(rng);
        const fresh = TEXTS[rating]!.filter((x) => x === null || !said.has(x));
        const text = pick(rng, fresh.length ? fresh : [null]);
        said.add(text);
        const reviewedAt = new Date(Date.now() - endedDaysAgo * DAY + (3 + rng() * 40) * HOUR);
        const answered = rng() < 0.4;
        const repliedAt = new Date(Math.min(reviewedAt.getTime() + (5 + rng() * 30) * HOUR, Date.now() - HOUR));
        await tx.query(
          `INSERT INTO reviews (booking_id, listing_id, author_id, rating, text, reply_text, replied_at, created_at)
           SELECT b.id, b.listing_id, b.guest_id, $2, $3, $4, $5, $6 FROM bookings b WHERE b.id = $1`,
          [bookingId, rating, text, answered ? pick(rng, REPLIES[rating]!) : null, answered ? repliedAt : null, reviewedAt],
        );
        reviewed.add(listing.id);
        count += 1;
      }
    }
    // Meera's latest stay, three days ago, at one of the demo host's spaces: not reviewed yet
    const open = listings.find((l) => l.host_id === host[0]!.id && l.id !== guestStay[0]?.listing_id && !reviewed.has(l.id)) ?? listings[0]!;
    await insertCompletedStay(tx, open, drivers[0]!, 3, 4);
    for (const id of reviewed) await refreshListingRating(tx, id);
  });
  return { reviews: count };
}

/** A paid stay that ended `endedDaysAgo` days ago, completed by the lifecycle, with its charge in the ledger. */
async function insertCompletedStay(tx: Queryable, listing: ListingRow, guestId: string, endedDaysAgo: number, hours: number) {
  const end = new Date(Math.floor((Date.now() - endedDaysAgo * DAY) / HOUR) * HOUR);
  const start = new Date(end.getTime() - hours * HOUR);
  const price = priceStay(listing, hours * 60, FEE);
  if (!price) return null;
  const breakdown: PriceBreakdown = { lines: price.lines, minutes: hours * 60, cancellation_policy: listing.cancellation_policy, guest_fee_percent: FEE, host_commission_percent: COMMISSION };
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, currency, subtotal, service_fee, host_fee, total, price_breakdown,
                           payment_status, amount_paid, card_brand, card_last4, created_at, updated_at)
     VALUES ($1, $2, $3, tstzrange($4::timestamptz, $5::timestamptz), 'completed', $6, $7, $8, $9, $10, $11::jsonb, 'paid', $10, 'visa', '4242',
             $4::timestamptz - interval '2 days', $5::timestamptz)
     RETURNING id`,
    [listing.id, listing.unit_id, guestId, start.toISOString(), end.toISOString(), listing.currency, price.subtotal, price.serviceFee,
      percentOf(price.subtotal, COMMISSION), price.total, JSON.stringify(breakdown)],
  );
  const id = row!.id;
  // an instant booking is confirmed when paid; a request when its host accepts it
  const confirmedBy = listing.instant_book
    ? `($1, 'pay_instant', 'pending_payment', 'confirmed', 'guest', $2, $3::timestamptz - interval '2 days')`
    : `($1, 'pay_request', 'pending_payment', 'requested', 'guest', $2, $3::timestamptz - interval '2 days'),
       ($1, 'accept', 'requested', 'confirmed', 'host', $5, $3::timestamptz - interval '1 day')`;
  await tx.query(
    `INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, actor_id, created_at) VALUES
       ($1, 'create', NULL, 'pending_payment', 'guest', $2, $3::timestamptz - interval '2 days'),
       ${confirmedBy},
       ($1, 'complete', 'confirmed', 'completed', 'system', NULL, $4::timestamptz)`,
    [id, guestId, start.toISOString(), end.toISOString(), ...(listing.instant_book ? [] : [listing.host_id])],
  );
  const ledger = (kind: string, at: string) =>
    tx.query(
      `INSERT INTO payments (booking_id, kind, provider, amount, currency, status, idempotency_key, provider_ref, created_at, settled_at)
       VALUES ($1, $2, 'simulated', $3, $4, 'succeeded', $5, $6, $7::timestamptz, $7::timestamptz)`,
      [id, kind, price.total, listing.currency, `${id}:demo:${kind}`, `sim_demo_${randomBytes(6).toString('hex')}`, at],
    );
  const paidAt = new Date(start.getTime() - 2 * DAY).toISOString();
  if (listing.instant_book) await ledger('charge', paidAt);
  else {
    await ledger('authorisation', paidAt);
    await ledger('capture', new Date(start.getTime() - DAY).toISOString());
  }
  return id;
}
