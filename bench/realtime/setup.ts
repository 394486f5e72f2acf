/**
 * The realtime benchmark's database: a database of its own on BENCH_DATABASE_URL (created here,
 * dropped afterwards) or a PGlite folder the API process opens after us; and its people, all with
 * set-based SQL (sign-up over HTTP would spend the time in argon2): users in pairs, the second of each
 * pair a host with one listing, a chat room per pair, and a live session per user.
 */
import type { Database } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { hashToken, newToken } from '../../apps/api/src/lib/tokens';

export const BENCH_DB = 'parkly_bench_realtime';
export interface BenchUser {
  id: string;
  /** session token (the database keeps only its hash) */
  token: string;
}

export interface BenchPeople {
  /** users[2i] is the guest and users[2i + 1] the host of rooms[i] */
  users: BenchUser[];
  rooms: string[];
  seconds: number;
}

/** `count` users (rounded up to an even number) in guest-host pairs, each pair with a chat room. */
export async function createPeople(db: Database, count: number): Promise<BenchPeople> {
  const started = performance.now();
  await migrate(db);
  const pairs = Math.ceil(count / 2);
  const made = await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = 0`);
    const users = await tx.query<{ id: string; email: string }>(
      `INSERT INTO users (name, email, host_user, created_at, updated_at)
       SELECT CASE WHEN g % 2 = 0 THEN 'Guest ' ELSE 'Host ' END || g, 'bench-rt-' || g || '@parkly.test', g % 2 = 1,
              now() - interval '30 days', now() - interval '30 days'
         FROM generate_series(0, $1::int - 1) g
       RETURNING id, email`,
      [pairs * 2],
    );
    // RETURNING's order is not promised: put each user at the number in its e-mail
    const ids: string[] = [];
    for (const u of users) ids[Number(/^bench-rt-(\d+)@/.exec(u.email)![1])] = u.id;
    const tokens = ids.map(() => newToken());
    await tx.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
       SELECT u, h, now() + interval '30 days', 'parkly-bench' FROM unnest($1::uuid[], $2::text[]) AS s(u, h)`,
      [ids, tokens.map(hashToken)],
    );
    const hosts = ids.filter((_, i) => i % 2 === 1);
    const guests = ids.filter((_, i) => i % 2 === 0);
    const listings = await tx.query<{ id: string; host_id: string }>(
      `INSERT INTO listings (host_id, title, description, parking_type, vehicle_types, address_line1, locality, city, state, postal_code,
                             lat, lng, capacity, hourly_rate, daily_rate, instant_book, access_instructions, cancellation_policy, status,
                             created_at, updated_at, published_at)
       SELECT h, 'Realtime bay #' || n, 'A covered bay, open day and night.', 'covered_lot', ARRAY['hatchback', 'sedan']::text[],
              n || ', MG Road', 'Ashok Nagar', 'Bengaluru', 'Karnataka', '560001', 12.95 + (n % 100) * 0.001, 77.55 + (n / 100) * 0.001,
              1, 4000, 30000, true, 'Call on arrival.', 'moderate', 'active',
              now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(h, n)
       RETURNING id, host_id`,
      [hosts],
    );
    const listingOf = new Map(listings.map((l) => [l.host_id, l.id]));
    const rooms = await tx.query<{ id: string; guest_id: string }>(
      `INSERT INTO chat_rooms (listing_id, guest_id, host_id)
       SELECT l, g, h FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS t(l, g, h)
       RETURNING id, guest_id`,
      [hosts.map((h) => listingOf.get(h)!), guests, hosts],
    );
    const roomOf = new Map(rooms.map((r) => [r.guest_id, r.id]));
    return { users: ids.map((id, i) => ({ id, token: tokens[i]! })), rooms: guests.map((g) => roomOf.get(g)!) };
  });
  await db.query(`ANALYZE`);
  return { ...made, seconds: (performance.now() - started) / 1000 };
}
