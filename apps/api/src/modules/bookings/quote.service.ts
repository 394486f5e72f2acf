/**
 * The server's price for a stay and whether it can be booked. The web app only ever shows this;
 * POST bookings prices again with the same function and freezes the result on the booking.
 */
import { MAX_BOOKING_LEAD_DAYS, type Quote, type QuoteLine, type UnavailableReason } from '@parkly/shared/bookings';
import { cheapestPlan, percentOf, RATE_KEYS, ratesFor, vehicleKindOf, type VehicleKind } from '@parkly/shared/pricing';
import { addZonedMonths, formatStayLength, minutesBetween, toZonedIso } from '@parkly/shared/time';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { usablePromoCode, withDiscount } from '../promo-codes/promo-codes.service';
import { checkWindow, findBookableListing, PASS_WINDOW_END, type BookableListing, type PriceBreakdown, type WindowCheck } from './bookings.repository';

/** A start this far in the past still counts as now (the time it takes to fill in the form). */
export const PAST_GRACE_MS = 5 * 60_000;

export interface Fees {
  guestFeePercent: number;
  hostCommissionPercent: number;
}

/** A quote's answer (GET parkings/:id/quote) from a price and the reason it cannot be booked, if any. */
export function buildQuote(
  listing: Pick<BookableListing, 'id' | 'time_zone' | 'currency' | 'instant_book' | 'cancellation_policy'>,
  start: string,
  end: string,
  price: { lines: QuoteLine[]; subtotal: number; serviceFee: number; total: number } | null,
  unavailable: { reason: UnavailableReason; message?: string } | undefined,
  over: Partial<Pick<Quote, 'instant_book'>> = {},
): Quote {
  return {
    parking_id: listing.id,
    available: unavailable === undefined,
    ...unavailable,
    start: toZonedIso(start, listing.time_zone),
    end: toZonedIso(end, listing.time_zone),
    minutes: minutesBetween(start, end),
    time_zone: listing.time_zone,
    lines: price?.lines ?? [],
    subtotal: price?.subtotal ?? 0,
    service_fee: price?.serviceFee ?? 0,
    discount: 0,
    promo_code: null,
    total: price?.total ?? 0,
    currency: listing.currency,
    instant_book: listing.instant_book,
    cancellation_policy: listing.cancellation_policy,
    ...over,
  };
}

/**
 * A quote's money as a booking (or a pass's period) freezes it: the host's commission worked out here, and the
 * breakdown the receipt and invoices read later.
 */
export function frozenPrice(q: Quote, fees: Fees) {
  return {
    currency: q.currency,
    subtotal: q.subtotal,
    serviceFee: q.service_fee,
    hostFee: percentOf(q.subtotal, fees.hostCommissionPercent),
    total: q.total,
    breakdown: {
      lines: q.lines,
      minutes: q.minutes,
      cancellation_policy: q.cancellation_policy,
      guest_fee_percent: fees.guestFeePercent,
      host_commission_percent: fees.hostCommissionPercent,
    } satisfies PriceBreakdown,
  };
}

const LINE_KINDS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
const LINE_LABELS = { hourly: 'Hourly rate', daily: 'Daily rate', weekly: 'Weekly rate', monthly: 'Monthly rate' } as const;

/**
 * The price of the stay at the listing's rates for this kind of vehicle (ratesFor: a two-wheeler pays the
 * two-wheeler rates the host set), line by line; null when no offered rate can price it.
 */
export function priceStay(listing: BookableListing, minutes: number, guestFeePercent: number, kind: VehicleKind = 'car') {
  const rates = ratesFor(listing, kind);
  const best = cheapestPlan(minutes, rates);
  if (!best) return null;
  const lines: QuoteLine[] = [];
  best.plan.forEach((n, k) => {
    if (n === 0) return;
    const rate = rates[RATE_KEYS[k]!]!;
    // a rate the two-wheeler pays below the car's says so on the line
    const label = LINE_LABELS[LINE_KINDS[k]!];
    const own = kind === 'two_wheeler' && rate !== listing[RATE_KEYS[k]!];
    lines.push({ kind: LINE_KINDS[k]!, label: own ? `Two-wheeler ${label.toLowerCase()}` : label, quantity: n, unit_amount: rate, amount: n * rate });
  });
  const subtotal = best.price;
  const serviceFee = percentOf(subtotal, guestFeePercent);
  lines.push({ kind: 'service_fee', label: `Service fee (${guestFeePercent}%)`, quantity: 1, unit_amount: serviceFee, amount: serviceFee });
  return { lines, subtotal, serviceFee, total: subtotal + serviceFee };
}

/** A monthly pass's price for one period (decision 037): the monthly rate, and the guest's service fee; null without a monthly rate. */
export function priceMonth(listing: BookableListing, guestFeePercent: number, kind: VehicleKind = 'car') {
  // a rider's pass is at the two-wheeler monthly rate where the host set one (decision 040)
  const rate = ratesFor(listing, kind).monthly_rate;
  if (!rate) return null;
  const subtotal = rate;
  const serviceFee = percentOf(subtotal, guestFeePercent);
  const lines: QuoteLine[] = [
    { kind: 'monthly', label: LINE_LABELS.monthly, quantity: 1, unit_amount: subtotal, amount: subtotal },
    { kind: 'service_fee', label: `Service fee (${guestFeePercent}%)`, quantity: 1, unit_amount: serviceFee, amount: serviceFee },
  ];
  return { lines, subtotal, serviceFee, total: subtotal + serviceFee };
}

/**
 * Period n (from 1) of a pass that starts at `start`: from start + (n-1) months to start + n months on the
 * listing's clock, each counted from the start (31 Jan, 28 Feb, 31 Mar: the day never drifts).
 */
