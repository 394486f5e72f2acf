/**
 * Booking a space and running the booking through its lifecycle: create (hold a unit), read, list,
 * cancel, accept, decline. Paying is in pay-booking.service.ts; the clock's changes (expiry,
 * completion, reminders) in booking-jobs.ts. Every status change goes through lifecycle.transition.
 */
import { BOOKING_LIMITS, PASS_HAS_NO_END, type BookingListKind, type CreateBookingInput } from '@parkly/shared/bookings';
import { HOLD_MINUTES, isLapsed, nextStatus } from '@parkly/shared/booking-lifecycle';
import { isIsoInstant } from '@parkly/shared/time';
import { vehicleKindOf, type VehicleKind } from '@parkly/shared/pricing';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { recordAdminAction } from '../admin/admin-audit';
import type { UrlOf } from '../listings/listing-dto';
import type { GstSettings } from '../invoices/booking-invoices';
import type { PaymentProvider } from '../payments/payments.service';
import { ownVehicle } from '../vehicles/vehicles.service';
import { refundPreview, toBooking } from './booking-dto';
import { beginCapture, settleMoney } from './capture-steps';
import * as repo from './bookings.repository';
import { SYSTEM, transition, type Actor } from './lifecycle';
import { bookableListing, frozenPrice, listingNotFound, passPeriod, quoteWithUnit, type Fees } from './quote.service';
import { recordRedemption, usablePromoCode, withDiscount } from '../promo-codes/promo-codes.service';
import { insertPeriod } from './pass-periods.repository';

export interface BookingDeps {
  db: Database;
  provider: PaymentProvider;
  fees: Fees;
  publicUrl: string;
  urlOf: UrlOf;
  /** whether the per-person limits apply (RATE_LIMITS): the hourly cap on declined payments */
  limits: boolean;
  /** config.gst: what the invoices a confirmation issues need (decision 031) */
  gst: GstSettings;
}

export const bookingNotFound = () => new AppError('NOT_FOUND', 'Booking not found');
export const slotTaken = () => new AppError('SLOT_TAKEN', 'Someone has just booked this space for part of this time. Please choose other times.');

/** 23P01: the exclusion constraint refused an overlap; 40P01: a deadlock between two such inserts. */
const isOverlapRace = (err: unknown) => ['23P01', '40P01'].includes((err as { code?: string }).code ?? '');

/** After a commit: carry out the money decided (refunds, releases, captures). */
export async function afterChange(deps: BookingDeps, bookingId?: string) {
  if (bookingId) await settleMoney(deps, bookingId).catch(() => undefined);
}

/**
 * Expires a lapsed hold or request (by the clock), giving back any authorisation or payment. Only a
 * request's driver is told: an unpaid hold lapses quietly (its driver watched the timer, and its host
 * never heard of it).
 */
export async function expireBooking(tx: Queryable, deps: BookingDeps, bookingId: string) {
  const b = await repo.findBookingRow(tx, bookingId, { lock: true });
  if (!b || !nextStatus(b.status, 'expire', 'system')) return false;
  // a request's authorisation is released; an unpaid hold may still have a 3-D Secure payment open
  // (cancelled), or one its payer confirmed that never reached the booking (given back in full)
  await transition(tx, deps, b, 'expire', SYSTEM);
  return true;
}

const tooManyHolds = () =>
  new AppError(
    'TOO_MANY_HOLDS',
    `You are already holding ${BOOKING_LIMITS.unpaidHolds} spaces that are waiting for payment. Pay for one of them or cancel one in My Bookings, then book again.`,
  );

/**
 * POST bookings: holds any free unit for 15 minutes at the server's price (whatever the request says). A monthly
 * pass (plan 'monthly', no end: decision 037) goes the same way, priced a month at a time, its unit held from its
 * start with no end, and its first period written beside it.
 */
