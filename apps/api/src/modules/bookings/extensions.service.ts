/**
 * More time while parked (decision 039). An extension is a booking of its own: the same unit, starting where a
 * confirmed stay of its driver ends, priced so that the stay and its extensions together cost what one
 * booking of the whole stay would (the rate caps apply across them), held and paid like any booking, and
 * confirmed on payment without asking the host again (findBookingRow reads it as instant book). When it is
 * paid, the stay it extends records `extend` (booking-process.ts), which tells both people.
 */
import { BOOKING_STATUS_LABELS, HOLD_MINUTES, isEarning } from '@parkly/shared/booking-lifecycle';
import { BOOKING_LIMITS, type QuoteLine, type UnavailableReason } from '@parkly/shared/bookings';
import { EXTENSION_MAX_HOURS, EXTENSION_STEP_MINUTES, type CreateBookingBody, type ExtensionOptions, type ExtensionStop } from '@parkly/shared/extensions';
import type { VehicleKind } from '@parkly/shared/pricing';
import { formatStayLength, minutesBetween, plusMinutes, toZonedIso } from '@parkly/shared/time';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { ownVehicle } from '../vehicles/vehicles.service';
import { toBooking } from './booking-dto';
import { tellAboutRow } from './booking-notices';
import * as repo from './bookings.repository';
import { bookingNotFound, expireBooking, slotTaken, type BookingDeps } from './bookings.service';
import { checkUnitSteps, findStayChain, type StayChain } from './extensions.repository';
import { transition } from './lifecycle';
import { bookableListing, buildQuote, frozenPrice, listingNotFound, PAST_GRACE_MS, priceStay, type Fees } from './quote.service';
import type { BookableListing, BookingRow } from './bookings.repository';

const notExtendable = (message: string) => new AppError('NOT_EXTENDABLE', message);

/** What stops more time on a stay, whoever asks: a 409 that says why, or null. */
export function extensionGuard(b: BookingRow & { plan?: string | null }, now = new Date()): AppError | null {
  if (b.plan === 'monthly') return notExtendable('A monthly pass runs until notice is given: it has no end to extend.');
  if (b.status !== 'confirmed') return notExtendable(`Only a confirmed stay can be given more time: this booking is ${BOOKING_STATUS_LABELS[b.status].toLowerCase()}.`);
  if (new Date(b.ends).getTime() < now.getTime() - PAST_GRACE_MS) return notExtendable('This stay has ended. Book the space again for more time.');
  if (!b.unit_id) return notExtendable('This stay’s space is no longer offered: it cannot be extended.');
  return null;
}

/** A rider on a two-wheeler bay pays the two-wheeler rates for more time too (decision 040). */
const kindOfStay = (stay: BookingRow): VehicleKind => (stay.bay === null ? 'car' : 'two_wheeler');

/** The driver's own stay (anyone else's, or an unknown id: 404), locked when asked. */
async function ownStay(db: Queryable, user: AuthUser, bookingId: string | undefined, opts: { lock?: boolean } = {}) {
  const b = bookingId && isUuid(bookingId) ? await repo.findBookingRow(db, bookingId, opts) : undefined;
  if (!b || b.guest_id !== user.id) throw bookingNotFound();
  return b;
}

/** start must be the stay's end; parking_id its listing. */
function checkJoins(stay: BookingRow, input: { parking_id: string; start: string }) {
  if (input.parking_id !== stay.listing_id) {
    throw new AppError('UNPROCESSABLE', 'More time is on the same space as the stay it extends', { errors: { parking_id: 'Must be the listing of the booking you extend' } });
  }
  if (Date.parse(input.start) !== new Date(stay.ends).getTime()) {
    const end = toZonedIso(stay.ends, stay.time_zone);
    throw new AppError('UNPROCESSABLE', `More time starts when the stay ends: ${end}`, { errors: { start: `Must be the end of the booking you extend (${end})` } });
  }
}

/**
 * The price of more time until `end` after a stay: the whole stay's price (from the chain's first start) less
 * what the stay's paid bookings cost, the service fee likewise; never below zero. Null when no rate prices it.
 */
export function priceExtension(listing: BookableListing, chain: StayChain, start: string, end: string, fees: Fees, kind: VehicleKind = 'car') {
  const wholeMinutes = minutesBetween(chain.stay_start, end);
  const whole = priceStay(listing, wholeMinutes, fees.guestFeePercent, kind);
  if (!whole) return null;
  const minutes = minutesBetween(start, end);
  const subtotal = Math.max(0, whole.subtotal - chain.subtotal);
  const serviceFee = Math.max(0, whole.serviceFee - chain.service_fee);
  const lines: QuoteLine[] = [
    { kind: 'extension', label: `More time: ${formatStayLength(minutes)}`, quantity: 1, unit_amount: subtotal, amount: subtotal },
    { kind: 'service_fee', label: `Service fee (${fees.guestFeePercent}%)`, quantity: 1, unit_amount: serviceFee, amount: serviceFee },
  ];
  return {
    minutes,
    lines,
    subtotal,
    serviceFee,
    total: subtotal + serviceFee,
    breakdown: { stay_start: new Date(chain.stay_start).toISOString(), stay_minutes: wholeMinutes, stay_subtotal: chain.subtotal, whole_subtotal: whole.subtotal },
  };
}

