/**
 * The steps paying shares with confirming a 3-D Secure payment (pay-booking.service.ts,
 * confirm-payment.service.ts): the checks of a claim, giving the booking back to 'unpaid', and
 * recording a payment that went through.
 */
import { isLapsed, isPaidFor, REQUEST_ANSWER_HOURS } from '@parkly/shared/booking-lifecycle';
import { BOOKING_LIMITS } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { countDecline } from '../payments/decline-limits';
import { decideReturn, paymentDeclined, type DeclineCode } from '../payments/payments.service';
import { tellAboutRow } from './booking-notices';
import { bookingNotFound, expireBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { changePayment, SYSTEM, transition, transitionWithView } from './lifecycle';

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

const RELEASED_REASON = `The card was declined ${BOOKING_LIMITS.declinesPerBooking} times`;

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
  await transition(tx, b, 'too_many_declines', SYSTEM, {
    changes: { payment_status: 'unpaid', payment_started_at: null, cancelled_by: 'system', cancel_reason: RELEASED_REASON },
    reason: RELEASED_REASON,
  });
  // as when a hold runs out: a 3-D Secure payment still open is cancelled, one that went through unseen is given back
  await decideReturn(tx, deps.provider, b, b.total);
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
  const holdExpiresAt = paid.capture ? null : new Date(Date.now() + REQUEST_ANSWER_HOURS * 3600_000);
  const view = await transitionWithView(tx, b, paid.capture ? 'pay_instant' : 'pay_request', { role: 'guest', id: user.id }, {
    changes: {
      payment_status: paid.capture ? 'paid' : 'authorised',
      amount_paid: paid.capture ? paid.total : 0,
      payment_method_id: paid.methodId,
      card_brand: paid.card.brand,
      card_last4: paid.card.last4,
      payment_started_at: null,
      hold_expires_at: holdExpiresAt,
    },
  });
  // the notices read the row as it now is: the locked row, with what the transition changed in it
  await tellAboutRow(tx, deps, paid.capture ? 'confirmed' : 'requested', { ...b, hold_expires_at: holdExpiresAt });
  return view;
}
