import type { BookingActor, BookingEvent, ExtensionEvent, GateEvent, PassEvent } from '@parkly/shared/booking-lifecycle';
import type { BookingListKind, BookingPlan, MandateState, PaymentStatus, PeriodPaymentStatus, QuoteLine } from '@parkly/shared/bookings';
import type { BookingStatus, CancellationPolicy } from '@parkly/shared/catalog';
import { one, type Queryable } from '../../db/database';
import type { VehicleKind } from '@parkly/shared/pricing';
import { baysFreeSql, bookingEndSql, EARNING_SQL_LIST, holdsUnitSql, lapsedSql, unitFreeSql, unpaidHoldSql } from './unit-availability';
import { bookingEventsOf } from '../realtime/realtime.repository';
import { earningKey, earningOf } from '../earnings/host-ledger.repository';

/** What pricing and the window checks read of a listing. */
export interface BookableListing {
  id: string;
  host_id: string;
  status: string;
  title: string | null;
  time_zone: string;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  two_wheelers_per_unit: number;
  two_wheeler_hourly_rate: number | null;
  two_wheeler_daily_rate: number | null;
  two_wheeler_weekly_rate: number | null;
  two_wheeler_monthly_rate: number | null;
  currency: string;
  instant_book: boolean;
  min_duration_minutes: number | null;
  max_duration_minutes: number | null;
  cancellation_policy: CancellationPolicy;
  host_active: boolean;
  /** a monthly pass's notice (decision 037) */
  notice_days: number;
}

const BOOKABLE_COLUMNS = `l.id, l.host_id, l.status, l.title, l.time_zone, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency,
            l.two_wheelers_per_unit, l.two_wheeler_hourly_rate, l.two_wheeler_daily_rate, l.two_wheeler_weekly_rate, l.two_wheeler_monthly_rate,
            l.instant_book, l.min_duration_minutes, l.max_duration_minutes, l.cancellation_policy, l.notice_days,
            (SELECT u.deleted_at IS NULL FROM users u WHERE u.id = l.host_id) AS host_active`;

/** A listing that can be booked or quoted (live or paused, host not deleted); `lock` serialises bookings of it. */
export function findBookableListing(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<BookableListing>(
    db,
    `SELECT ${BOOKABLE_COLUMNS}
       FROM listings l
      WHERE l.id = $1 AND l.status IN ('active', 'paused')${opts.lock ? ' FOR NO KEY UPDATE OF l' : ''}`,
    [id],
  );
}

/**
 * POST bookings' first statement: locks the driver's user row (their bookings are then made one after
 * another, so the unpaid-holds count stays true) and the listing (one booking of a listing at a time: the
 * free unit picked next is still free at the insert), and reads the listing. Every booking locks the two
 * in the same order, in this one statement. No row when the listing is not bookable (nothing is locked).
 */
export function lockGuestAndListing(db: Queryable, guestId: string, listingId: string) {
  return one<BookableListing>(
    db,
    `SELECT ${BOOKABLE_COLUMNS}
       FROM users g, listings l
      WHERE g.id = $1 AND l.id = $2 AND l.status IN ('active', 'paused')
        FOR NO KEY UPDATE OF g, l`,
    [guestId, listingId],
  );
}

/** The window columns of checkWindow and checkBooking ($1 the listing, $2 and $3 the stay), over `free`. */
const windowColumns = (pass = false) => `${pass ? 'true' : 'parkly_open_in(l.open_weekly, l.time_zone, $2::timestamptz, $3::timestamptz)'} AS open,
            EXISTS (SELECT 1 FROM listing_blackouts bo WHERE bo.listing_id = l.id AND bo.during && tstzrange($2::timestamptz, $3::timestamptz)) AS blacked_out,
            (SELECT count(*)::int FROM free) AS free_units,
            (SELECT free.id FROM free ORDER BY free.shared DESC, free.created_at, free.id, free.bay LIMIT 1) AS free_unit,
            (SELECT free.bay FROM free ORDER BY free.shared DESC, free.created_at, free.id, free.bay LIMIT 1) AS free_bay`;
