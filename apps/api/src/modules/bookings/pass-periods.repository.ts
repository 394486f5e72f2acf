/**
 * A monthly pass's periods (booking_periods, migration 350; decision 037): one row per month, each with its own
 * price, payment and invoice. Period 1 is written with the pass and paid as any booking is; the renewal job
 * (monthly-renewals.ts) writes the next ones.
 */
import type { MandateState, PeriodPaymentStatus } from '@parkly/shared/bookings';
import { one, type Queryable } from '../../db/database';

export interface NewPeriod {
  bookingId: string;
  n: number;
  start: string | Date;
  end: string | Date;
  currency: string;
  subtotal: number;
  serviceFee: number;
  hostFee: number;
  discount: number;
  total: number;
}

export async function insertPeriod(db: Queryable, p: NewPeriod) {
  await db.query(
    `INSERT INTO booking_periods (booking_id, n, during, currency, subtotal, service_fee, host_fee, discount, total)
     VALUES ($1, $2, tstzrange($3::timestamptz, $4::timestamptz), $5, $6, $7, $8, $9, $10)
     ON CONFLICT (booking_id, n) DO NOTHING`,
    [p.bookingId, p.n, new Date(p.start).toISOString(), new Date(p.end).toISOString(), p.currency, p.subtotal, p.serviceFee, p.hostFee, p.discount, p.total],
  );
}

export interface PeriodRow {
  booking_id: string;
  n: number;
  starts: Date;
  ends: Date;
  currency: string;
  subtotal: number;
  service_fee: number;
  host_fee: number;
  discount: number;
  total: number;
  payment_status: PeriodPaymentStatus;
  attempts: number;
  next_attempt_at: Date | null;
  pending_key: string | null;
  pending_at: Date | null;
  payment_id: string | null;
  paid_at: Date | null;
}

const PERIOD_COLUMNS = `booking_id, n, lower(during) AS starts, upper(during) AS ends, currency, subtotal, service_fee, host_fee, discount, total,
  payment_status, attempts, next_attempt_at, pending_key, pending_at, payment_id, paid_at`;

export function findPeriod(db: Queryable, bookingId: string, n: number) {
  return one<PeriodRow>(db, `SELECT ${PERIOD_COLUMNS} FROM booking_periods WHERE booking_id = $1 AND n = $2`, [bookingId, n]);
}

/** The pass's latest period (the one paid last, or the renewal being tried). */
export function findLastPeriod(db: Queryable, bookingId: string) {
  return one<PeriodRow>(db, `SELECT ${PERIOD_COLUMNS} FROM booking_periods WHERE booking_id = $1 ORDER BY n DESC LIMIT 1`, [bookingId]);
}

/** Columns a pass step may change on a period (names only ever from this list). */
const PERIOD_CHANGEABLE = ['payment_status', 'attempts', 'next_attempt_at', 'pending_key', 'pending_at', 'payment_id', 'paid_at'] as const;
export type PeriodChanges = Partial<Record<(typeof PERIOD_CHANGEABLE)[number], unknown>>;

export async function updatePeriod(db: Queryable, bookingId: string, n: number, changes: PeriodChanges) {
  const entries = Object.entries(changes).filter(([k]) => (PERIOD_CHANGEABLE as readonly string[]).includes(k));
  if (!entries.length) return;
  await db.query(
    `UPDATE booking_periods SET ${entries.map(([k], i) => `${k} = $${i + 3}`).join(', ')} WHERE booking_id = $1 AND n = $2`,
    [bookingId, n, ...entries.map(([, v]) => v)],
  );
}

