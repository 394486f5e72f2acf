/**
 * The steps paying shares with confirming a 3-D Secure payment (pay-booking.service.ts,
 * confirm-payment.service.ts): the checks of a claim, giving the booking back to 'unpaid', and
 * recording a payment that went through.
 */
import { isLapsed, isPaidFor } from '@parkly/shared/booking-lifecycle';
import { BOOKING_LIMITS } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { countDecline } from '../payments/decline-limits';
import { paymentDeclined, type DeclineCode } from '../payments/payments.service';
import { bookingNotFound, expireBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { TOO_MANY_DECLINES_REASON } from './booking-process';
import { changePayment, SYSTEM, transition, transitionWithView } from './lifecycle';
import { recordExtension } from './extensions.service';

/** A payment marked 'processing' longer than this is taken to have died with its process. */
export const STALE_PAYMENT_MS = 2 * 60_000;

export const holdRanOut = () => new AppError('CONFLICT', 'The 15 minutes to pay for this booking have run out, and the space was released. Please book again.');

export type LockedBooking = NonNullable<Awaited<ReturnType<typeof repo.findBookingRow>>>;

export const isPaid = (b: LockedBooking) => isPaidFor(b.status);

/** The guest's booking, locked (someone else's answers like an unknown one). */
export async function lockOwnBooking(tx: Queryable, user: AuthUser, bookingId: string): Promise<LockedBooking> {
  const b = isUuid(bookingId) ? await repo.findBookingRow(tx, bookingId, { lock: true }) : undefined;
  if (!b || b.guest_id !== user.id) throw bookingNotFound();
  return b;
}

/**
 * Checks a locked booking can take a payment now: awaiting payment, no payment under way. Answers false
 * when its hold has run out (it is expired here: the caller commits, then says so).
 */
export async function checkPayable(tx: Queryable, deps: BookingDeps, b: LockedBooking) {
  if (isPaid(b)) throw new AppError('CONFLICT', 'This booking is already paid.');
  if (b.status !== 'pending_payment') throw new AppError('CONFLICT', 'This booking is no longer awaiting payment.');
  const processing = b.payment_status === 'processing' && b.payment_started_at && Date.now() - new Date(b.payment_started_at).getTime() < STALE_PAYMENT_MS;
  if (processing) throw new AppError('CONFLICT', 'A payment for this booking is already under way.');
  if (isLapsed(b)) {
    await expireBooking(tx, deps, b.id);
    return false;
  }
  return true;
}

/** Gives the booking back to 'unpaid' after a decline or an outage: still held, ready for another card. */
export async function release(deps: BookingDeps, bookingId: string, attempt: number) {
  await deps.db.transaction(async (tx) => {
    const b = await repo.findBookingRow(tx, bookingId, { lock: true });
    if (b && b.payment_status === 'processing' && b.payment_attempt === attempt) {
      await changePayment(tx, b, 'unpaid', { payment_started_at: null });
    }
  });
}

const RELEASED_REASON = TOO_MANY_DECLINES_REASON(BOOKING_LIMITS.declinesPerBooking);

export const holdReleased = () =>
  new AppError(
    'TOO_MANY_DECLINES',
    `Your card was declined. After ${BOOKING_LIMITS.declinesPerBooking} declined payments we have released this space, and nothing was charged. You can book it again, with another card.`,
  );

/**
 * Counts a declined payment (in the recording transaction, the booking locked): for its payer's hourly cap,
 * and for the booking, whose last allowed decline releases the hold through the lifecycle, quietly (a hold
 * dropped before payment tells nobody). Answers the error to give, and whether money is to go back (a
 * payment still waiting on its payer, let go with the hold).
 */
export async function countDeclined(tx: Queryable, deps: BookingDeps, b: LockedBooking, payerId: string, code: DeclineCode) {
  await countDecline(tx, payerId, deps.limits);
  const declined = await repo.countDeclinedPayment(tx, b.id);
  if (declined < BOOKING_LIMITS.declinesPerBooking || b.status !== 'pending_payment') return { error: paymentDeclined(code), released: false };
  // as when a hold runs out: a 3-D Secure payment still open is cancelled, one that went through unseen is given back
  await transition(tx, deps, b, 'too_many_declines', SYSTEM, { input: { reason: RELEASED_REASON } });
  return { error: holdReleased(), released: true };
}

/**
 * Confirms (instant book) or requests (the host answers) a booking whose payment went through; answers
 * the booking's view with its history as it now is (read by the status change's statement).
 */
export async function markPaid(
  tx: Queryable,
  deps: BookingDeps,
  b: LockedBooking,
  user: AuthUser,
  paid: { capture: boolean; total: number; methodId: string | null; card: { brand: string; last4: string } },
) {
  const input = { paid: { total: paid.total, methodId: paid.methodId, card: paid.card } };
  const view = await transitionWithView(tx, deps, b, paid.capture ? 'pay_instant' : 'pay_request', { role: 'guest', id: user.id }, { input });
  // more time (decision 039): the stay it extends records it, in the same transaction
  if (b.extends_booking_id) await recordExtension(tx, deps, b, view);
  return view;
}