/** The end a monthly pass's window is checked to: none (decision 037). */
export const PASS_WINDOW_END = 'infinity';
/**
 * The free places for the stay ($1 the listing, $2 and $3 the stay, `kind` the parameter holding the vehicle
 * kind): for a car each unit no booking holds at all (its bays [0, 6)); for a two-wheeler each (unit, bay)
 * with bay < the listing's two_wheelers_per_unit that no booking's bays overlap. A two-wheeler goes to a unit
 * already shared by other riders first (`shared`), so wholly free units stay free for cars.
 */
const FREE_UNITS = (kind: string) => `free AS (
       SELECT un.id, un.created_at, bay.k AS bay,
              (${kind}::text = 'two_wheeler' AND NOT ${unitFreeSql('un.id', 'tstzrange($2::timestamptz, $3::timestamptz)')}) AS shared
         FROM listing_units un
         JOIN listings fl ON fl.id = un.listing_id
        CROSS JOIN LATERAL generate_series(0, CASE WHEN ${kind}::text = 'two_wheeler' THEN fl.two_wheelers_per_unit - 1 ELSE 0 END) AS bay(k)
        WHERE un.listing_id = $1 AND un.removed_at IS NULL
          AND ${baysFreeSql('un.id', `CASE WHEN ${kind}::text = 'two_wheeler' THEN int4range(bay.k, bay.k + 1) ELSE int4range(0, 6) END`, 'tstzrange($2::timestamptz, $3::timestamptz)')}
     )`;

export interface WindowCheck {
  open: boolean;
  blacked_out: boolean;
  /** free places: units for a car, (unit, bay) pairs for a two-wheeler */
  free_units: number;
  free_unit: string | null;
  /** the bay of free_unit a two-wheeler takes (0 for a car, which takes them all) */
  free_bay: number | null;
}

/**
 * POST bookings' checks, in one statement once the guest and the listing are locked (a statement of its
 * own, so the count sees the holds of a transaction it waited for): the driver's unpaid holds, the lapsed
 * holds and requests of the listing (expired before the insert; the window already leaves them out, as
 * holdsUnitSql does), and checkWindow's answer.
 */
export async function checkBooking(db: Queryable, listingId: string, guestId: string, start: string, end: string, opts: { pass?: boolean; kind?: VehicleKind } = {}) {
  const row = await one<WindowCheck & { holds: number; lapsed: string[] }>(
    db,
    `WITH ${FREE_UNITS('$5')}
     SELECT ${windowColumns(opts.pass)},
            (SELECT count(*)::int FROM bookings hb WHERE hb.guest_id = $4 AND ${unpaidHoldSql('hb')}) AS holds,
            ARRAY(SELECT b.id FROM bookings b
                   WHERE b.listing_id = $1 AND ${lapsedSql('b')}
                     AND b.payment_status <> 'processing') AS lapsed
       FROM listings l WHERE l.id = $1`,
    [listingId, start, end, guestId, opts.kind ?? 'car'],
  );
  return row ?? { open: false, blacked_out: false, free_units: 0, free_unit: null, free_bay: null, holds: 0, lapsed: [] };
}

/**
 * For a window of a listing: is it open for all of it, does a blackout touch it, how many places are
 * free for this kind of vehicle, and which a booking takes (the longest-standing unit first), in one statement.
 */
export async function checkWindow(db: Queryable, listingId: string, start: string, end: string, opts: { pass?: boolean; kind?: VehicleKind } = {}) {
  const row = await one<WindowCheck>(
    db,
    `WITH ${FREE_UNITS('$4')}
     SELECT ${windowColumns(opts.pass)}
       FROM listings l WHERE l.id = $1`,
    [listingId, start, end, opts.kind ?? 'car'],
  );
  return row ?? { open: false, blacked_out: false, free_units: 0, free_unit: null, free_bay: null };
}

