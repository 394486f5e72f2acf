/**
 * The only way a booking's status changes: the event is checked against the transition table
 * (packages/shared/src/booking-lifecycle.ts), the row is updated, and the change is recorded in
 * booking_events (who, from, to, when, why). Callers hold the booking row locked.
 */
import { canChangePayment, nextStatus, type BookingActor, type BookingEvent, type PaymentStatus } from '@parkly/shared/booking-lifecycle';
import { BOOKING_STATUS_LABELS } from '@parkly/shared/booking-lifecycle';
import type { BookingStatus } from '@parkly/shared/catalog';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordBookingTransition } from '../earnings/host-ledger';
import { updateBooking, updateBookingStatus, type BookingChanges } from './bookings.repository';

export interface Actor {
  role: BookingActor;
  id: string | null;
}

export const SYSTEM: Actor = { role: 'system', id: null };

const WHAT: Record<BookingEvent, string> = {
  pay_instant: 'paid for',
  pay_request: 'paid for',
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  too_many_declines: 'released',
  capture_failed: 'cancelled',
  expire: 'expired',
  complete: 'completed',
};

/** The status `event` moves the booking to; a change the table does not allow is a 409 that names the status. */
export function allowedTo(booking: { status: BookingStatus }, event: BookingEvent, actor: Actor): BookingStatus {
  const to = nextStatus(booking.status, event, actor.role);
  if (!to) {
    throw new AppError('CONFLICT', `This booking cannot be ${WHAT[event]} now: it is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}.`);
  }
  return to;
}

/** A change of payment_status the money's table (PAYMENT_STATUS_CHANGES) does not allow is a bug, never the caller's input. */
function checkPayment(from: PaymentStatus | undefined, to: unknown) {
  if (from === undefined || to === undefined) return;
  if (!canChangePayment(from, to as PaymentStatus)) throw new Error(`payment_status cannot change from ${from} to ${String(to)}`);
}

/**
 * Changes a booking's payment status while its status stays (a payment claimed or given back, a capture begun,
 * an admin's refund), checked against the money's table, with `changes` to the row's other columns.
 */
export async function changePayment(tx: Queryable, booking: { id: string; payment_status: PaymentStatus }, to: PaymentStatus, changes: BookingChanges = {}) {
  checkPayment(booking.payment_status, to);
  await updateBooking(tx, booking.id, { payment_status: to, ...changes });
  booking.payment_status = to;
}

/** Moves a booking on by `event` (allowedTo's 409 when the table does not allow it). */
export async function transition(
  tx: Queryable,
  booking: { id: string; status: BookingStatus; payment_status?: PaymentStatus },
  event: BookingEvent,
  actor: Actor,
  opts: { changes?: BookingChanges; reason?: string | null } = {},
): Promise<BookingStatus> {
  await move(tx, booking, event, actor, opts, false);
  return booking.status;
}

/** transition, answering the booking's view with its history as it now is (read in the same statement). */
export async function transitionWithView(
  tx: Queryable,
  booking: { id: string; status: BookingStatus; payment_status?: PaymentStatus },
  event: BookingEvent,
  actor: Actor,
  opts: { changes?: BookingChanges; reason?: string | null } = {},
) {
  return (await move(tx, booking, event, actor, opts, true))!;
}

async function move(tx: Queryable, booking: { id: string; status: BookingStatus; payment_status?: PaymentStatus }, event: BookingEvent, actor: Actor, opts: { changes?: BookingChanges; reason?: string | null }, view: boolean) {
  const to = allowedTo(booking, event, actor);
  checkPayment(booking.payment_status, opts.changes?.payment_status);
  // the row, its booking_events line and the realtime events to its guest and host in one statement; a
  // confirmation's earning in the host ledger too (recordBookingTransition's, folded in)
  const earning = to === 'confirmed';
  const row = await updateBookingStatus(
    tx,
    opts.changes ?? {},
    { bookingId: booking.id, event, from: booking.status, to, role: actor.role, actorId: actor.id, reason: opts.reason ?? null },
    { earning, view },
  );
  // the host ledger follows every other change (refunds, clearing), in this transaction
  if (!earning) await recordBookingTransition(tx, { bookingId: booking.id, from: booking.status, to, refund: opts.changes?.refund_amount as number | null | undefined });
  booking.status = to;
  return row;
}
