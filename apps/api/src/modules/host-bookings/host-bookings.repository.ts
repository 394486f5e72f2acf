/**
 * The SQL of the host's side of bookings. Rows are read with the bookings module's VIEW_SELECT, so
 * toBooking shapes them exactly as GET bookings/:id does.
 *
 * A host's list is ordered by start across all of their listings. Each listing's bookings come in
 * start order from bookings_listing_start_idx; the page is cut from at most `limit` rows per listing
 * (a LATERAL look per listing) and never from a sort of every booking the host has, so the CSV export
 * reads 100k bookings in batches at the same cost per batch. The page is the first relation of the
 * join: VIEW_SELECT joins more tables than join_collapse_limit lets the planner reorder, so the order
 * written is the order run, and a page must drive it (not a scan of every booking).
 */
import type { BookingStatus } from '@parkly/shared/catalog';
import type { HostBookingOrder } from '@parkly/shared/host-bookings';
import { one, type Queryable } from '../../db/database';
import { VIEW_SELECT, type BookingViewRow } from '../bookings/bookings.repository';
import { EARNING_SQL_LIST } from '../bookings/unit-availability';

export interface HostBookingFilter {
  hostId: string;
  statuses: readonly BookingStatus[];
  parkingId?: string;
  /** a booking matches when its period overlaps [from, to) */
  from?: string;
  to?: string;
}

/** Keyset position: the start exactly as PostgreSQL writes it (microseconds kept) and the id. */
export interface HostCursor {
  k: string;
  id: string;
}

export type HostBookingRow = BookingViewRow & { sort_key: string };

/** The conditions on bookings `b` of listing `l`, with their parameters numbered from `params.length + 1`. */
function filterSql(f: HostBookingFilter, params: unknown[]) {
  const p = (v: unknown) => `$${params.push(v)}`;
  const listing = [`l.host_id = ${p(f.hostId)}::uuid`];
  if (f.parkingId) listing.push(`l.id = ${p(f.parkingId)}::uuid`);
  const booking = [`b.status = ANY (string_to_array(${p(f.statuses.join(','))}, ','))`];
  // [start, end) overlaps [from, to): written as two bounds so the index on lower(during) serves `to`
  if (f.to) booking.push(`lower(b.during) < ${p(f.to)}::timestamptz`);
  if (f.from) booking.push(`upper(b.during) > ${p(f.from)}::timestamptz`);
  return { listing: listing.join(' AND '), booking: booking.join(' AND ') };
}

/** VIEW_SELECT driven by the `page` CTE (its keys first), with the page's sort key as text. */
const PAGE_VIEW_SELECT = VIEW_SELECT.replace('SELECT b.id,', 'SELECT p.k::text AS sort_key, b.id,').replace('FROM bookings b', 'FROM page p JOIN bookings b ON b.id = p.id');
if (!PAGE_VIEW_SELECT.includes('FROM page p') || !PAGE_VIEW_SELECT.includes('sort_key')) throw new Error('VIEW_SELECT changed shape: update PAGE_VIEW_SELECT');

/** One page of the host's bookings (limit rows), in start order, after the cursor. */
export function listHostBookings(db: Queryable, f: HostBookingFilter, order: HostBookingOrder, limit: number, after?: HostCursor) {
  const params: unknown[] = [];
  const where = filterSql(f, params);
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const lim = `$${params.push(limit)}`;
  let keyset = '';
  if (after) {
    const k = `$${params.push(after.k)}`;
    const id = `$${params.push(after.id)}`;
    keyset = ` AND (lower(b.during), b.id) ${dir === 'ASC' ? '>' : '<'} (${k}::timestamptz, ${id}::uuid)`;
  }
  return db.query<HostBookingRow>(
    `WITH page AS (
       SELECT x.id, x.k
         FROM listings l
        CROSS JOIN LATERAL (
              SELECT b.id, lower(b.during) AS k FROM bookings b
               WHERE b.listing_id = l.id AND ${where.booking}${keyset}
               ORDER BY lower(b.during) ${dir}, b.id ${dir}
               LIMIT ${lim}) x
        WHERE ${where.listing}
        ORDER BY x.k ${dir}, x.id ${dir}
        LIMIT ${lim})
     ${PAGE_VIEW_SELECT}
     ORDER BY p.k ${dir}, p.id ${dir}`,
    params,
  );
}

export interface HostBookingTotals {
  count: number;
  earning_count: number;
  total: number;
  host_fee: number;
  host_payout: number;
  currency: string;
}