/** Bookings of a listing that still have the holding status but whose time ran out: the lifecycle expires them. */
export function findLapsedOfListing(db: Queryable, listingId: string) {
  return db.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.listing_id = $1 AND ${lapsedSql('b')}
        AND b.payment_status <> 'processing'
      FOR UPDATE SKIP LOCKED`,
    [listingId],
  );
}

/** Locks a driver's user row: their bookings are then made one after another (the unpaid-holds count stays true). */
export async function lockGuest(db: Queryable, guestId: string) {
  await db.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [guestId]);
}

/** A driver's unpaid holds that still hold their unit (pending_payment, the 15 minutes not run out). */
export async function countUnpaidHolds(db: Queryable, guestId: string) {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM bookings b WHERE b.guest_id = $1 AND ${unpaidHoldSql('b')}`,
    [guestId],
  );
  return row?.n ?? 0;
}

/** The frozen price of a booking, kept as it was quoted. */
export interface PriceBreakdown {
  lines: QuoteLine[];
  minutes: number;
  cancellation_policy: CancellationPolicy;
  guest_fee_percent: number;
  host_commission_percent: number;
  /** a promotion code's discount, frozen with the price (decision 036); total = subtotal + service_fee - discount */
  discount?: number;
  promo_code?: string;
  /** more time (decision 039): the stay it extends as priced, so the receipt can say how the price came about */
  extension?: { stay_start: string; stay_minutes: number; stay_subtotal: number; whole_subtotal: number };
}

export interface NewBooking {
  listingId: string;
  unitId: string;
  guestId: string;
  vehicleId: string | null;
  start: string;
  end: string;
  currency: string;
  subtotal: number;
  serviceFee: number;
  hostFee: number;
  total: number;
  breakdown: PriceBreakdown;
  holdMinutes: number;
  /** more time after this booking (decision 039) */
  extendsBookingId?: string | null;
  /** a two-wheeler's bay of the unit [bay, bay + 1); absent or null: the whole unit (migration 370) */
  bay?: number | null;
  /** a monthly pass (decision 037): its first period's end and the listing's notice; `end` is then PASS_WINDOW_END */
  pass?: { periodEnd: string; noticeDays: number };
}

/**
 * Inserts a booking on hold and its 'create' event (by its guest), and answers the booking's view with
 * its history as findBookingViewWithEvents would read it after the commit, in one statement (the view is
 * built from the rows the statement inserts: no second read of the booking).
 */
export async function insertBooking(db: Queryable, b: NewBooking) {
  const rows = await db.query<BookingViewRow & { events: EventJson[] }>(
    `WITH created AS (
       INSERT INTO bookings (listing_id, unit_id, guest_id, vehicle_id, during, status, currency, subtotal, service_fee, host_fee, total,
                             price_breakdown, payment_status, hold_expires_at, extends_booking_id, bays, plan, period_end, renews_at, notice_days)
       VALUES ($1, $2, $3, $4, tstzrange($5::timestamptz, $6::timestamptz), 'pending_payment', $7, $8, $9, $10, $11, $12::jsonb, 'unpaid',
               now() + $13::int * interval '1 minute', $14::uuid,
               CASE WHEN $15::int IS NULL THEN int4range(0, 6) ELSE int4range($15::int, $15::int + 1) END,
               $16, $17::timestamptz, $17::timestamptz, $18::int)
       RETURNING *
     ),
     recorded AS (
       INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, actor_id)
       SELECT id, 'create', NULL, 'pending_payment', 'guest', guest_id FROM created
       RETURNING id, booking_id, event, from_status, to_status, actor_role, reason, created_at
     )
     ${INSERTED_VIEW_SELECT}`,
    [b.listingId, b.unitId, b.guestId, b.vehicleId, b.start, b.end, b.currency, b.subtotal, b.serviceFee, b.hostFee, b.total, JSON.stringify(b.breakdown), b.holdMinutes,
     b.extendsBookingId ?? null, b.bay ?? null, b.pass ? 'monthly' : 'stay', b.pass?.periodEnd ?? null, b.pass?.noticeDays ?? null],
  );
  return rows[0]!;
}

/** Adds a declined payment to the booking's count; answers the count now. */
export async function countDeclinedPayment(db: Queryable, bookingId: string) {
  const row = await one<{ n: number }>(db, `UPDATE bookings SET declined_payments = declined_payments + 1 WHERE id = $1 RETURNING declined_payments AS n`, [bookingId]);
  return row?.n ?? 0;
}

