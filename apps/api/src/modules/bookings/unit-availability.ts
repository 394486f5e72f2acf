/**
 * What "this unit is taken" means, in SQL, for every module that asks (bookings, search, listings).
 * A booking holds its unit while its status is one of HOLDING_STATUSES (the list the
 * bookings_no_overlap constraint uses, so its index serves), except a hold or a request whose time
 * has run out: those no longer count, even before the lifecycle job marks them expired. Booking
 * first expires such rows of the listing (expireLapsed), so the constraint agrees.
 */
import { EARNING_STATUSES, HOLDING_STATUSES, LAPSING_STATUSES } from '@parkly/shared/booking-lifecycle';

const sqlList = (list: readonly string[]) => `(${list.map((s) => `'${s}'`).join(', ')})`;

/** `('pending_payment', 'requested', 'confirmed')`: the statuses that hold a unit, as a SQL list. */
export const HOLDING_SQL_LIST = sqlList(HOLDING_STATUSES);
/** `('pending_payment', 'requested')`: the holding statuses whose hold runs out (LAPSING_STATUSES). */
const LAPSING_SQL_LIST = sqlList(LAPSING_STATUSES);
/** `('confirmed')`: the holding statuses that hold until the stay ends. */
const LASTING_SQL_LIST = sqlList(HOLDING_STATUSES.filter((s) => !(LAPSING_STATUSES as readonly string[]).includes(s)));
/** `('confirmed', 'completed')`: the statuses that earn the host (EARNING_STATUSES, isEarning). */
export const EARNING_SQL_LIST = sqlList(EARNING_STATUSES);

/** The booking row `b` holds its unit now. */
export const holdsUnitSql = (b: string) =>
  `(${b}.status IN ${HOLDING_SQL_LIST} AND (${b}.status IN ${LASTING_SQL_LIST} OR ${b}.hold_expires_at IS NULL OR ${b}.hold_expires_at > now()))`;

/** The booking row `b` is a lapsed hold or request (isLapsed in SQL): holding status, its time run out. */
export const lapsedSql = (b: string) => `(${b}.status IN ${LAPSING_SQL_LIST} AND ${b}.hold_expires_at <= now())`;

/** The booking row `b` is one of its driver's unpaid holds that still holds its unit (BOOKING_LIMITS.unpaidHolds counts these). */
export const unpaidHoldSql = (b: string) => `(${b}.status = 'pending_payment' AND ${b}.hold_expires_at > now())`;

/**
 * No booking holds unit `unit` during the tstzrange `during`. OFFSET 0 keeps the check a look per unit in
 * bookings_no_overlap (unit and time together); without it PostgreSQL may turn it into an anti-join that
 * reads every live booking near that time, whatever its unit (bench/bookings measured 534 buffers against 12).
 */
export const unitFreeSql = (unit: string, during: string) =>
  `NOT EXISTS (SELECT 1 FROM bookings hb WHERE hb.unit_id = ${unit} AND hb.during && ${during} AND ${holdsUnitSql('hb')} OFFSET 0)`;

/**
 * No booking holds any of the bays `bays` (an int4range) of unit `unit` during `during`: a car asks for
 * [0, 6) (the unit wholly free), a two-wheeler for its one bay [k, k+1). One look per unit in
 * bookings_no_overlap (unit, bays and time together: migration 370), kept so by OFFSET 0 as unitFreeSql.
 */
export const baysFreeSql = (unit: string, bays: string, during: string) =>
  `NOT EXISTS (SELECT 1 FROM bookings hb WHERE hb.unit_id = ${unit} AND hb.bays && ${bays} AND hb.during && ${during} AND ${holdsUnitSql('hb')} OFFSET 0)`;

/**
 * The end a person reads of booking row `b`: a stay's end; a monthly pass's ends_at once it has one (its `during`
 * then ends there), else the end of its period paid for (a rolling pass's `during` runs to 'infinity': decision 037).
 * Every SELECT that shows or decides on a booking's end reads this, never upper(during) raw.
 */
export const bookingEndSql = (b: string) => `COALESCE(NULLIF(upper(${b}.during), 'infinity'), ${b}.period_end)`;