/** Totals of every booking the filter matches: the count of all, the money of the confirmed and completed ones. */
export async function sumHostBookings(db: Queryable, f: HostBookingFilter): Promise<HostBookingTotals> {
  const params: unknown[] = [];
  const where = filterSql(f, params);
  const earning = `b.status IN ${EARNING_SQL_LIST}`;
  const row = await one<HostBookingTotals>(
    db,
    `SELECT count(*)::int AS count,
            count(*) FILTER (WHERE ${earning})::int AS earning_count,
            coalesce(sum(b.total) FILTER (WHERE ${earning}), 0)::float8 AS total,
            coalesce(sum(b.host_fee) FILTER (WHERE ${earning}), 0)::float8 AS host_fee,
            coalesce(sum(b.subtotal - b.host_fee) FILTER (WHERE ${earning}), 0)::float8 AS host_payout,
            coalesce(min(b.currency), (SELECT min(hl.currency) FROM listings hl WHERE hl.host_id = $1::uuid), 'INR') AS currency
       FROM listings l JOIN bookings b ON b.listing_id = l.id
      WHERE ${where.listing} AND ${where.booking}`,
    params,
  );
  return row!;
}

/** The listing when it is the host's (any status, a deleted one too: its bookings stay theirs). */
export function findHostListing(db: Queryable, hostId: string, listingId: string) {
  return one<{ id: string }>(db, `SELECT id FROM listings WHERE id = $1 AND host_id = $2`, [listingId, hostId]);
}

// ---- the dashboard ----

/** A window wide enough to hold "today" in any zone (UTC-12 to UTC+14), so the index narrows before the zone math. */
const AROUND_NOW = `now() - interval '2 days' AND now() + interval '2 days'`;

/** Confirmed (or already completed) bookings whose start, or end, falls on today's date in their listing's zone. */
export function findToday(db: Queryable, hostId: string, edge: 'start' | 'end') {
  const at = edge === 'start' ? 'lower(b.during)' : 'upper(b.during)';
  return db.query<BookingViewRow>(
    `${VIEW_SELECT}
      WHERE l.host_id = $1 AND b.status IN ${EARNING_SQL_LIST}
        AND ${at} BETWEEN ${AROUND_NOW}
        AND (${at} AT TIME ZONE l.time_zone)::date = (now() AT TIME ZONE l.time_zone)::date
      ORDER BY ${at}, b.id
      LIMIT 100`,
    [hostId],
  );
}

/** Requests still waiting for the host's answer, the nearest deadline first. */
export function findOpenRequests(db: Queryable, hostId: string) {
  return db.query<BookingViewRow>(
    `${VIEW_SELECT}
      WHERE l.host_id = $1 AND b.status = 'requested' AND b.hold_expires_at > now()
      ORDER BY b.hold_expires_at, b.id
      LIMIT 100`,
    [hostId],
  );
}

/** The host's running monthly passes (decision 037), the soonest renewal (or end) first. */
export function findRunningPasses(db: Queryable, hostId: string, limit: number) {
  return db.query<BookingViewRow>(
    `${VIEW_SELECT}
      WHERE l.host_id = $1 AND b.plan = 'monthly' AND b.status = 'confirmed'
      ORDER BY COALESCE(b.ends_at, b.renews_at), b.id
      LIMIT $2`,
    [hostId, limit],
  );
}

/** The next confirmed bookings that start after now. */
export function findUpcoming(db: Queryable, hostId: string, limit: number) {
  return db.query<BookingViewRow>(
    `${VIEW_SELECT}
      WHERE l.host_id = $1 AND b.status = 'confirmed' AND lower(b.during) > now()
      ORDER BY lower(b.during), b.id
      LIMIT $2`,
    [hostId, limit],
  );
}

/** How many of the host's listings are in each state, how many zones they span, and the host's ID status. */
export async function findHostCounts(db: Queryable, hostId: string) {
  const row = await one<{ active: number; paused: number; draft: number; zones: number; id_status: string | null }>(
    db,
    `SELECT count(*) FILTER (WHERE l.status = 'active')::int AS active,
            count(*) FILTER (WHERE l.status = 'paused')::int AS paused,
            count(*) FILTER (WHERE l.status = 'draft')::int AS draft,
            count(DISTINCT l.time_zone) FILTER (WHERE l.status <> 'deleted')::int AS zones,
            (SELECT u.id_verification_status FROM users u WHERE u.id = $1) AS id_status
       FROM listings l WHERE l.host_id = $1`,
    [hostId],
  );
  return row!;
}