/** What the services decide on. */
export interface BookingRow {
  id: string;
  listing_id: string;
  guest_id: string;
  host_id: string;
  status: BookingStatus;
  starts: Date;
  ends: Date;
  currency: string;
  total: number;
  amount_paid: number;
  payment_status: PaymentStatus;
  payment_attempt: number;
  payment_started_at: Date | null;
  hold_expires_at: Date | null;
  instant_book: boolean;
  price_breakdown: PriceBreakdown;
  title: string | null;
  time_zone: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  unit_id: string | null;
  vehicle_id: string | null;
  /** more time after another booking (decision 039) */
  extends_booking_id: string | null;
  /** a two-wheeler's bay of its unit; null when the booking holds the whole unit (migration 370) */
  bay: number | null;
  /** a monthly pass's columns (decision 037); a stay: 'stay' and nulls */
  plan: BookingPlan;
  period_end: Date | null;
  renews_at: Date | null;
  next_charge_at: Date | null;
  ends_at: Date | null;
  notice_days: number | null;
  notice_given_by: 'guest' | 'host' | null;
  notice_given_at: Date | null;
  payment_method_id: string | null;
  subtotal: number;
  service_fee: number;
  host_fee: number;
}

/** The pass columns findBookingRow and the views read. */
const PASS_COLUMNS = 'b.plan, b.period_end, b.renews_at, b.ends_at, b.notice_days, b.notice_given_by, b.notice_given_at';

/**
 * The row the services decide on. An extension is paid as instant book whatever the listing says: the host
 * accepted the stay it extends (decision 039), so every payment path (card, 3-D Secure, Razorpay) charges and confirms it.
 */
export function findBookingRow(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<BookingRow>(
    db,
    `SELECT b.id, b.listing_id, b.guest_id, l.host_id, b.status, lower(b.during) AS starts, ${bookingEndSql('b')} AS ends, b.currency, b.total,
            b.amount_paid, b.payment_status, b.payment_attempt, b.payment_started_at, b.hold_expires_at,
            (l.instant_book OR b.extends_booking_id IS NOT NULL) AS instant_book, b.price_breakdown,
            l.title, l.time_zone, b.checked_in_at, b.checked_out_at, b.unit_id, b.vehicle_id, b.extends_booking_id,
            CASE WHEN upper(b.bays) - lower(b.bays) = 1 THEN lower(b.bays) END AS bay,
            ${PASS_COLUMNS}, b.next_charge_at, b.payment_method_id,
            b.subtotal, b.service_fee, b.host_fee
       FROM bookings b JOIN listings l ON l.id = b.listing_id
      WHERE b.id = $1${opts.lock ? ' FOR UPDATE OF b' : ''}`,
    [id],
  );
}

/** Who accepted a request (its capture, once it succeeds, writes the 'accept' event in their name). */
export async function findAccepter(db: Queryable, bookingId: string) {
  return (await one<{ accepted_by: string | null }>(db, `SELECT accepted_by FROM bookings WHERE id = $1`, [bookingId]))?.accepted_by ?? null;
}

/** Columns a status change may set beside the status (names only ever from this list). */
const CHANGEABLE = [
  'payment_status',
  'accepted_at',
  'accepted_by',
  'hold_expires_at',
  'amount_paid',
  'refund_amount',
  'cancelled_by',
  'cancel_reason',
  'decline_reason',
  'payment_method_id',
  'card_brand',
  'card_last4',
  'payment_attempt',
  'payment_started_at',
  'reminded_at',
  'checked_in_at',
  'checked_out_at',
  // a monthly pass (decision 037); `during`'s end follows ends_at (pass-steps.ts)
  'period_end',
  'renews_at',
  'next_charge_at',
  'ends_at',
  'notice_given_by',
  'notice_given_at',
] as const;
export type BookingChanges = Partial<Record<(typeof CHANGEABLE)[number], unknown>>;