export async function createBooking(deps: BookingDeps, user: AuthUser, input: CreateBookingInput) {
  const pass = input.plan === 'monthly';
  if (pass && input.end !== undefined) throw new AppError('UNPROCESSABLE', PASS_HAS_NO_END, { errors: { end: PASS_HAS_NO_END } });
  let row: Awaited<ReturnType<typeof repo.insertBooking>>;
  try {
    row = await deps.db.transaction(async (tx) => {
      const vehicle = input.vehicle_id ? await ownVehicle(tx, user.id, input.vehicle_id) : null;
      const vehicleId = vehicle?.id ?? null;
      // a motorcycle takes one two-wheeler bay of a unit at the two-wheeler rates; anything else the whole unit
      const kind = vehicleKindOf(vehicle?.vehicle_type);
      // the driver's user row and the listing, locked in one statement: a driver's bookings are made one
      // after another (the unpaid-holds count below stays true), and one booking of a listing at a time
      // (the free unit picked below is still free at the insert)
      const listing = isUuid(input.parking_id) ? await repo.lockGuestAndListing(tx, user.id, input.parking_id) : undefined;
      if (!listing || !listing.host_active) {
        // as before the fold: a driver at the cap hears that first
        await repo.lockGuest(tx, user.id);
        if ((await repo.countUnpaidHolds(tx, user.id)) >= BOOKING_LIMITS.unpaidHolds) throw tooManyHolds();
        throw listingNotFound();
      }
      // a pass: its first period (on the listing's clock); its window has no end
      const first = pass ? passPeriod(input.start, 1, listing.time_zone) : null;
      const end = first ? first.end.toISOString() : input.end!;
      // the count, the listing's lapsed holds and the window, in one statement of its own (after the locks)
      const checks = await repo.checkBooking(tx, listing.id, user.id, input.start, first ? repo.PASS_WINDOW_END : end, { pass, kind });
      if (checks.holds >= BOOKING_LIMITS.unpaidHolds) throw tooManyHolds();
      if (checks.lapsed.length) {
        for (const lapsed of await repo.findLapsedOfListing(tx, listing.id)) await expireBooking(tx, deps, lapsed.id);
      }
      const { quote: priced, freeUnit: unitId, freeBay } = await quoteWithUnit(tx, listing, input.start, end, user.id, deps.fees, new Date(), checks, { pass, kind });
      if (!priced.available) {
        if (priced.reason === 'taken') throw slotTaken();
        throw new AppError('NOT_BOOKABLE', priced.message ?? 'This time cannot be booked', { errors: { start: priced.message ?? '' } });
      }
      if (!unitId) throw slotTaken();
      // a promo code: its row locked after the driver's and the listing's (always in this order), so two
      // bookings count its uses one after the other; the use is written below, in this transaction (decision 036)
      const code = input.promo_code ? await usablePromoCode(tx, input.promo_code, { userId: user.id, currency: listing.currency, lock: true }) : undefined;
      const q = code ? withDiscount(priced, code, deps.fees.hostCommissionPercent) : priced;
      const money = frozenPrice(q, deps.fees);
      // the booking and its 'create' event, in one statement that answers the booking's view
      const inserted = await repo.insertBooking(tx, {
        listingId: listing.id,
        unitId,
        guestId: user.id,
        vehicleId,
        start: input.start,
        end: first ? repo.PASS_WINDOW_END : end,
        ...money,
        breakdown: { ...money.breakdown, ...(code && { discount: q.discount ?? 0, promo_code: code.code }) },
        holdMinutes: HOLD_MINUTES,
        bay: freeBay,
        ...(first && { pass: { periodEnd: end, noticeDays: listing.notice_days } }),
      });
      if (code) await recordRedemption(tx, { bookingId: inserted.id, promoCodeId: code.id, userId: user.id, discount: q.discount ?? 0 });
      if (first) {
        // the pass's first period, due until paid; the answer then reads it
        await insertPeriod(tx, { bookingId: inserted.id, n: 1, start: input.start, end, ...money, discount: q.discount ?? 0 });
        return (await repo.findBookingViewWithEvents(tx, inserted.id))!;
      }
      return inserted;
    });
  } catch (err) {
    if (isOverlapRace(err)) throw slotTaken();
    throw err;
  }
  // its guest made it: the answer is the guest's view, from the rows the insert wrote
  return toBooking(row, 'guest', deps.urlOf, row.events, { provider: deps.provider.name });
}

