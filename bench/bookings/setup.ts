/**
 * The bookings benchmark's database and data: a fresh PGlite in a temporary folder, or a database of
 * its own created on BENCH_DATABASE_URL and dropped afterwards; one host, instant-book listings open
 * 24/7 with their units and rates, and guests with live sessions, all with set-based SQL (sign-up over
 * HTTP would spend the time in argon2, which is slow on purpose).
 */
import type { Database, Queryable } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { hashToken, newToken } from '../../apps/api/src/lib/tokens';
import { vacuumAnalyze } from '../search/generate';

export const BENCH_DB = 'parkly_bench_bookings';
export interface DataOptions {
  /** listings for the throughput run, each with `units` units */
  listings: number;
  units: number;
  /** one-unit and three-unit listings for the contention run */
  contentionSingles: number;
  contentionTriples: number;
  /** one-unit listings that fit BIKE_BAYS two-wheelers, for the two-wheeler contention (decision 040) */
  contentionBikes: number;
  guests: number;
  /** earlier bookings per unit of the throughput listings, half past (completed), half 40+ days ahead (confirmed) */
  bookingsPerUnit: number;
}

export interface BenchData {
  hostId: string;
  /** throughput listings, in a fixed order */
  listings: string[];
  contention: { id: string; units: number }[];
  /** one-unit listings two-wheelers share (BIKE_BAYS riders at once) */
  bikes: string[];
  /** a session token per guest (the database keeps only its hash) */
  tokens: string[];
  /** each guest's motorcycle, by the same index */
  motorcycles: string[];
  /** the earlier bookings */
  bookings: number;
  seconds: number;
}

/** How many two-wheelers one unit of a bike listing fits. */
export const BIKE_BAYS = 3;

/** Rs 40 an hour, Rs 300 a day, in paise: any stay of an hour or more can be priced. */
const HOURLY = 4_000;
const DAILY = 30_000;

function insertListings(tx: Queryable, hostId: string, count: number, capacity: number, prefix: string) {
  return tx.query<{ id: string }>(
    `INSERT INTO listings (host_id, title, description, parking_type, vehicle_types, address_line1, locality, city, state, postal_code,
                           lat, lng, capacity, hourly_rate, daily_rate, instant_book, opening_hours, access_instructions,
                           cancellation_policy, status, created_at, updated_at, published_at)
     SELECT $1::uuid, $2 || ' #' || g, 'A covered bay, open day and night.', 'covered_lot', ARRAY['hatchback', 'sedan', 'suv']::text[],
            g || ', MG Road', 'Ashok Nagar', 'Bengaluru', 'Karnataka', '560001',
            12.95 + (g % 100) * 0.001, 77.55 + (g / 100) * 0.001, $3::int, $4::int, $5::int, true, NULL,
            'Call on arrival; the bay number is on the gate.', 'moderate', 'active',
            now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
       FROM generate_series(1, $6::int) g
     RETURNING id`,
    [hostId, prefix, capacity, HOURLY, DAILY, count],
  );
}

/**
 * A table of bookings as a running system has one (and statistics that say so, after the VACUUM
 * ANALYZE below): every unit of the throughput listings gets n two-hour stays, the even ones in the
 * past weeks, the odd ones from 40 days ahead, clear of the stays the runs book.
 */