/** `status` is set only by updateBookingStatus (a transition); every other change names its columns from CHANGEABLE. */
const setClause = (changes: BookingChanges, status?: BookingStatus) => {
  const entries: [string, unknown][] = Object.entries(changes).filter(([k]) => (CHANGEABLE as readonly string[]).includes(k));
  if (status) entries.unshift(['status', status]);
  return { sets: entries.map(([k], i) => `${k} = $${i + 2}`).join(', '), values: entries.map(([, v]) => v) };
};

/** Changes a booking's columns beside its status (the status itself only ever changes through lifecycle.transition). */
export async function updateBooking(db: Queryable, id: string, changes: BookingChanges) {
  const { sets, values } = setClause(changes);
  if (!values.length) return;
  await db.query(`UPDATE bookings SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...values]);
}

export interface NewEvent {
  bookingId: string;
  event: BookingEvent | GateEvent | ExtensionEvent | PassEvent | 'create';
  from: BookingStatus | null;
  to: BookingStatus;
  role: BookingActor;
  actorId: string | null;
  reason?: string | null;
}

export async function insertEvent(db: Queryable, e: NewEvent) {
  await db.query(
    `INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, actor_id, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.bookingId, e.event, e.from, e.to, e.role, e.actorId, e.reason ?? null],
  );
}

/**
 * A change of status: the row's new status and changes, and its booking_events row, in one statement
 * (lifecycle.transition). With `earning`, the booking's earning entry in the host ledger too (a
 * confirmation); with `view`, the statement answers the booking's view with its history as it now is (as
 * findBookingViewWithEvents would read it after the commit).
 */
export async function updateBookingStatus(
  db: Queryable,
  changes: BookingChanges,
  e: NewEvent,
  opts: { earning?: boolean; view?: boolean } = {},
): Promise<(BookingViewRow & { events: EventJson[] }) | undefined> {
  const { sets, values } = setClause(changes, e.to);
  const n = values.length + 2;
  // the booking screens of its guest and host hear of it when the transaction commits
  const announce = bookingEventsOf('changed', `$${n + 2}`);
  const params = [e.bookingId, ...values, e.event, e.from, e.to, e.role, e.actorId, e.reason ?? null];
  if (opts.earning) params.push(earningKey(e.bookingId));
  const rows = await db.query<BookingViewRow & { events: EventJson[] }>(
    `WITH changed AS (UPDATE bookings SET ${sets}, updated_at = now() WHERE id = $1 RETURNING ${opts.view ? '*' : opts.earning ? 'id, guest_id, listing_id, currency, subtotal, host_fee' : 'id, guest_id, listing_id'}),
     recorded AS (
       INSERT INTO booking_events (booking_id, event, from_status, to_status, actor_role, actor_id, reason)
       SELECT id, $${n}::text, $${n + 1}::text, $${n + 2}::text, $${n + 3}::text, $${n + 4}::uuid, $${n + 5}::text FROM changed
       RETURNING id, booking_id, event, from_status, to_status, actor_role, reason, created_at),
     ${opts.earning ? `${earningOf('changed', `$${n + 6}`)},` : ''}
     ${announce.cte}
     ${opts.view ? `, announced AS (${announce.select})
     ${CHANGED_VIEW_SELECT}` : announce.select}`,
    params,
  );
  return opts.view ? rows[0] : undefined;
}

