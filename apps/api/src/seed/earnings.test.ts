import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../db/database';
import { getEarnings } from '../modules/earnings/earnings.service';
import { localStorage } from '../plugins/storage';
import { seedDemoData } from './demo';
import { DEMO_HOST_EMAIL } from './listings';

describe('the demo host ledger', () => {
  let db: Database;
  let dir: string;
  let hostId: string;
  const earnings = () => getEarnings({ db, currency: 'INR' }, { id: hostId, sessionId: 's', role: 'user' });

  beforeAll(async () => {
    db = await openTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'parkly-seed-'));
    await seedDemoData(db, localStorage({ publicDir: join(dir, 'uploads'), privateDir: join(dir, 'private') }));
    hostId = (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [DEMO_HOST_EMAIL]))[0]!.id;
  }, 180_000);
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has months of earnings, a payout paid and one requested, balanced to the paisa', async () => {
    const e = await earnings();
    const s = e.totals;
    expect(s.gross - s.commission - s.refunds).toBe(s.net);
    expect(s.pending + s.available + s.requested + s.paid_out).toBe(s.net);
    expect(e.by_month.filter((m) => m.net > 0).length).toBeGreaterThanOrEqual(4);
    expect(s.refunds).toBeGreaterThan(0);
    expect(s.pending).toBeGreaterThan(0);
    expect(s.available).toBeGreaterThan(0);
    expect(e.payouts.map((p) => p.status)).toEqual(['requested', 'paid']);
    expect(s.requested).toBe(e.payouts[0]!.amount);
    expect(s.paid_out).toBe(e.payouts[1]!.amount);
    expect(e.payout_account?.label).toBe('Bank account ••••7812 (HDFC0000240)');
    expect(e.by_listing.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo guest a running monthly pass, its first month paid with the saved card that renews it (decision 037)', async () => {
    const passes = await db.query<{ plan: string; status: string; upper_inf: boolean; renews: boolean; card: boolean; periods: number; paid: number; invoices: number }>(
      `SELECT b.plan, b.status, upper(b.during) = 'infinity' AS upper_inf, b.renews_at > now() AND b.next_charge_at < b.renews_at AS renews,
              b.payment_method_id IS NOT NULL AS card,
              (SELECT count(*)::int FROM booking_periods p WHERE p.booking_id = b.id) AS periods,
              (SELECT count(*)::int FROM booking_periods p WHERE p.booking_id = b.id AND p.payment_status = 'paid') AS paid,
              (SELECT count(*)::int FROM invoices i WHERE i.booking_id = b.id AND i.period = 1) AS invoices
         FROM bookings b JOIN users g ON g.id = b.guest_id JOIN listings l ON l.id = b.listing_id
        WHERE g.email = 'guest@parkly.test' AND b.plan = 'monthly' AND l.host_id = $1`,
      [hostId],
    );
    expect(passes).toEqual([{ plan: 'monthly', status: 'confirmed', upper_inf: true, renews: true, card: true, periods: 1, paid: 1, invoices: 2 }]);
  });

  it('has an earning for every booking of the host that was confirmed, and nothing for the rest', async () => {
    const rows = await db.query<{ status: string; earned: boolean }>(
      `SELECT b.status, EXISTS (SELECT 1 FROM host_ledger_entries e WHERE e.booking_id = b.id AND e.kind = 'earning') AS earned
         FROM bookings b JOIN listings l ON l.id = b.listing_id WHERE l.host_id = $1`,
      [hostId],
    );
    for (const r of rows) expect(r.earned, r.status).toBe(['confirmed', 'completed', 'cancelled'].includes(r.status));
  });

  it('adds nothing when seeded again', async () => {
    const before = await earnings();
    await seedDemoData(db, localStorage({ publicDir: join(dir, 'uploads'), privateDir: join(dir, 'private') }));
    expect(await earnings()).toEqual(before);
  });
});