/** The viewer's side of a booking: its guest, its listing's host, or an admin. Anyone else: 404. */
async function viewerRole(db: Queryable, user: AuthUser, bookingId: string) {
  const row = isUuid(bookingId) ? await repo.findBookingView(db, bookingId) : undefined;
  const role = row && roleOf(row, user);
  if (!row || !role) throw bookingNotFound();
  return { row, role } as const;
}

const roleOf = (row: { guest_id: string; host_id: string }, user: AuthUser) =>
  row.guest_id === user.id ? 'guest' : row.host_id === user.id ? 'host' : user.role === 'admin' ? 'admin' : null;

type Standing = { status: string; payment_status: string; refund_amount?: number | null };
/** Where a booking's status and money stand, for the audit log's before and after (a cancellation's with its refund). */
const standing = (b: Standing, withRefund: boolean) => ({ status: b.status, payment_status: b.payment_status, ...(withRefund && { refund_amount: b.refund_amount ?? null }) });

/**
 * An admin acting on a booking through the ordinary routes (as neither its guest nor its host) is written to
 * the audit log in the action's transaction, exactly as a console action is (the console's log shows it).
 */
async function auditAdmin(tx: Queryable, user: AuthUser, ip: string | null, action: 'booking.cancel' | 'booking.accept' | 'booking.decline', bookingId: string, before: Standing, reason?: string | null) {
  const withRefund = action === 'booking.cancel';
  const after = await repo.findBookingView(tx, bookingId);
  await recordAdminAction(tx, { id: user.id, ip }, {
    action,
    subjectType: 'booking',
    subjectId: bookingId,
    before: standing(before, withRefund),
    after: after && standing(after, withRefund),
    ...(reason && { reason }),
  });
}

/** A booking as the viewer sees it, with its history (one statement). Anyone but its guest, host or an admin: 404. */
export async function viewBooking(deps: Pick<BookingDeps, 'db' | 'urlOf' | 'provider'>, user: AuthUser, bookingId: string) {
  const row = isUuid(bookingId) ? await repo.findBookingViewWithEvents(deps.db, bookingId) : undefined;
  const role = row && roleOf(row, user);
  if (!row || !role) throw bookingNotFound();
  return toBooking(row, role, deps.urlOf, row.events, { provider: deps.provider.name });
}

const encodeCursor = (c: repo.ListCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): repo.ListCursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as repo.ListCursor;
    if (typeof c.k === 'string' && isIsoInstant(c.k) && isUuid(c.id)) return c;
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION', 'The cursor is not valid: start from the first page', { errors: { cursor: 'Not a cursor from this list' } });
}

/** GET bookings: the guest's bookings of one kind, a page at a time. */
export async function listBookings(deps: Pick<BookingDeps, 'db' | 'urlOf' | 'provider'>, user: AuthUser, q: { status: BookingListKind; limit: number; cursor?: string }) {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await repo.listGuestBookings(deps.db, user.id, q.status, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    result: page.map((r) => toBooking(r, 'guest', deps.urlOf, [], { provider: deps.provider.name })),
    ...(rows.length > q.limit && last && { next_cursor: encodeCursor({ k: new Date(last.sort_key).toISOString(), id: last.id }) }),
  };
}

/** POST bookings/:id/cancel, by its guest (policy refund) or its host or an admin (full refund; audited). */
export async function cancelBooking(deps: BookingDeps, user: AuthUser, bookingId: string, reason?: string, ip: string | null = null) {
  await deps.db.transaction(async (tx) => {
    const { role } = await viewerRole(tx, user, bookingId);
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    const view = (await repo.findBookingView(tx, bookingId))!;
    // the policy's refund for this viewer; an admin may have refunded part already (decision 009)
    const input = { preview: refundPreview(view, role), earlier: view.refund_amount ?? 0, reason: reason ?? null };
    await transition(tx, deps, b, 'cancel', { role, id: user.id }, { input });
    if (role === 'admin') await auditAdmin(tx, user, ip, 'booking.cancel', b.id, view, reason);
  });
  await afterChange(deps, bookingId);
  return viewBooking(deps, user, bookingId);
}