export interface BookingViewRow {
  id: string;
  status: BookingStatus;
  listing_id: string;
  guest_id: string;
  host_id: string;
  starts: Date;
  ends: Date;
  currency: string;
  subtotal: number;
  service_fee: number;
  host_fee: number;
  total: number;
  amount_paid: number;
  price_breakdown: PriceBreakdown;
  payment_status: PaymentStatus;
  hold_expires_at: Date | null;
  card_brand: string | null;
  card_last4: string | null;
  refund_amount: number | null;
  // a gate never cancels
  cancelled_by: Exclude<BookingActor, 'gate'> | null;
  cancel_reason: string | null;
  decline_reason: string | null;
  created_at: Date;
  updated_at: Date;
  title: string | null;
  parking_type: string | null;
  address_line1: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  lat: number | null;
  lng: number | null;
  time_zone: string;
  instant_book: boolean;
  access_instructions: string | null;
  cover_thumb_key: string | null;
  unit_label: string | null;
  vehicle_id: string | null;
  vehicle_type: string | null;
  make: string | null;
  model: string | null;
  color: string | null;
  plate: string | null;
  host_name: string;
  host_profile_image: string | null;
  guest_name: string;
  /** the driver's review of the stay, if any (modules/reviews) */
  review_id?: string | null;
  review_rating?: number | null;
  review_text?: string | null;
  review_reply_text?: string | null;
  review_replied_at?: Date | null;
  review_created_at?: Date | null;
  /** more time (decision 039): the booking this one extends, and this one's paid extensions */
  extends_booking_id?: string | null;
  extended_by?: string[] | null;
  /** a monthly pass (decision 037) */
  plan: BookingPlan;
  period_end: Date | null;
  renews_at: Date | null;
  ends_at: Date | null;
  notice_days: number | null;
  notice_given_by: 'guest' | 'host' | null;
  notice_given_at: Date | null;
  /** a pass's periods, as JSON (instants as text) */
  periods: PeriodJson[] | null;
  /** a pass: its Razorpay mandate ({method, label}), or its saved card ({method: 'card', brand, last4}); decision 042 */
  renews_with?: { method: 'card' | 'upi'; provider: string; label?: string; brand?: string; last4?: string; state?: MandateState } | null;
}

export interface PeriodJson {
  n: number;
  start: string;
  end: string;
  total: number;
  payment_status: PeriodPaymentStatus;
  paid_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
}

/** The columns of a booking as toBooking reads them (the host-bookings module lists with it too). */
export const VIEW_SELECT = `
  SELECT b.id, b.status, b.listing_id, b.guest_id, l.host_id, lower(b.during) AS starts, ${bookingEndSql('b')} AS ends, b.currency, b.subtotal,
         b.service_fee, b.host_fee, b.total, b.amount_paid, b.price_breakdown, b.payment_status, b.hold_expires_at, b.card_brand, b.card_last4,
         b.refund_amount, b.cancelled_by, b.cancel_reason, b.decline_reason, b.created_at, b.updated_at,
         l.title, l.parking_type, l.address_line1, l.locality, l.city, l.state, l.postal_code, l.lat, l.lng, l.time_zone, l.instant_book,
         l.access_instructions, c.thumb_key AS cover_thumb_key, un.label AS unit_label,
         v.id AS vehicle_id, v.vehicle_type, v.make, v.model, v.color, v.plate,
         h.name AS host_name, h.profile_image AS host_profile_image, g.name AS guest_name,
         rvw.id AS review_id, rvw.rating AS review_rating, rvw.text AS review_text, rvw.reply_text AS review_reply_text,
         rvw.replied_at AS review_replied_at, rvw.created_at AS review_created_at,
         b.extends_booking_id,
         ARRAY(SELECT x.id FROM bookings x WHERE x.extends_booking_id = b.id AND x.status IN ${EARNING_SQL_LIST} ORDER BY lower(x.during)) AS extended_by,
         ${PASS_COLUMNS},
         CASE WHEN b.plan = 'monthly' THEN (
           SELECT json_agg(json_build_object('n', p.n, 'start', lower(p.during), 'end', upper(p.during), 'total', p.total,
                                             'payment_status', p.payment_status, 'paid_at', p.paid_at, 'attempts', p.attempts,
                                             'next_attempt_at', p.next_attempt_at) ORDER BY p.n)
             FROM booking_periods p WHERE p.booking_id = b.id) END AS periods,
         CASE WHEN b.plan = 'monthly' THEN COALESCE(
           (SELECT json_build_object('method', m.method, 'provider', m.provider, 'label', m.label, 'state', m.status) FROM pass_mandates m WHERE m.booking_id = b.id),
           (SELECT json_build_object('method', 'card', 'provider', pm.provider, 'brand', pm.brand, 'last4', pm.last4) FROM payment_methods pm
             WHERE pm.id = b.payment_method_id AND pm.deleted_at IS NULL)) END AS renews_with
    FROM bookings b
    JOIN listings l ON l.id = b.listing_id
    JOIN users h ON h.id = l.host_id
    JOIN users g ON g.id = b.guest_id
    LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
    LEFT JOIN listing_units un ON un.id = b.unit_id
    LEFT JOIN vehicles v ON v.id = b.vehicle_id
    LEFT JOIN reviews rvw ON rvw.booking_id = b.id`;