export function passPeriod(start: string | Date, n: number, timeZone: string) {
  return { start: addZonedMonths(start, n - 1, timeZone), end: addZonedMonths(start, n, timeZone) };
}

const REASONS: Record<UnavailableReason, (l: BookableListing, minutes: number) => string> = {
  past: () => 'This time has already started. Choose a start in the future.',
  too_far_ahead: () => `Bookings can start at most ${MAX_BOOKING_LEAD_DAYS} days ahead.`,
  too_short: (l) => `This space is booked for at least ${formatStayLength(l.min_duration_minutes ?? 0)}.`,
  too_long: (l) => `This space can be booked for at most ${formatStayLength(l.max_duration_minutes ?? 0)} at a time.`,
  closed: () => 'The space is closed for part of this time. Check its opening hours.',
  blacked_out: () => 'The host has blocked part of this time.',
  taken: () => 'This space is already booked for part of this time. Try other times.',
  not_priced: (_l, minutes) => (minutes < 0 ? 'The host does not offer a monthly rate for this space.' : 'The host does not offer a rate for a stay of this length.'),
  paused: () => 'The host has paused this listing: it cannot be booked for now.',
  own_listing: () => 'This is your own listing: you cannot book it.',
};

export const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found');

/** Loads a listing that can be quoted or booked, or answers 404. */
export async function bookableListing(db: Queryable, listingId: string, opts: { lock?: boolean } = {}) {
  const listing = isUuid(listingId) ? await findBookableListing(db, listingId, opts) : undefined;
  if (!listing || !listing.host_active) throw listingNotFound();
  return listing;
}

/**
 * The quote for a window of a listing, as `viewerId` would get it: the price lines always (when the
 * stay can be priced), `available` false with the first reason that stops it.
 */
export async function quoteFor(
  db: Queryable,
  listing: BookableListing,
  start: string,
  end: string,
  viewerId: string | null,
  fees: Fees,
  now = new Date(),
  kind: VehicleKind = 'car',
): Promise<Quote> {
  return (await quoteWithUnit(db, listing, start, end, viewerId, fees, now, undefined, { kind })).quote;
}

/**
 * The quote, and the unit (and for a two-wheeler the bay) a booking of that window would take (null when
 * none is free). `checked`: the window as the caller read it already (POST bookings reads it with its other
 * checks, in one statement, for the same kind of vehicle). `kind`: a two-wheeler needs one free bay of a
 * unit and pays the two-wheeler rates; a car needs a wholly free unit.
 */
export async function quoteWithUnit(
  db: Queryable,
  listing: BookableListing,
  start: string,
  end: string,
  viewerId: string | null,
  fees: Fees,
  now = new Date(),
  checked?: WindowCheck,
  opts: { pass?: boolean; kind?: VehicleKind } = {},
) {
  // a monthly pass (decision 037): priced a month at a time, its unit held from start with no end (`end` here is
  // its first period's); the length limits and opening hours of stays do not apply to it
  const pass = opts.pass === true;
  const minutes = minutesBetween(start, end);
  const kind = opts.kind ?? 'car';
  const price = pass ? priceMonth(listing, fees.guestFeePercent, kind) : priceStay(listing, minutes, fees.guestFeePercent, kind);
  const window = checked ?? (await checkWindow(db, listing.id, start, pass ? PASS_WINDOW_END : end, { pass, kind }));
  const startMs = Date.parse(start);
  const reason: UnavailableReason | undefined =
    listing.host_id === viewerId
      ? 'own_listing'
      : listing.status !== 'active'
        ? 'paused'
        : startMs < now.getTime() - PAST_GRACE_MS
          ? 'past'
          : startMs > now.getTime() + MAX_BOOKING_LEAD_DAYS * 86_400_000
            ? 'too_far_ahead'
            : !pass && listing.min_duration_minutes !== null && minutes < listing.min_duration_minutes
              ? 'too_short'
              : !pass && listing.max_duration_minutes !== null && minutes > listing.max_duration_minutes
                ? 'too_long'
                : !price
                  ? 'not_priced'
                  : !window.open
                    ? 'closed'
                    : window.blacked_out
                      ? 'blacked_out'
                      : window.free_units === 0
                        ? 'taken'
                        : undefined;
  const quote = buildQuote(listing, start, end, price, reason && { reason, message: REASONS[reason](listing, pass ? -1 : minutes) });
  return { quote, freeUnit: window.free_unit, freeBay: kind === 'two_wheeler' ? window.free_bay : null };
}

/**
 * GET parkings/:id/quote; with `promoCode`, the code's discount (or a 400/409 on promo_code when it cannot be
 * used); with `vehicleType` motorcycle, a two-wheeler's price and a free bay (decision 040); without `end`
 * (plan=monthly), a monthly pass's first period (decision 037).
 */
export async function quote(
  db: Queryable,
  listingId: string,
  start: string,
  end: string | undefined,
  viewerId: string | null,
  fees: Fees,
  promoCode?: string,
  vehicleType?: string,
) {
  const listing = await bookableListing(db, listingId);
  const kind = vehicleKindOf(vehicleType);
  const q =
    end === undefined
      ? // plan=monthly (the schema lets `end` be absent only then): the pass's first period
        (await quoteWithUnit(db, listing, start, passPeriod(start, 1, listing.time_zone).end.toISOString(), viewerId, fees, new Date(), undefined, { pass: true, kind })).quote
      : await quoteFor(db, listing, start, end, viewerId, fees, new Date(), kind);
  if (!promoCode) return q;
  const code = await usablePromoCode(db, promoCode, { userId: viewerId, currency: listing.currency });
  return withDiscount(q, code, fees.hostCommissionPercent);
}