/** The reason more time until `end` cannot be had on the stay's unit, if any. */
async function extensionReason(db: Queryable, listing: BookableListing, stay: BookingRow, chain: StayChain, start: string, end: string, priced: boolean): Promise<UnavailableReason | undefined> {
  if (listing.status !== 'active') return 'paused';
  if (listing.max_duration_minutes !== null && minutesBetween(chain.stay_start, end) > listing.max_duration_minutes) return 'too_long';
  if (!priced) return 'not_priced';
  const [step] = await checkUnitSteps(db, listing.id, stay.unit_id!, stay.bay, start, 1, minutesBetween(start, end));
  if (!step?.open) return 'closed';
  if (step.blacked_out) return 'blacked_out';
  if (!step.free) return 'taken';
  return undefined;
}

const REASON_TEXT: Partial<Record<UnavailableReason, string>> = {
  paused: 'The host has paused this listing: it cannot be booked for now.',
  too_long: 'This space cannot be booked for that long in one stay.',
  not_priced: 'The host does not offer a rate for a stay of this length.',
  closed: 'The space closes before then. Choose an earlier end.',
  blacked_out: 'The host has blocked part of this time.',
  taken: 'Someone else has booked this space for part of this time. Choose an earlier end.',
};

/** The quote of more time after `stay`, as GET parkings/:id/quote answers it. */
async function extensionQuote(db: Queryable, listing: BookableListing, stay: BookingRow, start: string, end: string, fees: Fees) {
  const chain = (await findStayChain(db, stay.id))!;
  const price = priceExtension(listing, chain, start, end, fees, kindOfStay(stay));
  const reason = await extensionReason(db, listing, stay, chain, start, end, !!price);
  // paid and confirmed at once: the host accepted the stay
  const quote = buildQuote(listing, start, end, price, reason && { reason, message: REASON_TEXT[reason] }, { instant_book: true });
  return { quote, price };
}

/** GET parkings/:id/quote?…&extends_booking_id: more time's price for the stay's driver (anyone else: 404). */
export async function quoteExtension(db: Queryable, user: AuthUser | null, input: { parking_id: string; start: string; end: string; extends_booking_id: string }, fees: Fees) {
  if (!user) throw bookingNotFound();
  const stay = await ownStay(db, user, input.extends_booking_id);
  const listing = await bookableListing(db, input.parking_id);
  checkJoins(stay, input);
  const guarded = extensionGuard(stay);
  if (guarded) throw guarded;
  return (await extensionQuote(db, listing, stay, input.start, input.end, fees)).quote;
}

const tooManyHolds = () =>
  new AppError('TOO_MANY_HOLDS', `You are already holding ${BOOKING_LIMITS.unpaidHolds} spaces that are waiting for payment. Pay for one of them or cancel one in My Bookings, then try again.`);

/** 23P01: the exclusion constraint refused an overlap; 40P01: a deadlock between two such inserts. */
const isOverlapRace = (err: unknown) => ['23P01', '40P01'].includes((err as { code?: string }).code ?? '');