export function findBookingView(db: Queryable, id: string) {
  return one<BookingViewRow>(db, `${VIEW_SELECT} WHERE b.id = $1`, [id]);
}

/** A line of a booking's history as it comes in JSON: created_at is the instant's ISO text. */
export type EventJson = Omit<Awaited<ReturnType<typeof findEvents>>[number], 'created_at'> & { created_at: string };

/**
 * VIEW_SELECT with the booking's history as a JSON array (in order), for a single booking's answer: the
 * booking read from `bookings` (or a CTE of its inserted row), its events from `events` (a table or CTE
 * with booking_events' columns).
 */
const viewWithEvents = (bookings: string, events: string) =>
  VIEW_SELECT.replace(
    /\n\s*FROM bookings b\n/,
    `, (SELECT COALESCE(json_agg(json_build_object('event', e.event, 'from_status', e.from_status, 'to_status', e.to_status,
                                                'actor_role', e.actor_role, 'reason', e.reason, 'created_at', e.created_at) ORDER BY e.id), '[]')
          FROM ${events} e WHERE e.booking_id = b.id) AS events
    FROM ${bookings} b
`,
  );
const VIEW_WITH_EVENTS_SELECT = viewWithEvents('bookings', 'booking_events');
/**
 * updateBookingStatus's answer: the view of the row it updates, with its history (the events before the
 * statement and the one it records); it counts the NOTIFY's row so that it runs.
 */
const CHANGED_VIEW_SELECT = viewWithEvents(
  '(SELECT c.* FROM changed c, (SELECT count(*) FROM announced) a)',
  `(SELECT id, booking_id, event, from_status, to_status, actor_role, reason, created_at FROM booking_events
     UNION ALL SELECT id, booking_id, event, from_status, to_status, actor_role, reason, created_at FROM recorded)`,
);
/** insertBooking's answer: the view of the row it inserts, with the event it records. */
const INSERTED_VIEW_SELECT = viewWithEvents('created', 'recorded');

/** A booking's view and its history, in one statement (what a single booking's answer shows). */
export function findBookingViewWithEvents(db: Queryable, id: string) {
  return one<BookingViewRow & { events: EventJson[] }>(db, `${VIEW_WITH_EVENTS_SELECT} WHERE b.id = $1`, [id]);
}

/** Keyset position in a list: the sort key (an instant) and the id. */
export interface ListCursor {
  k: string;
  id: string;
}

const LIST_ORDER: Record<BookingListKind, { where: string; key: string; dir: 'ASC' | 'DESC' }> = {
  upcoming: { where: `${holdsUnitSql('b')} AND upper(b.during) > now()`, key: 'lower(b.during)', dir: 'ASC' },
  past: { where: `(b.status = 'completed' OR (b.status = 'confirmed' AND upper(b.during) <= now()))`, key: 'lower(b.during)', dir: 'DESC' },
  cancelled: {
    where: `(b.status IN ('cancelled', 'declined', 'expired') OR ${lapsedSql('b')})`,
    key: 'b.updated_at',
    dir: 'DESC',
  },
};

/** One page of a guest's bookings of one kind, in the kind's order, after the cursor. */
export function listGuestBookings(db: Queryable, guestId: string, kind: BookingListKind, limit: number, after?: ListCursor) {
  const o = LIST_ORDER[kind];
  const params: unknown[] = [guestId, limit];
  let keyset = '';
  if (after) {
    params.push(after.k, after.id);
    keyset = ` AND (${o.key}, b.id) ${o.dir === 'ASC' ? '>' : '<'} ($3::timestamptz, $4::uuid)`;
  }
  return db.query<BookingViewRow & { sort_key: Date }>(
    `${VIEW_SELECT.replace('SELECT b.id,', `SELECT ${o.key} AS sort_key, b.id,`)}
      WHERE b.guest_id = $1 AND ${o.where}${keyset}
      ORDER BY ${o.key} ${o.dir}, b.id ${o.dir}
      LIMIT $2`,
    params,
  );
}

