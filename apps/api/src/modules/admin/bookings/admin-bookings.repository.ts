/**
 * SQL of the console's bookings area: the search, and a booking's whole history (status changes with
 * who made them, payment lines, refunds with the admin's reason from the audit log, the host's ledger
 * entries). Refunds themselves are written by the payments and earnings modules.
 */
import type { PaymentStatus } from '@parkly/shared/booking-lifecycle';
import type { BookingStatus } from '@parkly/shared/catalog';
import { one, type Queryable } from '../../../db/database';
import { bookingEndSql } from '../../bookings/unit-availability';
import type { PriceBreakdown } from '../../bookings/bookings.repository';

/** Money given back so far: the refund lines that did not fail (decided, or done at the provider). */
const REFUNDED = `(SELECT COALESCE(sum(p.amount), 0)::int FROM payments p WHERE p.booking_id = b.id AND p.kind = 'refund' AND p.status <> 'failed')`;

const SUMMARY_SELECT = `
  SELECT b.id, b.status, lower(b.during) AS starts, ${bookingEndSql('b')} AS ends, l.time_zone, b.listing_id, l.title,
         g.id AS guest_id, g.name AS guest_name, COALESCE(g.email::text, '') AS guest_email, g.phone AS guest_phone,
         h.id AS host_id, h.name AS host_name, COALESCE(h.email::text, '') AS host_email, h.phone AS host_phone,
         b.currency, b.total, b.amount_paid, ${REFUNDED} AS refunded, b.created_at
    FROM bookings b
    JOIN listings l ON l.id = b.listing_id
    JOIN users g ON g.id = b.guest_id
    JOIN users h ON h.id = l.host_id`;

export interface SummaryRow {
  id: string;
  status: BookingStatus;
  starts: Date;
  ends: Date;
  time_zone: string;
  listing_id: string;
  title: string | null;
  guest_id: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string | null;
  host_id: string;
  host_name: string;
  host_email: string;
  host_phone: string | null;
  currency: string;
  total: number;
  amount_paid: number;
  refunded: number;
  created_at: Date;
}

export interface BookingSearch {
  /** words to find in names, e-mails and the listing's title (already escaped for LIKE) */
  words: string | null;
  /** the start of a booking id without dashes, lower case */
  idPrefix: string | null;
  status: BookingStatus | null;
}

function where(s: BookingSearch) {
  const params: unknown[] = [s.status, s.words, s.idPrefix];
  const sql = `
   WHERE ($1::text IS NULL OR b.status = $1::text)
     AND ($2::text IS NULL AND $3::text IS NULL
          OR replace(b.id::text, '-', '') LIKE $3::text || '%'
          OR g.name ILIKE '%' || $2::text || '%' OR g.email::text ILIKE '%' || $2::text || '%'
          OR h.name ILIKE '%' || $2::text || '%' OR h.email::text ILIKE '%' || $2::text || '%'
          OR l.title ILIKE '%' || $2::text || '%')`;
  return { sql, params };
}

/** One page of bookings matching the search, newest first, and how many match in all. */
export async function searchBookings(db: Queryable, s: BookingSearch, limit: number, offset: number) {
  const w = where(s);
  const rows = await db.query<SummaryRow>(`${SUMMARY_SELECT}${w.sql} ORDER BY b.created_at DESC, b.id DESC LIMIT $4 OFFSET $5`, [...w.params, limit, offset]);
  const count = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM bookings b JOIN listings l ON l.id = b.listing_id JOIN users g ON g.id = b.guest_id JOIN users h ON h.id = l.host_id${w.sql}`,
    w.params,
  );
  return { rows, total: count?.n ?? 0 };
}

export interface DetailRow extends SummaryRow {
  subtotal: number;
  service_fee: number;
  host_fee: number;
  price_breakdown: Partial<PriceBreakdown>;
  payment_status: string;
  card_brand: string | null;
  card_last4: string | null;
  refund_amount: number | null;
  cancelled_by: 'guest' | 'host' | 'admin' | 'system' | null;
  cancel_reason: string | null;
  decline_reason: string | null;
  messages: number;
}

export function findBookingDetail(db: Queryable, id: string) {
  return one<DetailRow>(
    db,
    `${SUMMARY_SELECT.replace(
      '\n    FROM bookings b',
      `, b.subtotal, b.service_fee, b.host_fee, b.price_breakdown, b.payment_status, b.card_brand, b.card_last4, b.refund_amount,
         b.cancelled_by, b.cancel_reason, b.decline_reason,
         (SELECT count(*)::int FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id WHERE r.listing_id = b.listing_id AND r.guest_id = b.guest_id) AS messages
    FROM bookings b`,
    )} WHERE b.id = $1`,
    [id],
  );
}

export function findEvents(db: Queryable, bookingId: string) {
  return db.query<{
    event: string;
    from_status: BookingStatus | null;
    to_status: BookingStatus;
    actor_role: 'guest' | 'host' | 'admin' | 'system';
    actor_id: string | null;
    actor_name: string | null;
    reason: string | null;
    created_at: Date;
  }>(
    `SELECT e.event, e.from_status, e.to_status, e.actor_role, e.actor_id, u.name AS actor_name, e.reason, e.created_at
       FROM booking_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.booking_id = $1 ORDER BY e.id`,
    [bookingId],
  );
}

export interface PaymentLineRow {
  id: string;
  kind: 'charge' | 'authorisation' | 'capture' | 'refund' | 'release';
  provider: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  idempotency_key: string;
  provider_ref: string | null;
  failure_code: string | null;
  attempts: number;
  created_at: Date;
  settled_at: Date | null;
  /** for an admin's refund: who and why, from the audit log */
  admin_id: string | null;
  admin_name: string | null;
  admin_reason: string | null;
}

export function findPaymentLines(db: Queryable, bookingId: string) {
  return db.query<PaymentLineRow>(
    `SELECT p.id, p.kind, p.provider, p.amount, p.currency, p.status, p.idempotency_key, p.provider_ref, p.failure_code, p.attempts,
            p.created_at, p.settled_at, a.actor_id AS admin_id, u.name AS admin_name, a.details->>'reason' AS admin_reason
       FROM payments p
       LEFT JOIN audit_log a ON p.kind = 'refund' AND a.subject_type = 'booking' AND a.subject_id = $1::text
                            AND a.action = 'booking.refund' AND a.details->'after'->>'payment_id' = p.id::text
       LEFT JOIN users u ON u.id = a.actor_id
      WHERE p.booking_id = $1::uuid ORDER BY p.created_at, p.id`,
    [bookingId],
  );
}

export function findLedgerEntries(db: Queryable, bookingId: string) {
  return db.query<{
    id: string;
    kind: string;
    entry_key: string;
    gross: number;
    commission: number;
    net: number;
    pending: number;
    available: number;
    guest_refund: number | null;
    occurred_at: Date;
  }>(
    `SELECT id::text AS id, kind, entry_key, gross, commission, net, pending, available, guest_refund, occurred_at
       FROM host_ledger_entries WHERE booking_id = $1 ORDER BY occurred_at, id`,
    [bookingId],
  );
}

/** What the refund decides on, the booking row locked. */
export function lockBookingMoney(db: Queryable, id: string) {
  return one<{ id: string; status: BookingStatus; currency: string; amount_paid: number; refund_amount: number | null; payment_status: PaymentStatus }>(
    db,
    `SELECT id, status, currency, amount_paid, refund_amount, payment_status FROM bookings WHERE id = $1 FOR UPDATE`,
    [id],
  );
}