/** POST bookings with extends_booking_id: holds the stay's unit from its end for 15 minutes, at the extension's price. */
export async function createExtension(deps: BookingDeps, user: AuthUser, input: CreateBookingBody & { start: string; end: string; extends_booking_id: string }) {
  let row: Awaited<ReturnType<typeof repo.insertBooking>>;
  try {
    row = await deps.db.transaction(async (tx) => {
      if (input.promo_code) throw new AppError('UNPROCESSABLE', 'A promotion code cannot be used on more time', { errors: { promo_code: 'Not for more time' } });
      // the driver and the listing locked first, in one statement, as every booking does; then the stay
      const listing = isUuid(input.parking_id) ? await repo.lockGuestAndListing(tx, user.id, input.parking_id) : undefined;
      const stay = await ownStay(tx, user, input.extends_booking_id, { lock: true });
      if (!listing || !listing.host_active) throw listingNotFound();
      checkJoins(stay, input);
      const guarded = extensionGuard(stay);
      if (guarded) throw guarded;
      const vehicleId = input.vehicle_id ? (await ownVehicle(tx, user.id, input.vehicle_id)).id : stay.vehicle_id;
      // the driver's unpaid holds, and the listing's lapsed holds (expired first, so the constraint agrees)
      const checks = await repo.checkBooking(tx, listing.id, user.id, input.start, input.end);
      if (checks.holds >= BOOKING_LIMITS.unpaidHolds) throw tooManyHolds();
      for (const lapsed of checks.lapsed.length ? await repo.findLapsedOfListing(tx, listing.id) : []) await expireBooking(tx, deps, lapsed.id);
      const { quote: q, price } = await extensionQuote(tx, listing, stay, input.start, input.end, deps.fees);
      if (!q.available || !price) {
        if (q.reason === 'taken') throw slotTaken();
        throw new AppError('NOT_BOOKABLE', q.message ?? 'This time cannot be booked', { errors: { end: q.message ?? '' } });
      }
      const money = frozenPrice(q, deps.fees);
      return repo.insertBooking(tx, {
        listingId: listing.id,
        unitId: stay.unit_id!,
        // a rider's more time is on their own bay (migration 370)
        bay: stay.bay,
        guestId: user.id,
        vehicleId,
        start: input.start,
        end: input.end,
        ...money,
        breakdown: { ...money.breakdown, extension: price.breakdown },
        holdMinutes: HOLD_MINUTES,
        extendsBookingId: stay.id,
      });
    });
  } catch (err) {
    if (isOverlapRace(err)) throw slotTaken();
    throw err;
  }
  return toBooking(row, 'guest', deps.urlOf, row.events, { provider: deps.provider.name });
}

/**
 * GET bookings/:id/extension-options: the next half-hour steps on the stay's unit, each with its price, up to
 * EXTENSION_MAX_HOURS, stopping at the first that cannot be had (and saying why).
 */
export async function extensionOptions(deps: Pick<BookingDeps, 'db' | 'fees'>, user: AuthUser, bookingId: string): Promise<ExtensionOptions> {
  const stay = await ownStay(deps.db, user, bookingId);
  const guarded = extensionGuard(stay);
  if (guarded) throw guarded;
  const listing = await bookableListing(deps.db, stay.listing_id);
  const start = new Date(stay.ends).toISOString();
  const chain = (await findStayChain(deps.db, stay.id))!;
  const steps = (EXTENSION_MAX_HOURS * 60) / EXTENSION_STEP_MINUTES;
  const checks = listing.status === 'active' ? await checkUnitSteps(deps.db, listing.id, stay.unit_id!, stay.bay, start, steps, EXTENSION_STEP_MINUTES) : [];
  const options: ExtensionOptions['options'] = [];
  let stop: ExtensionStop = listing.status === 'active' ? 'limit' : 'closed';
  for (const step of checks) {
    const end = plusMinutes(start, step.n * EXTENSION_STEP_MINUTES).toISOString();
    const price = priceExtension(listing, chain, start, end, deps.fees, kindOfStay(stay));
    const why: ExtensionStop | null = !step.open
      ? 'closed'
      : step.blacked_out
        ? 'blacked_out'
        : !step.free
          ? 'taken'
          : listing.max_duration_minutes !== null && minutesBetween(chain.stay_start, end) > listing.max_duration_minutes
            ? 'too_long'
            : !price
              ? 'not_priced'
              : null;
    if (why || !price) {
      stop = why ?? 'not_priced';
      break;
    }
    options.push({ end: toZonedIso(end, listing.time_zone), minutes: price.minutes, subtotal: price.subtotal, service_fee: price.serviceFee, total: price.total });
  }
  return { booking_id: stay.id, parking_id: listing.id, start: toZonedIso(start, listing.time_zone), time_zone: listing.time_zone, currency: listing.currency, options, stop };
}

/**
 * Once an extension is paid (in the payment's recording transaction, after its pay_instant): the stay it
 * extends records `extend`, which tells both people. A stay cancelled meanwhile leaves the extension a
 * booking of its own: its driver and host are told of it as of any confirmed booking.
 */
export async function recordExtension(tx: Queryable, deps: BookingDeps, extension: BookingRow, view: { ends: Date; total: number; price_breakdown: { lines: QuoteLine[] }; guest_name: string }) {
  const stay = await repo.findBookingRow(tx, extension.extends_booking_id!, { lock: true });
  if (!stay || !isEarning(stay.status)) {
    await tellAboutRow(tx, deps, 'confirmed', { ...extension, status: 'confirmed' });
    return;
  }
  const firstName = view.guest_name.trim().split(/\s+/)[0] ?? view.guest_name;
  const notice = { id: extension.id, end: view.ends, total: view.total, lines: view.price_breakdown.lines, guest_name: firstName };
  await transition(tx, deps, stay, 'extend', { role: 'guest', id: extension.guest_id }, { input: { extension: notice } });
}
