import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../test/helper';
import { publishedListing } from '../modules/listings/testing';
import { seedDemoData } from './demo';
import { DEMO_REVIEWERS, seedReviews } from './reviews';

// The demo reviews on a few listings made through the API (the full demo, with its rendered photos, is
// seeded in listings.test.ts).
describe('seedReviews', () => {
  let t: TestContext;
  const listingIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
    for (let i = 0; i < 8; i++) listingIds.push((await publishedListing(t.app)).id);
    await seedReviews(t.db, null);
  }, 60_000);
  afterAll(() => t.close());

  it('reviews completed stays of the demo drivers, within the window, replies after reviews', async () => {
    const rows = await t.db.query<{ rating: number; text: string | null; created_at: Date; ends: Date; status: string; replied_at: Date | null; email: string }>(
      `SELECT r.rating, r.text, r.created_at, upper(b.during) AS ends, b.status, r.replied_at, u.email
         FROM reviews r JOIN bookings b ON b.id = r.booking_id JOIN users u ON u.id = r.author_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const drivers = new Set<string>(DEMO_REVIEWERS.map((d) => d.email));
    for (const r of rows) {
      expect(r.status).toBe('completed');
      expect(drivers.has(r.email)).toBe(true);
      expect(new Date(r.created_at).getTime()).toBeGreaterThan(new Date(r.ends).getTime());
      expect(new Date(r.created_at).getTime() - new Date(r.ends).getTime()).toBeLessThan(30 * 86_400_000);
      expect(new Date(r.created_at).getTime()).toBeLessThan(Date.now());
      if (r.replied_at) expect(new Date(r.replied_at).getTime()).toBeGreaterThan(new Date(r.created_at).getTime());
    }
  });

  it("keeps every listing's rating equal to its reviews, and the API reads them", async () => {
    const off = await t.db.query(
      `SELECT l.id FROM listings l
        WHERE l.rating_count <> (SELECT count(*) FROM reviews r WHERE r.listing_id = l.id)
           OR l.rating_avg IS DISTINCT FROM (SELECT round(avg(r.rating)::numeric, 2) FROM reviews r WHERE r.listing_id = l.id)`,
    );
    expect(off).toEqual([]);
    const [rated] = await t.db.query<{ listing_id: string; n: number }>(`SELECT listing_id, count(*)::int AS n FROM reviews GROUP BY listing_id LIMIT 1`);
    const page = (await t.app.inject({ method: 'GET', url: api(`parkings/${rated!.listing_id}/reviews?limit=50`) })).json();
    expect(page.result).toHaveLength(rated!.n);
    expect(page.rating.count).toBe(rated!.n);
  });

  it('leaves Meera a completed stay to review, with its charge in the ledger', async () => {
    const open = await t.db.query<{ id: string; charged: number }>(
      `SELECT b.id, (SELECT count(*)::int FROM payments p WHERE p.booking_id = b.id AND p.kind IN ('charge', 'capture')) AS charged
         FROM bookings b JOIN users u ON u.id = b.guest_id
        WHERE u.email = 'meera.krishnan@parkly.test' AND b.status = 'completed' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id)`,
    );
    expect(open).toHaveLength(1);
    expect(open[0]!.charged).toBe(1);
  });

  it('adds nothing when run again', async () => {
    const count = async () => (await t.db.query<{ n: number }>(`SELECT (SELECT count(*) FROM reviews) + (SELECT count(*) FROM bookings) AS n`))[0]!.n;
    const before = await count();
    expect(await seedReviews(t.db, null)).toEqual({ reviews: 0 });
    expect(await count()).toBe(before);
  });
});
