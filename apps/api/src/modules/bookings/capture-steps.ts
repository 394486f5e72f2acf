/**
 * Request to book: the booking is paid, confirmed and its host credited only when the capture succeeds
 * (docs/decisions/011-capture-before-credit.md).
 * 1. accept: in the host's transaction, the capture is decided (a pending line, its key `<booking>:capture`)
 *    and the booking waits on it (payment_status 'capturing', still 'requested', holding its unit, off the
 *    24-hour clock); nothing is credited and nobody is told yet;
 * 2. the capture is carried out after the commit (settlePending), by the request itself and then by the
 *    lifecycle job on every instance, with backoff;
 * 3. its outcome is recorded with the booking's side, in one transaction, by whoever learns it first (the
 *    settling worker, or the Stripe webhook): succeeded -> 'accept' in the accepter's name, confirmed, paid,
 *    credited (the ledger hook), the driver told; refused, or still failing after every retry -> cancelled
 *    through the lifecycle, the authorisation released, nothing credited, both people told.
 */
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { decideCapture, settlePending, type CaptureOutcomes } from '../payments/payments.service';
import { publishBookingChange } from '../realtime/publish';
import type { BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { allowedTo, changePayment, SYSTEM, transition, type Actor } from './lifecycle';

/** The booking waits on its capture (the host accepted; the money is being taken). */
export const isCapturing = (b: { status: string; payment_status: string }) => b.status === 'requested' && b.payment_status === 'capturing';

/**
 * The host (or an admin) accepts a locked request: the capture is decided and the booking waits on it. A
 * capture Stripe has already done (the webhook said so) is recorded at once.
 */
export async function beginCapture(tx: Queryable, deps: BookingDeps, b: repo.BookingRow, actor: Actor) {
  if (isCapturing(b)) throw new AppError('CONFLICT', 'This request is accepted already: the payment is being taken from the driver’s card.');
  allowedTo(b, 'accept', actor);
  const capture = await decideCapture(tx, deps.provider, b);
  if (!capture) throw new AppError('CONFLICT', 'This request has no authorised payment to take. Decline it instead.');
  await changePayment(tx, b, 'capturing', { hold_expires_at: null, accepted_at: new Date(), accepted_by: actor.id });
  // both screens show "Accepted: taking payment" at once
  await publishBookingChange(tx, b.id, b.status);
  if (capture.status === 'succeeded') await captureSucceeded(tx, deps, b.id);
}

/** The capture went through: the request is accepted in its accepter's name, paid, and its driver told. */
async function captureSucceeded(tx: Queryable, deps: BookingDeps, bookingId: string) {
  const b = await repo.findBookingRow(tx, bookingId, { lock: true });
  if (!b || !isCapturing(b)) return;
  const by = await repo.findAccepter(tx, bookingId);
  const actor: Actor = { role: by && by !== b.host_id ? 'admin' : 'host', id: by };
  await transition(tx, deps, b, 'accept', actor);
}

/** The capture failed for good: the booking is cancelled, the authorisation released, nothing credited, both told. */
async function captureFailed(tx: Queryable, deps: BookingDeps, bookingId: string) {
  const b = await repo.findBookingRow(tx, bookingId, { lock: true });
  if (!b || !isCapturing(b)) return;
  // the capture line is failed by now: what is given back is the authorisation, in full
  await transition(tx, deps, b, 'capture_failed', SYSTEM);
}

/**
 * The bookings' side of capture outcomes, for settlePending and the Stripe webhook: `failed` collects the
 * bookings whose release was decided (to carry out next).
 */
export function captureOutcomes(deps: BookingDeps, failed: Set<string> = new Set()): CaptureOutcomes {
  return {
    captured: (tx, bookingId) => captureSucceeded(tx, deps, bookingId),
    failed: async (tx, bookingId) => {
      await captureFailed(tx, deps, bookingId);
      failed.add(bookingId);
    },
  };
}

/**
 * Carries out pending captures, refunds and releases (of one booking, or any that are due), recording what
 * each capture means for its booking; a release decided by a failed capture goes out straight after.
 */
export async function settleMoney(deps: BookingDeps, bookingId?: string) {
  const failed = new Set<string>();
  const outcomes = captureOutcomes(deps, failed);
  let settled = await settlePending(deps.db, deps.provider, outcomes, { bookingId });
  for (const id of failed) settled += await settlePending(deps.db, deps.provider, outcomes, { bookingId: id });
  return settled;
}
