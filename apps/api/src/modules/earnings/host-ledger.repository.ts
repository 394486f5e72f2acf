/**
 * SQL of the host ledger (migrations/100_host_ledger.sql): appending entries, and the sums every
 * balance, month and listing is read from. Entries are never updated or deleted.
 */
import { EARNINGS_TIME_ZONE } from '@parkly/shared/earnings';
import { one, type Queryable } from '../../db/database';

export type EntryKind = 'earning' | 'reversal' | 'cleared' | 'payout_requested' | 'payout_paid' | 'payout_returned';

export interface NewEntry {
  hostId: string;
  kind: EntryKind;
  /** what the entry is for, once: a second entry with the same key is not written */
  key: string;
  currency: string;
  bookingId?: string;
  listingId?: string;
  payoutId?: string;
  gross?: number;
  commission?: number;
  pending?: number;
  available?: number;
  requested?: number;
  paidOut?: number;
  guestRefund?: number;
  occurredAt?: Date;
}

/** Appends an entry once per key; answers false when the key was already written. */
export async function insertEntry(db: Queryable, e: NewEntry): Promise<boolean> {
  const gross = e.gross ?? 0;
  const commission = e.commission ?? 0;
  const rows = await db.query(
    `INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, payout_id, currency, gross, commission, net,
                                      pending, available, requested, paid_out, guest_refund, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, COALESCE($16::timestamptz, now()))
     ON CONFLICT (entry_key) DO NOTHING RETURNING id`,
    [
      e.hostId, e.kind, e.key, e.bookingId ?? null, e.listingId ?? null, e.payoutId ?? null, e.currency, gross, commission, gross - commission,
      e.pending ?? 0, e.available ?? 0, e.requested ?? 0, e.paidOut ?? 0, e.guestRefund ?? null, e.occurredAt?.toISOString() ?? null,
    ],
  );
  return rows.length > 0;
}

/**
 * For a statement that confirms a booking (bookings.repository.ts updateBookingStatus): a CTE writing the
 * booking's earning entry, as insertEarning does, from `changed` (the booking's updated row: id,
 * listing_id, currency, subtotal, host_fee), once per key (`keyParam`).
 */
export const earningOf = (changed: string, keyParam: string) => `earned AS (
         INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, gross, commission, net, pending)
         SELECT l.host_id, 'earning', ${keyParam}::text, c.id, c.listing_id, c.currency, c.subtotal, c.host_fee, c.subtotal - c.host_fee, c.subtotal - c.host_fee
           FROM ${changed} c JOIN listings l ON l.id = c.listing_id
         ON CONFLICT (entry_key) DO NOTHING)`;

/** The key of a booking's earning entry (written once). */
export const earningKey = (bookingId: string) => `booking:${bookingId}:earning`;

/** A booking's earning entry, its figures taken from the booking in the same statement (once per key). */
export async function insertEarning(db: Queryable, bookingId: string, key: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, gross, commission, net, pending)
     SELECT l.host_id, 'earning', $2::text, b.id, b.listing_id, b.currency, b.subtotal, b.host_fee, b.subtotal - b.host_fee, b.subtotal - b.host_fee
       FROM bookings b JOIN listings l ON l.id = b.listing_id WHERE b.id = $1
     ON CONFLICT (entry_key) DO NOTHING RETURNING id`,
    [bookingId, key],
  );
  return rows.length > 0;
}

/** A monthly pass's period earning (decision 037), its figures taken from the period's row (once per key). */
export async function insertPeriodEarning(db: Queryable, bookingId: string, n: number, key: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, gross, commission, net, pending)
     SELECT l.host_id, 'earning', $3::text, b.id, b.listing_id, p.currency, p.subtotal, p.host_fee, p.subtotal - p.host_fee, p.subtotal - p.host_fee
       FROM bookings b JOIN listings l ON l.id = b.listing_id JOIN booking_periods p ON p.booking_id = b.id AND p.n = $2
      WHERE b.id = $1
     ON CONFLICT (entry_key) DO NOTHING RETURNING id`,
    [bookingId, n, key],
  );
  return rows.length > 0;
}

/** What the ledger needs of a booking: its host, listing and frozen prices. */
export interface BookingMoney {
  id: string;
  host_id: string;
  listing_id: string;
  currency: string;
  subtotal: number;
  host_fee: number;
  total: number;
}