/** Passes whose renewal charge is due at `now`, each taken by one instance (SKIP LOCKED) for its transaction. */
export function takeDueRenewals(db: Queryable, now: Date, limit: number, bookingId?: string) {
  return db.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.next_charge_at <= $1::timestamptz AND b.plan = 'monthly' AND b.status = 'confirmed'
        AND ($3::uuid IS NULL OR b.id = $3::uuid)
      ORDER BY b.next_charge_at LIMIT $2 FOR UPDATE OF b SKIP LOCKED`,
    [now.toISOString(), limit, bookingId ?? null],
  );
}

/** The saved card a pass renews with (its provider reference); none once its driver removed it. */
export function findRenewalCard(db: Queryable, paymentMethodId: string | null) {
  if (!paymentMethodId) return Promise.resolve(undefined);
  return one<{ provider_ref: string; provider: string; brand: string; last4: string }>(
    db,
    `SELECT provider_ref, provider, brand, last4 FROM payment_methods WHERE id = $1 AND deleted_at IS NULL`,
    [paymentMethodId],
  );
}

/** What a pass's renewals are charged to: the saved card it was paid with, or its Razorpay mandate (decision 042). */
export interface RenewalMethod {
  ref: string;
  provider: string;
  method: 'card' | 'upi';
  label: string;
  /** the phone number a recurring charge names (a mandate's payer's) */
  contact: string | null;
  /** a mandate its payer or their bank stopped is never charged (decision 045); a card is `active` */
  state: MandateState;
}

export async function findRenewalMethod(db: Queryable, b: { id: string; payment_method_id?: string | null }): Promise<RenewalMethod | undefined> {
  const m = await one<{ customer_ref: string; token_ref: string; method: 'card' | 'upi'; label: string; contact: string | null; status: MandateState }>(
    db,
    `SELECT customer_ref, token_ref, method, label, contact, status FROM pass_mandates WHERE booking_id = $1`,
    [b.id],
  );
  if (m) return { ref: `${m.customer_ref}/${m.token_ref}`, provider: 'razorpay', method: m.method, label: m.label, contact: m.contact, state: m.status };
  const card = await findRenewalCard(db, b.payment_method_id ?? null);
  if (!card) return undefined;
  return { ref: card.provider_ref, provider: card.provider, method: 'card', label: `${card.brand} ${card.last4}`, contact: null, state: 'active' };
}

/** Keeps the recurring token a pass's payment authorised (a new one replaces the old, usable: the driver set renewals up again). */
export async function keepMandate(
  db: Queryable,
  m: { bookingId: string; customerRef: string; tokenRef: string; method: 'card' | 'upi'; label: string; paymentRef: string; contact: string | null },
) {
  await db.query(
    `INSERT INTO pass_mandates (booking_id, provider, customer_ref, token_ref, method, label, payment_ref, contact)
     VALUES ($1, 'razorpay', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (booking_id) DO UPDATE SET customer_ref = EXCLUDED.customer_ref, token_ref = EXCLUDED.token_ref, method = EXCLUDED.method,
       label = EXCLUDED.label, payment_ref = EXCLUDED.payment_ref, contact = EXCLUDED.contact, status = 'active', status_at = NULL, updated_at = now()`,
    [m.bookingId, m.customerRef, m.tokenRef, m.method, m.label.slice(0, 120), m.paymentRef, m.contact],
  );
}

/** The pass whose mandate is this Razorpay token, its booking locked (a webhook about the token changes it). */
export function lockMandateByToken(db: Queryable, tokenRef: string) {
  return one<{ booking_id: string; method: 'card' | 'upi'; label: string; status: MandateState; status_at: Date | null }>(
    db,
    `SELECT m.booking_id, m.method, m.label, m.status, m.status_at FROM pass_mandates m JOIN bookings b ON b.id = m.booking_id
      WHERE m.token_ref = $1 FOR UPDATE OF b, m`,
    [tokenRef],
  );
}

/** What Razorpay says of a pass's mandate now, and when it said so. */
export async function setMandateStatus(db: Queryable, bookingId: string, status: MandateState, at: Date) {
  await db.query(`UPDATE pass_mandates SET status = $2, status_at = $3, updated_at = now() WHERE booking_id = $1`, [bookingId, status, at.toISOString()]);
}

/** Who a renewal charges: the driver's e-mail, and a phone number (the mandate's payer's, else the driver's). */
export function findPayer(db: Queryable, guestId: string) {
  return one<{ email: string; phone: string | null }>(db, `SELECT email, phone FROM users WHERE id = $1`, [guestId]);
}

/** A pass's `during` ends at its ends_at once it has one (notice, a final failed renewal); 'infinity' before. */
export async function syncPassEnd(db: Queryable, bookingId: string) {
  await db.query(
    `UPDATE bookings SET during = tstzrange(lower(during), COALESCE(ends_at, 'infinity'::timestamptz))
      WHERE id = $1 AND plan = 'monthly' AND upper(during) IS DISTINCT FROM COALESCE(ends_at, 'infinity'::timestamptz)`,
    [bookingId],
  );
}

/** How many tries of its own the driver has made at a month (each has its key `<booking>:renew:<n>:driver:<k>`). */
export async function countDriverAttempts(db: Queryable, bookingId: string, n: number) {
  const r = await one<{ k: number }>(db, `SELECT count(*)::int AS k FROM payments WHERE kind = 'charge' AND idempotency_key LIKE $1`, [`${bookingId}:renew:${n}:driver:%`]);
  return r?.k ?? 0;
}

/** The provider reference of the payment line that paid a period. */
export async function findPeriodPaymentRef(db: Queryable, paymentId: string | null) {
  if (!paymentId) return null;
  return (await one<{ provider_ref: string | null }>(db, `SELECT provider_ref FROM payments WHERE id = $1`, [paymentId]))?.provider_ref ?? null;
}

/** The driver's saved card of a provider to pay a month with when the pass's own card was removed: the default first. */
export function findUsableCard(db: Queryable, userId: string, provider: string) {
  return one<{ id: string; provider_ref: string; brand: string; last4: string }>(
    db,
    `SELECT id, provider_ref, brand, last4 FROM payment_methods WHERE user_id = $1 AND provider = $2 AND deleted_at IS NULL
      ORDER BY is_default DESC, created_at DESC LIMIT 1`,
    [userId, provider],
  );
}
