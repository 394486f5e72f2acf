import type { BookingStatus } from '@parkly/shared/catalog';
import { one, type Queryable } from '../../db/database';
import { bookingEndSql } from '../bookings/unit-availability';
import type { StayLink } from './pass-window';

/** What a pass shows and its checks decide on: the booking, its listing and unit, its driver and plate. */
export interface PassRow {
  id: string;
  status: BookingStatus;
  guest_id: string;
  host_id: string;
  guest_name: string;
  starts: Date;
  ends: Date;
  pass_code: string | null;
  plate: string | null;
  title: string;
  unit_label: string;
  time_zone: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  /** more time after another booking (decision 039): its pass is the stay's */
  extends_booking_id: string | null;
  /**
   * a monthly pass's renewal, which the gate's end reads while it is under way: tried again, waiting on its driver,
   * or a UPI AutoPay debit the bank has not settled yet (pass-window.ts, decision 042)
   */
  plan: string;
  renews_at: Date | null;
  next_charge_at: Date | null;
  renewal_retrying: boolean;
}

const PASS_SELECT = `SELECT b.id, b.status, b.guest_id, l.host_id, g.name AS guest_name, lower(b.during) AS starts, ${bookingEndSql('b')} AS ends,
        b.pass_code, v.plate, l.title, u.label AS unit_label, l.time_zone, b.checked_in_at, b.checked_out_at,
        b.extends_booking_id, b.plan, b.renews_at, b.next_charge_at,
        (b.plan = 'monthly' AND EXISTS (SELECT 1 FROM booking_periods p WHERE p.booking_id = b.id AND p.n > 1
           AND p.payment_status IN ('due', 'retrying', 'action_required'))) AS renewal_retrying
   FROM bookings b
   JOIN listings l ON l.id = b.listing_id
   JOIN listing_units u ON u.id = b.unit_id
   JOIN users g ON g.id = b.guest_id
   LEFT JOIN vehicles v ON v.id = b.vehicle_id`;

export function findPass(db: Queryable, bookingId: string) {
  return one<PassRow>(db, `${PASS_SELECT} WHERE b.id = $1`, [bookingId]);
}

/** The booking a typed code belongs to (locked for its check-in or check-out). */
export function findPassByCode(db: Queryable, code: string) {
  return one<PassRow>(db, `${PASS_SELECT} WHERE b.pass_code = $1 FOR UPDATE OF b`, [code]);
}

/** The booking whose pass a check-in or check-out is recorded on (locked). */
export function lockPass(db: Queryable, bookingId: string) {
  return one<PassRow>(db, `${PASS_SELECT} WHERE b.id = $1 FOR UPDATE OF b`, [bookingId]);
}

/**
 * Every booking of the stay `bookingId` belongs to (decision 039's chain of extensions): back to its first
 * booking, then every booking extending that one, and so on. A booking that extends nothing and is extended by
 * nothing is its own stay.
 */
export function findStayLinks(db: Queryable, bookingId: string) {
  return db.query<StayLink>(
    `WITH RECURSIVE up AS (
       SELECT id, extends_booking_id, 0 AS depth FROM bookings WHERE id = $1
       UNION ALL
       SELECT p.id, p.extends_booking_id, u.depth + 1 FROM bookings p JOIN up u ON p.id = u.extends_booking_id WHERE u.depth < 200
     ),
     down AS (
       SELECT id, 0 AS depth FROM (SELECT id FROM up ORDER BY depth DESC LIMIT 1) first
       UNION ALL
       SELECT c.id, d.depth + 1 FROM bookings c JOIN down d ON c.extends_booking_id = d.id WHERE d.depth < 200
     )
     SELECT b.id, b.status, b.extends_booking_id, lower(b.during) AS starts, ${bookingEndSql('b')} AS ends, v.plate
       FROM down JOIN bookings b ON b.id = down.id
       LEFT JOIN vehicles v ON v.id = b.vehicle_id
      ORDER BY lower(b.during), b.created_at`,
    [bookingId],
  );
}

/**
 * Gives the booking its pass code unless it has one; answers the booking's code, or null when `code` is
 * another booking's already (the caller draws another).
 */
export async function claimPassCode(db: Queryable, bookingId: string, code: string) {
  try {
    const row = await one<{ pass_code: string | null }>(
      db,
      `WITH given AS (
         UPDATE bookings SET pass_code = $2 WHERE id = $1 AND pass_code IS NULL
            AND NOT EXISTS (SELECT 1 FROM bookings WHERE pass_code = $2)
         RETURNING pass_code)
       SELECT COALESCE((SELECT pass_code FROM given), (SELECT pass_code FROM bookings WHERE id = $1)) AS pass_code`,
      [bookingId, code],
    );
    return row?.pass_code ?? null;
  } catch (err) {
    // two bookings drew the same code at the same moment: the unique index let one have it
    if ((err as { code?: string }).code === '23505') return null;
    throw err;
  }
}

/**
 * The host's passes a guard may be looking for: confirmed (or just completed) bookings of their listings
 * around now (from a day back to a day ahead), whose code or plate is what was typed (spaces ignored).
 */
export function searchPasses(db: Queryable, hostId: string, typed: string) {
  return db.query<PassRow>(
    `${PASS_SELECT}
      WHERE l.host_id = $1 AND b.status IN ('confirmed', 'completed')
        AND b.during && tstzrange(now() - interval '1 day', now() + interval '1 day')
        AND (b.pass_code = $2 OR upper(replace(replace(v.plate, ' ', ''), '-', '')) = $2)
      ORDER BY lower(b.during) LIMIT 10`,
    [hostId, typed],
  );
}

/** A host's gate accounts. */
export function listGateAccounts(db: Queryable, hostId: string) {
  return db.query<{ id: string; name: string; email: string; created_at: Date }>(
    `SELECT id, name, email, created_at FROM users WHERE gate_host_id = $1 AND deleted_at IS NULL ORDER BY created_at`,
    [hostId],
  );
}

/** A gate account for the host; undefined when the e-mail is taken. */
export function insertGateAccount(db: Queryable, hostId: string, a: { name: string; email: string; passwordHash: string }) {
  return one<{ id: string; name: string; email: string; created_at: Date }>(
    db,
    `INSERT INTO users (name, email, password_hash, gate_host_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING
     RETURNING id, name, email, created_at`,
    [a.name, a.email, a.passwordHash, hostId],
  );
}

/**
 * Removes one of the host's gate accounts: its sessions end and the row is anonymised (the bookings' history
 * still points at it); answers the sessions ended, or null when it is not this host's.
 */
export async function removeGateAccount(db: Queryable, hostId: string, id: string) {
  const gone = await one<{ id: string }>(
    db,
    `UPDATE users SET name = 'Removed gate account', email = NULL, password_hash = NULL, deleted_at = now(), updated_at = now()
      WHERE id = $1 AND gate_host_id = $2 AND deleted_at IS NULL RETURNING id`,
    [id, hostId],
  );
  if (!gone) return null;
  const sessions = await db.query<{ id: string }>(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`, [id]);
  return sessions.map((s) => s.id);
}