export function findBookingMoney(db: Queryable, bookingId: string) {
  return one<BookingMoney>(
    db,
    `SELECT b.id, l.host_id, b.listing_id, b.currency, b.subtotal, b.host_fee, b.total
       FROM bookings b JOIN listings l ON l.id = b.listing_id WHERE b.id = $1`,
    [bookingId],
  );
}

/** Where a booking's money stands in the ledger. */
export interface BookingLedgerState {
  earned: boolean;
  cleared: boolean;
  /** its part of the host's pending balance */
  pending: number;
  /** what guests got back so far */
  refunded: number;
}

export async function findBookingLedgerState(db: Queryable, bookingId: string): Promise<BookingLedgerState> {
  const row = await one<{ earned: boolean; cleared: boolean; pending: number; refunded: number }>(
    db,
    `SELECT bool_or(kind = 'earning') AS earned, bool_or(kind = 'cleared') AS cleared,
            COALESCE(sum(pending), 0) AS pending, COALESCE(sum(guest_refund), 0) AS refunded
       FROM host_ledger_entries WHERE booking_id = $1`,
    [bookingId],
  );
  return { earned: row?.earned === true, cleared: row?.cleared === true, pending: Number(row?.pending ?? 0), refunded: Number(row?.refunded ?? 0) };
}

const SUMS = `
  COALESCE(sum(gross) FILTER (WHERE kind = 'earning'), 0) AS gross,
  COALESCE(sum(commission) FILTER (WHERE kind = 'earning'), 0) AS commission,
  COALESCE(-sum(net) FILTER (WHERE kind = 'reversal'), 0) AS refunds,
  COALESCE(sum(net), 0) AS net,
  count(*) FILTER (WHERE kind = 'earning') AS bookings`;

export interface Sums {
  gross: number;
  commission: number;
  refunds: number;
  net: number;
  bookings: number;
}

export interface Balances extends Sums {
  pending: number;
  available: number;
  requested: number;
  paid_out: number;
}

/** The host's currency: the one most of their ledger is in (a host earns in their listings' currency). */
export async function findLedgerCurrency(db: Queryable, hostId: string) {
  const row = await one<{ currency: string }>(
    db,
    `SELECT currency FROM host_ledger_entries WHERE host_id = $1 GROUP BY currency ORDER BY count(*) DESC, currency LIMIT 1`,
    [hostId],
  );
  return row?.currency;
}

export async function findBalances(db: Queryable, hostId: string, currency: string): Promise<Balances> {
  const row = await one<Balances>(
    db,
    `SELECT ${SUMS},
            COALESCE(sum(pending), 0) AS pending, COALESCE(sum(available), 0) AS available,
            COALESCE(sum(requested), 0) AS requested, COALESCE(sum(paid_out), 0) AS paid_out
       FROM host_ledger_entries WHERE host_id = $1 AND currency = $2`,
    [hostId, currency],
  );
  return row!;
}

/** Earnings and reversals by calendar month (in EARNINGS_TIME_ZONE) from `since` on. */
export function findMonthly(db: Queryable, hostId: string, currency: string, since: Date) {
  return db.query<Sums & { month: string }>(
    `SELECT to_char(occurred_at AT TIME ZONE '${EARNINGS_TIME_ZONE}', 'YYYY-MM') AS month, ${SUMS}
       FROM host_ledger_entries
      WHERE host_id = $1 AND currency = $2 AND kind IN ('earning', 'reversal') AND occurred_at >= $3
      GROUP BY 1 ORDER BY 1`,
    [hostId, currency, since.toISOString()],
  );
}

/** Every listing that has earned, highest net first. */
export function findByListing(db: Queryable, hostId: string, currency: string) {
  return db.query<Sums & { listing_id: string; title: string | null }>(
    `SELECT e.listing_id, l.title, ${SUMS}
       FROM host_ledger_entries e JOIN listings l ON l.id = e.listing_id
      WHERE e.host_id = $1 AND e.currency = $2 AND e.kind IN ('earning', 'reversal')
      GROUP BY e.listing_id, l.title
      ORDER BY sum(e.net) DESC, l.title`,
    [hostId, currency],
  );
}

/** The host's part of a refund: what its reversal entry took off their net (0 when none was written). */
export async function findReversalNet(db: Queryable, entryKey: string) {
  const row = await one<{ net: number }>(db, `SELECT net FROM host_ledger_entries WHERE entry_key = $1`, [entryKey]);
  return row ? -row.net : 0;
}
