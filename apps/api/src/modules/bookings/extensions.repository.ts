/** The SQL of more time (decision 039): a stay's chain of bookings, and the next steps of its unit. */
import { one, type Queryable } from '../../db/database';
import { baysFreeSql, EARNING_SQL_LIST } from './unit-availability';

/** A stay as one booking of it sees it: where the chain of extensions it belongs to began, and what it cost. */
export interface StayChain {
  /** the first booking's start */
  stay_start: Date;
  /** what the paid bookings of the chain up to this one cost (frozen subtotals and service fees) */
  subtotal: number;
  service_fee: number;
}

/**
 * The stay `bookingId` ends: it and the bookings it extends, back to the first one. Only paid ones count
 * towards its price (a chain is only ever made of paid bookings: an extension needs a confirmed stay).
 */
export function findStayChain(db: Queryable, bookingId: string) {
  return one<StayChain>(
    db,
    `WITH RECURSIVE chain AS (
       SELECT id, extends_booking_id, lower(during) AS starts, status, subtotal, service_fee, 0 AS depth FROM bookings WHERE id = $1
       UNION ALL
       SELECT p.id, p.extends_booking_id, lower(p.during), p.status, p.subtotal, p.service_fee, c.depth + 1
         FROM bookings p JOIN chain c ON p.id = c.extends_booking_id
        WHERE c.depth < 200
     )
     SELECT (SELECT starts FROM chain ORDER BY depth DESC LIMIT 1) AS stay_start,
            COALESCE(sum(subtotal) FILTER (WHERE status IN ${EARNING_SQL_LIST}), 0)::int AS subtotal,
            COALESCE(sum(service_fee) FILTER (WHERE status IN ${EARNING_SQL_LIST}), 0)::int AS service_fee
       FROM chain`,
    [bookingId],
  );
}

/** One step of more time on a unit: [start, start + n steps) open, not blocked, the unit free. */
export interface StepCheck {
  n: number;
  open: boolean;
  blacked_out: boolean;
  free: boolean;
}

/**
 * For each of `steps` steps of `stepMinutes` after `start`, on one unit of a listing: is the listing open all
 * that time, does a blackout touch it, is the stay's place free (its two-wheeler bay, or the whole unit), in one
 * statement.
 */
export function checkUnitSteps(db: Queryable, listingId: string, unitId: string, bay: number | null, start: string, steps: number, stepMinutes: number) {
  const during = `tstzrange($2::timestamptz, $2::timestamptz + s.n * $5::int * interval '1 minute')`;
  return db.query<StepCheck>(
    `SELECT s.n,
            parkly_open_in(l.open_weekly, l.time_zone, $2::timestamptz, $2::timestamptz + s.n * $5::int * interval '1 minute') AS open,
            EXISTS (SELECT 1 FROM listing_blackouts bo WHERE bo.listing_id = l.id AND bo.during && ${during}) AS blacked_out,
            ${baysFreeSql('$3::uuid', 'CASE WHEN $6::int IS NULL THEN int4range(0, 6) ELSE int4range($6::int, $6::int + 1) END', during)} AS free
       FROM listings l, generate_series(1, $4::int) s(n)
      WHERE l.id = $1
      ORDER BY s.n`,
    [listingId, start, unitId, steps, stepMinutes, bay],
  );
}