/** The host (or an admin: audited) answers a request. */
async function answerRequest(deps: BookingDeps, user: AuthUser, bookingId: string, answer: 'accept' | 'decline', reason?: string, ip: string | null = null) {
  const lapsed = await deps.db.transaction(async (tx) => {
    const { role } = await viewerRole(tx, user, bookingId);
    if (role === 'guest') throw new AppError('FORBIDDEN', 'Only the host of this space can answer this request');
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    // past its deadline a request is over, even if the job has not expired it yet: expire it now
    if (b.status === 'requested' && isLapsed(b)) {
      await expireBooking(tx, deps, b.id);
      return true;
    }
    const actor: Actor = { role, id: user.id };
    const before = { status: b.status, payment_status: b.payment_status };
    if (answer === 'accept') {
      // confirmed, paid and credited only once the money is taken (capture-steps.ts, decision 011)
      await beginCapture(tx, deps, b, actor);
    } else {
      await transition(tx, deps, b, 'decline', actor, { input: { reason: reason ?? null } });
    }
    if (role === 'admin') await auditAdmin(tx, user, ip, answer === 'accept' ? 'booking.accept' : 'booking.decline', b.id, before, reason);
    return false;
  });
  await afterChange(deps, bookingId);
  if (lapsed) throw new AppError('CONFLICT', 'This request has expired: it was not answered within 24 hours. The driver has been told and their card released.');
  return viewBooking(deps, user, bookingId);
}

export const acceptBooking = (deps: BookingDeps, user: AuthUser, id: string, ip: string | null = null) => answerRequest(deps, user, id, 'accept', undefined, ip);
export const declineBooking = (deps: BookingDeps, user: AuthUser, id: string, reason?: string, ip: string | null = null) => answerRequest(deps, user, id, 'decline', reason, ip);

/** GET parkings/:id/busy: when every unit is taken (for a two-wheeler: every bay), from `from` for `days` days. */
export async function busyPeriods(db: Queryable, listingId: string, from: string | undefined, days: number, kind: VehicleKind = 'car') {
  const listing = await bookableListing(db, listingId);
  const start = from ? new Date(from) : new Date();
  const end = new Date(start.getTime() + days * 86_400_000);
  const rows = await repo.findFullPeriods(db, listing.id, start.toISOString(), end.toISOString(), kind);
  const capacity = await repo.countLiveUnits(db, listing.id);
  return {
    time_zone: listing.time_zone,
    capacity,
    full: rows.map((r) => ({ start: new Date(r.starts).toISOString(), end: new Date(r.ends).toISOString() })),
  };
}

/**
 * POST bookings/:id/notice: the pass's driver or its listing's host gives notice (decision 037); the pass ends on
 * the first renewal date at least its notice_days away. Anyone else: 404 (an admin too: notice is the two
 * people's to give). A stay: 409 NOT_A_PASS. A pass that already has its end (notice given, or a renewal that
 * failed for good) stays as it is: the answer is the booking unchanged.
 */
export async function giveNotice(deps: BookingDeps, user: AuthUser, bookingId: string, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    const b = isUuid(bookingId) ? await repo.findBookingRow(tx, bookingId, { lock: true }) : undefined;
    const role = b && (b.guest_id === user.id ? 'guest' : b.host_id === user.id ? 'host' : null);
    if (!b || !role) throw bookingNotFound();
    if (b.plan === 'monthly' && b.ends_at) return;
    await transition(tx, deps, b, 'give_notice', { role, id: user.id }, { input: { at: now } });
  });
  return viewBooking(deps, user, bookingId);
}