async function insertEarlierBookings(tx: Queryable, n: number) {
  if (n === 0) return 0;
  const [guest] = await tx.query<{ id: string }>(`INSERT INTO users (name, email) VALUES ('Earlier Guest', 'bench-earlier-guest@parkly.test') RETURNING id`);
  const rows = await tx.query<{ n: number }>(
    `WITH made AS (
       INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, subtotal, service_fee, host_fee, total, price_breakdown,
                             payment_status, amount_paid, created_at, updated_at)
       SELECT u.listing_id, u.id, $1::uuid, tstzrange(t.s, t.s + interval '2 hours'), CASE WHEN t.s < now() THEN 'completed' ELSE 'confirmed' END,
              8000, 400, 1200, 8400, '{}'::jsonb, 'paid', 8400, now() - interval '60 days', now() - interval '60 days'
         FROM listing_units u JOIN listings l ON l.id = u.listing_id AND l.title LIKE 'Bench bay #%'
        CROSS JOIN LATERAL generate_series(1, $2::int) i
        CROSS JOIN LATERAL (SELECT CASE WHEN i % 2 = 0 THEN date_trunc('hour', now()) - i * interval '3 days'
                                        ELSE date_trunc('day', now()) + interval '40 days' + i * interval '3 days' END AS s) t
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [guest!.id, n],
  );
  return rows[0]?.n ?? 0;
}

export async function createData(db: Database, o: DataOptions, log: (line: string) => void): Promise<BenchData> {
  const started = performance.now();
  await migrate(db);
  const data = await db.transaction(async (tx) => {
    // a setup statement may take longer than a request may (the app's statement timeout)
    await tx.query(`SET LOCAL statement_timeout = 0`);
    const [host] = await tx.query<{ id: string }>(
      `INSERT INTO users (name, email, host_user, id_verification_status) VALUES ('Bench Host', 'bench-host@parkly.test', true, 'approved') RETURNING id`,
    );
    const hostId = host!.id;
    const listings = (await insertListings(tx, hostId, o.listings, o.units, 'Bench bay')).map((r) => r.id);
    const singles = (await insertListings(tx, hostId, o.contentionSingles, 1, 'Contended single')).map((r) => ({ id: r.id, units: 1 }));
    const triples = (await insertListings(tx, hostId, o.contentionTriples, 3, 'Contended triple')).map((r) => ({ id: r.id, units: 3 }));
    const bikes = (await insertListings(tx, hostId, o.contentionBikes, 1, 'Shared bike bay')).map((r) => r.id);
    await tx.query(
      `UPDATE listings SET two_wheelers_per_unit = $2, two_wheeler_hourly_rate = 1500, vehicle_types = ARRAY['motorcycle', 'hatchback', 'sedan', 'suv']::text[]
        WHERE id = ANY($1::uuid[])`,
      [bikes, BIKE_BAYS],
    );
    await tx.query(
      `INSERT INTO listing_units (listing_id, label, created_at)
       SELECT l.id, 'Bay ' || n, l.created_at + n * interval '1 second' FROM listings l CROSS JOIN LATERAL generate_series(1, l.capacity) n`,
    );

    const guests = await tx.query<{ id: string }>(
      `INSERT INTO users (name, email, created_at, updated_at)
       SELECT 'Bench Guest ' || g, 'bench-guest-' || g || '@parkly.test', now() - interval '30 days', now() - interval '30 days'
         FROM generate_series(1, $1::int) g
       RETURNING id`,
      [o.guests],
    );
    const tokens = guests.map(() => newToken());
    await tx.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
       SELECT u, h, now() + interval '30 days', 'parkly-bench' FROM unnest($1::uuid[], $2::text[]) AS s(u, h)`,
      [guests.map((g) => g.id), tokens.map(hashToken)],
    );
    // a motorcycle for every guest, in the guests' order
    const motorcycles = await tx.query<{ id: string }>(
      `INSERT INTO vehicles (user_id, vehicle_type, plate, is_default)
       SELECT u, 'motorcycle', 'KA01BK' || lpad(g::text, 5, '0'), false FROM unnest($1::uuid[]) WITH ORDINALITY AS v(u, g) ORDER BY g
       RETURNING id`,
      [guests.map((g) => g.id)],
    );
    const bookings = await insertEarlierBookings(tx, o.bookingsPerUnit);
    return { hostId, listings, contention: [...singles, ...triples], bikes, tokens, motorcycles: motorcycles.map((m) => m.id), bookings };
  });
  await vacuumAnalyze(db, log);
  return { ...data, seconds: (performance.now() - started) / 1000 };
}

/**
 * Two live bookings of one unit whose bays and times overlap: what bookings_no_overlap exists to prevent
 * (riders on different bays of one unit may overlap in time: migration 370). Counted over every booking,
 * whatever made it.
 */
export async function countOverlaps(db: Queryable) {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n
       FROM bookings a JOIN bookings b ON b.unit_id = a.unit_id AND b.id > a.id AND b.during && a.during AND b.bays && a.bays
      WHERE a.status IN ('pending_payment', 'requested', 'confirmed') AND b.status IN ('pending_payment', 'requested', 'confirmed')`,
  );
  return row?.n ?? 0;
}

/** Live bookings per listing of the contention run. */
export async function liveBookingsOf(db: Queryable, listingIds: string[]) {
  const rows = await db.query<{ listing_id: string; n: number }>(
    `SELECT listing_id, count(*)::int AS n FROM bookings
      WHERE listing_id = ANY($1::uuid[]) AND status IN ('pending_payment', 'requested', 'confirmed') GROUP BY listing_id`,
    [listingIds],
  );
  return new Map(rows.map((r) => [r.listing_id, r.n]));
}
