import type { AdminPeriod } from '@parkly/shared/admin';
import type { Queryable } from '../../../db/database';

export interface Totals {
  users: number;
  hosts: number;
  active_listings: number;
  bookings: number;
}

export async function totals(db: Queryable): Promise<Totals> {
  const [row] = await db.query<Totals>(
    `SELECT (SELECT count(*)::int FROM users WHERE deleted_at IS NULL) AS users,
            (SELECT count(*)::int FROM users WHERE deleted_at IS NULL AND host_user) AS hosts,
            (SELECT count(*)::int FROM listings WHERE status = 'active') AS active_listings,
            (SELECT count(DISTINCT booking_id)::int FROM booking_events WHERE to_status = 'confirmed') AS bookings`,
  );
  return row!;
}

/**
 * New users, new hosts (their first listing made in the period), bookings confirmed in the period and
 * what guests paid for them, from the start of today, this week (Monday) and this month in `zone`.
 */
export async function periods(db: Queryable, zone: string): Promise<Record<'today' | 'week' | 'month', AdminPeriod>> {
  const rows = await db.query<AdminPeriod & { period: 'today' | 'week' | 'month' }>(
    `WITH starts AS (
       SELECT p.period, date_trunc(p.unit, now() AT TIME ZONE $1) AT TIME ZONE $1 AS since
         FROM (VALUES ('today', 'day'), ('week', 'week'), ('month', 'month')) AS p(period, unit)
     ), confirmed AS (
       SELECT b.id, b.total, min(e.created_at) AS at
         FROM booking_events e JOIN bookings b ON b.id = e.booking_id
        WHERE e.to_status = 'confirmed' AND e.created_at >= (SELECT min(since) FROM starts)
        GROUP BY b.id, b.total
     ), first_listing AS (
       SELECT host_id, min(created_at) AS at FROM listings GROUP BY host_id
     )
     SELECT s.period,
            (SELECT count(*)::int FROM users u WHERE u.created_at >= s.since AND u.deleted_at IS NULL) AS new_users,
            (SELECT count(*)::int FROM first_listing f WHERE f.at >= s.since) AS new_hosts,
            (SELECT count(*)::int FROM confirmed c WHERE c.at >= s.since) AS bookings,
            (SELECT COALESCE(sum(c.total), 0)::bigint FROM confirmed c WHERE c.at >= s.since) AS gross_booking_value
       FROM starts s`,
    [zone],
  );
  const by = Object.fromEntries(rows.map((r) => [r.period, { ...r, gross_booking_value: Number(r.gross_booking_value) }]));
  const pick = (p: 'today' | 'week' | 'month'): AdminPeriod => {
    const r = by[p]!;
    return { new_users: r.new_users, new_hosts: r.new_hosts, bookings: r.bookings, gross_booking_value: r.gross_booking_value };
  };
  return { today: pick('today'), week: pick('week'), month: pick('month') };
}

export interface Waiting {
  id_checks: number;
  listing_reports: number;
  listings_to_review: number;
  payout_requests: number;
  support_messages: number;
}

/**
 * What waits for an admin: ID documents to review, open reports, listings in review, payouts, support. A payout
 * RazorpayX has taken is on its way, not waiting (decision 033): only requests no provider holds are counted.
 */
export async function waiting(db: Queryable): Promise<Waiting> {
  const [row] = await db.query<Waiting>(
    `SELECT (SELECT count(*)::int FROM government_ids WHERE status = 'pending') AS id_checks,
            (SELECT count(*)::int FROM listing_reports WHERE status = 'open') AS listing_reports,
            (SELECT count(*)::int FROM listings WHERE status = 'pending_review') AS listings_to_review,
            (SELECT count(*)::int FROM host_payouts WHERE status = 'requested' AND provider_payout_id IS NULL) AS payout_requests,
            (SELECT count(*)::int FROM contact_messages WHERE status = 'open')
              + (SELECT count(*)::int FROM support_questions WHERE status = 'open') AS support_messages`,
  );
  return row!;
}