export function findEvents(db: Queryable, bookingId: string) {
  return db.query<{ event: string; from_status: BookingStatus | null; to_status: BookingStatus; actor_role: BookingActor; reason: string | null; created_at: Date }>(
    `SELECT event, from_status, to_status, actor_role, reason, created_at FROM booking_events WHERE booking_id = $1 ORDER BY id`,
    [bookingId],
  );
}

/**
 * The periods in [from, to) when every live unit of the listing is held (merged, at most 200). For a car a
 * unit is held by any booking of it (each unit's bookings merged first, so riders sharing a unit count it
 * once); for a two-wheeler the listing is full when every bay is: a car's booking holds all of its unit's
 * two_wheelers_per_unit bays, a rider's one (migration 370).
 */
export function findFullPeriods(db: Queryable, listingId: string, from: string, to: string, kind: VehicleKind = 'car') {
  return db.query<{ starts: Date; ends: Date }>(
    `WITH units AS (SELECT count(*)::int AS n FROM listing_units WHERE listing_id = $1 AND removed_at IS NULL),
          per AS (SELECT CASE WHEN $4::text = 'two_wheeler' THEN two_wheelers_per_unit ELSE 1 END AS n FROM listings WHERE id = $1),
          held_raw AS (
            SELECT b.unit_id, b.during * tstzrange($2::timestamptz, $3::timestamptz) AS during,
                   GREATEST(0, LEAST(upper(b.bays), per.n) - lower(b.bays)) AS w
              FROM bookings b, per
             WHERE b.listing_id = $1 AND b.during && tstzrange($2::timestamptz, $3::timestamptz) AND ${holdsUnitSql('b')}
          ),
          held AS (
            SELECT during, w FROM held_raw WHERE $4::text = 'two_wheeler'
            UNION ALL
            SELECT unnest(range_agg(during)), 1 FROM held_raw WHERE $4::text <> 'two_wheeler' GROUP BY unit_id
          ),
          edges AS (SELECT lower(during) AS at, w AS d FROM held UNION ALL SELECT upper(during), -w FROM held),
          steps AS (SELECT at, sum(sum(d)) OVER (ORDER BY at) AS taken FROM edges GROUP BY at),
          spans AS (SELECT at AS starts, lead(at) OVER (ORDER BY at) AS ends, taken FROM steps)
     SELECT lower(x) AS starts, upper(x) AS ends
       FROM unnest((SELECT range_agg(tstzrange(s.starts, s.ends))
                      FROM spans s, units, per
                     WHERE s.ends IS NOT NULL AND units.n > 0 AND s.taken >= units.n * per.n)) x
      ORDER BY 1 LIMIT 200`,
    [listingId, from, to, kind],
  );
}

export async function countLiveUnits(db: Queryable, listingId: string) {
  return (await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM listing_units WHERE listing_id = $1 AND removed_at IS NULL`, [listingId]))?.n ?? 0;
}

/** Work for the lifecycle job, each row taken by one instance (SKIP LOCKED) for its transaction. */
export function takeLapsed(db: Queryable, staleMs: number, limit: number) {
  return db.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE ${lapsedSql('b')}
        AND (b.payment_status <> 'processing' OR b.payment_started_at < now() - $1::int * interval '1 millisecond')
      ORDER BY b.hold_expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [staleMs, limit],
  );
}

export function takeEnded(db: Queryable, limit: number) {
  return db.query<{ id: string; status: BookingStatus }>(
    `SELECT b.id, b.status FROM bookings b WHERE b.status = 'confirmed' AND upper(b.during) <= now()
      ORDER BY upper(b.during) LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export function takeStartingSoon(db: Queryable, limit: number) {
  return db.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.status = 'confirmed' AND b.reminded_at IS NULL AND lower(b.during) > now() AND lower(b.during) <= now() + interval '1 hour'
        AND b.extends_booking_id IS NULL
      LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}
