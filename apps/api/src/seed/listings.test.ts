import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARKING_TYPE_KEYS } from '@parkly/shared/catalog';
import { listingInputSchema } from '@parkly/shared/listings';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../db/database';
import { verifyPassword } from '../lib/passwords';
import { missingForPublish } from '../modules/listings/publish-check';
import { localStorage } from '../plugins/storage';
import { DEMO_PASSWORD, seedDemoData } from './demo';
import { buildListing } from './listings-build';
import { EXTRA_DEMO_HOSTS, LISTING_PLANS } from './listings-plans';
import { seededRandom } from './photos';

const CITIES = ['Bengaluru', 'Mumbai', 'Delhi', 'Pune', 'Hyderabad', 'Chennai'];

describe('demo listings', () => {
  let db: Database;
  let dir: string;
  let seconds: number;
  const count = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`))[0]!.n;

  beforeAll(async () => {
    db = await openTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'parkly-seed-'));
    const started = performance.now();
    await seedDemoData(db, localStorage({ publicDir: join(dir, 'uploads'), privateDir: join(dir, 'private') }));
    seconds = (performance.now() - started) / 1000;
    console.info(`demo data with ${await count()} listings seeded in ${seconds.toFixed(1)} s (${db.kind})`);
    // generous: a busy CI machine renders the pictures far slower than a laptop
  }, 180_000);
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the demo guest a booking of the demo host in every status, a vehicle and a card', async () => {
    const rows = await db.query<{ status: string; total: number; host_email: string }>(
      `SELECT b.status, b.total, h.email AS host_email FROM bookings b
         JOIN users g ON g.id = b.guest_id JOIN listings l ON l.id = b.listing_id JOIN users h ON h.id = l.host_id
        WHERE g.email = 'guest@parkly.test'`,
    );
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual(['cancelled', 'completed', 'confirmed', 'declined', 'expired', 'pending_payment', 'requested']);
    expect(rows.every((r) => r.host_email === 'host@parkly.test' && r.total > 0)).toBe(true);
    const events = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM booking_events`);
    expect(events[0]!.n).toBeGreaterThanOrEqual(rows.length);
    const kept = await db.query<{ vehicle_type: string; is_default: boolean }>(
      `SELECT v.vehicle_type, v.is_default FROM vehicles v JOIN payment_methods p ON p.user_id = v.user_id JOIN users u ON u.id = v.user_id
        WHERE u.email = 'guest@parkly.test' ORDER BY v.is_default DESC`,
    );
    // the car the bookings were made with (the default), and a scooter for the listing two-wheelers share (decision 040)
    expect(kept).toEqual([{ vehicle_type: 'sedan', is_default: true }, { vehicle_type: 'motorcycle', is_default: false }]);
    const shared = await db.query<{ n: number; hourly: number; bike: number }>(
      `SELECT two_wheelers_per_unit AS n, hourly_rate AS hourly, two_wheeler_hourly_rate AS bike FROM listings
        WHERE title = 'Covered basement spot near Forum Mall, Koramangala' AND 'motorcycle' = ANY(vehicle_types)`,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]!.n).toBe(4);
    expect(shared[0]!.bike).toBeLessThan(shared[0]!.hourly);
  });

  it('loads at least 60 listings across the six cities, of every parking type', async () => {
    const rows = await db.query<{ city: string; parking_type: string; status: string }>(`SELECT city, parking_type, status FROM listings`);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.filter((r) => r.status === 'active').length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.city))).toEqual(new Set(CITIES));
    for (const city of CITIES) expect(rows.filter((r) => r.city === city).length, city).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.filter((r) => r.status === 'active').map((r) => r.parking_type))).toEqual(new Set(PARKING_TYPE_KEYS));
  });

  it('gives every active listing a rate, a position and a cover photo whose files exist', async () => {
    const rows = await db.query<{ id: string; title: string; rated: boolean; lat: number | null; covers: number; photos: number; large_key: string; thumb_key: string }>(
      `SELECT l.id, l.title, COALESCE(l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate) IS NOT NULL AS rated, l.lat,
              (SELECT count(*)::int FROM listing_photos p WHERE p.listing_id = l.id AND p.is_cover) AS covers,
              (SELECT count(*)::int FROM listing_photos p WHERE p.listing_id = l.id) AS photos,
              c.large_key, c.thumb_key
         FROM listings l LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
        WHERE l.status = 'active'`,
    );
    for (const r of rows) {
      expect(r.rated, r.title).toBe(true);
      expect(r.lat, r.title).not.toBeNull();
      expect(r.covers, r.title).toBe(1);
      expect(r.photos, r.title).toBeGreaterThanOrEqual(2);
      expect(existsSync(join(dir, 'uploads', r.large_key)), r.large_key).toBe(true);
      expect(existsSync(join(dir, 'uploads', r.thumb_key)), r.thumb_key).toBe(true);
    }
    const sample = await sharp(join(dir, 'uploads', rows[0]!.large_key)).metadata();
    expect([sample.format, sample.width, sample.height]).toEqual(['webp', 1600, 1200]);
    const thumb = await sharp(join(dir, 'uploads', rows[0]!.thumb_key)).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 360]);
  });

  it('keeps every unit count equal to the capacity', async () => {
    const off = await db.query(
      `SELECT l.id FROM listings l WHERE l.capacity <> (SELECT count(*) FROM listing_units u WHERE u.listing_id = l.id AND u.removed_at IS NULL)`,
    );
    expect(off).toEqual([]);
  });

  it('builds only listings the API itself would accept and publish', () => {
    const rng = seededRandom(20250101);
    for (const plan of LISTING_PLANS) {
      const l = buildListing(rng, plan);
      const body = {
        ...l,
        address: { line1: l.address_line1, locality: l.locality, city: l.city, state: l.state, postal_code: l.postal_code, country: 'IN' },
      };
      const parsed = listingInputSchema.safeParse(body);
      expect(parsed.success, `${plan.title}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(missingForPublish(l, 2), plan.title).toEqual({});
    }
  });

  it('gives the demo host a paused and a draft listing, and three more verified hosts who can sign in', async () => {
    const byHost = await db.query<{ email: string; status: string; n: number }>(
      `SELECT u.email, l.status, count(*)::int AS n FROM listings l JOIN users u ON u.id = l.host_id GROUP BY u.email, l.status`,
    );
    const of = (email: string, status: string) => byHost.find((r) => r.email === email && r.status === status)?.n ?? 0;
    expect(of('host@parkly.test', 'paused')).toBe(1);
    expect(of('host@parkly.test', 'draft')).toBe(1);
    expect(of('host@parkly.test', 'active')).toBeGreaterThanOrEqual(30);
    for (const h of Object.values(EXTRA_DEMO_HOSTS)) {
      expect(of(h.email, 'active'), h.email).toBeGreaterThanOrEqual(5);
      const [user] = await db.query<{ password_hash: string; host_user: boolean; id_verification_status: string }>(
        `SELECT password_hash, host_user, id_verification_status FROM users WHERE email = $1`,
        [h.email],
      );
      expect(user).toMatchObject({ host_user: true, id_verification_status: 'approved' });
      expect(await verifyPassword(user!.password_hash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('draws the same listings on every run', () => {
    const draw = () => {
      const rng = seededRandom(20250101);
      return LISTING_PLANS.map((p) => buildListing(rng, p));
    };
    const first = draw();
    expect(draw()).toEqual(first);
    expect(first.map((l) => l.title)).toEqual(LISTING_PLANS.map((p) => p.title));
  });

  it('adds nothing when run again', async () => {
    const before = await count();
    await seedDemoData(db, localStorage({ publicDir: join(dir, 'uploads'), privateDir: join(dir, 'private') }));
    expect(await count()).toBe(before);
    expect(seconds).toBeGreaterThan(0);
  });
});
