/**
 * The one `transition`: runs an event of the booking process (booking-process.ts) in the caller's
 * transaction, the booking row locked. In order: the event's guard; the status table
 * (packages/shared/src/booking-lifecycle.ts; a 409 that names the status); the payment step's decision
 * (a pending line, carried out after the commit); the row with its status, payment status (checked against
 * PAYMENT_STATUS_CHANGES) and other columns, its booking_events line (who, from, to, when, why) and the
 * realtime events to its guest and host, in one statement (a confirmation's earning in the host ledger too);
 * the host ledger's entry; the notices; last, the GST documents (invoices on confirming, credit notes on a refund). An admin's refund runs the same steps and leaves the status alone.
 */
import { canChangePayment, nextStatus, type BookingActor, type BookingEvent, type PaymentStatus } from '@parkly/shared/booking-lifecycle';
import { BOOKING_STATUS_LABELS } from '@parkly/shared/booking-lifecycle';
import type { BookingStatus } from '@parkly/shared/catalog';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordLedgerStep } from '../earnings/host-ledger';
import { findReversalNet } from '../earnings/host-ledger.repository';
import { issueForStep, type GstSettings } from '../invoices/booking-invoices';
import { notify } from '../notifications/notify';
import type { PaymentProvider } from '../payments/payments.service';
import { publishBookingChange } from '../realtime/publish';
import { refundNotices } from './refund-notices';
import { tellAboutRow } from './booking-notices';
import { BOOKING_PROCESS, type EventInput, type ProcessBooking, type ProcessEvent } from './booking-process';
import { findBookingRow, findBookingViewWithEvents, updateBooking, updateBookingStatus, type BookingChanges, type BookingRow } from './bookings.repository';
import { runPassStep } from './pass-steps';

export interface Actor {
  role: BookingActor;
  id: string | null;
}

export const SYSTEM: Actor = { role: 'system', id: null };

/** What an event needs of the app: the provider its payment step decides for, the address its notices link to. */
export interface ProcessDeps {
  provider: PaymentProvider;
  publicUrl: string;
  /** what the GST documents need: the rate, Parkly's GSTIN and state (config.gst) */
  gst: GstSettings;
}

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
function checkPayment(from: PaymentStatus | undefined, to: PaymentStatus | undefined) {
  if (from === undefined || to === undefined) return;
  if (!canChangePayment(from, to)) throw new Error(`payment_status cannot change from ${from} to ${to}`);
}

/**
 * Changes a booking's payment status while its status stays (a payment claimed or given back, a capture begun),
 * checked against the money's table, with `changes` to the row's other columns.
 */
export async function changePayment(tx: Queryable, booking: { id: string; payment_status: PaymentStatus }, to: PaymentStatus, changes: BookingChanges = {}) {
  checkPayment(booking.payment_status, to);
  await updateBooking(tx, booking.id, { payment_status: to, ...changes });
  booking.payment_status = to;
}

/** What a credit note says it is for. */
const creditReason = (event: ProcessEvent, by: BookingActor, reason: string | null | undefined) =>
  event === 'refund' ? `Refund${reason ? `: ${reason}` : ''}` : `Refund on cancellation by the ${by === 'guest' ? 'driver' : by}`;

type Options = { input?: EventInput };

/**
 * Runs `event` on the locked booking (see the top of this file); answers the status it is in now, and what its
 * payment step decided (an admin refund's payment line).
 */
export async function transition(tx: Queryable, deps: ProcessDeps, booking: ProcessBooking, event: ProcessEvent, actor: Actor, opts: Options = {}) {
  const { decided } = await run(tx, deps, booking, event, actor, opts, false);
  return { status: booking.status, decided: decided ?? null };
}

/** transition, answering the booking's view with its history as it now is (read in the status change's statement). */
export async function transitionWithView(tx: Queryable, deps: ProcessDeps, booking: ProcessBooking, event: BookingEvent, actor: Actor, opts: Options = {}) {
  return (await run(tx, deps, booking, event, actor, opts, true)).row!;
}

async function run(tx: Queryable, deps: ProcessDeps, b: ProcessBooking, event: ProcessEvent, actor: Actor, opts: Options, view: boolean) {
  const d = BOOKING_PROCESS[event];
  const input = opts.input ?? {};
  const guarded = d.guard?.(b, input);
  if (guarded) throw guarded;
  const from = b.status;
  if (d.by && !d.by.includes(actor.role)) throw new Error(`${actor.role} cannot fire ${event}`);
  const to = d.keepsStatus ? from : allowedTo(b, event as BookingEvent, actor);
  const plan = d.plan(b, { ...input, by: actor.role });
  checkPayment(b.payment_status, plan.payment);
  // the payment step, decided (a pending line with its key); the provider is asked after the commit
  const decided = d.decide ? await d.decide(tx, deps, b, plan, input) : undefined;
  const changes: BookingChanges = { ...(plan.payment !== undefined && { payment_status: plan.payment }), ...plan.changes };
  const ledger = d.ledger(from);
  let row;
  if (event === 'refund') {
    await updateBooking(tx, b.id, changes);
  } else {
    // the row, its booking_events line and the realtime events to its guest and host in one statement; a
    // confirmation's earning in the host ledger too (folded in: decision 022); a check-in or check-out, or an
    // extension's 'extend' on the stay it extends, keeps its status and is recorded the same way
    row = await updateBookingStatus(
      tx,
      changes,
      { bookingId: b.id, event, from, to, role: actor.role, actorId: actor.id, reason: d.reason?.(b, input) ?? null },
      { earning: ledger === 'earning', view },
    );
  }
  // a monthly pass's periods, and its `during` following its end (decision 037)
  if (d.pass) {
    await runPassStep(tx, d.pass, b, plan, input);
    // the answer shows the pass's periods as the step left them (read again: passes only)
    if (view && row?.plan === 'monthly') row = { ...row, ...(await findBookingViewWithEvents(tx, b.id))! };
  }
  if (ledger && ledger !== 'earning') {
    const refund = event === 'refund' ? plan.refund : (plan.changes?.refund_amount as number | null | undefined);
    await recordLedgerStep(tx, ledger, { bookingId: b.id, refund, ...(decided && { key: `refund:${decided}` }), ...(input.renewal && { period: input.renewal.n }) });
  }
  const told = d.notices(b, actor.role);
  b.status = to;
  if (plan.payment !== undefined) b.payment_status = plan.payment;
  if (told === 'refunded') {
    const full = (await findBookingRow(tx, b.id))!;
    const hostShare = await findReversalNet(tx, `refund:${decided}`);
    await notify(tx, refundNotices(full, { amount: plan.refund ?? 0, hostShare, reason: input.reason ?? '' }, deps.publicUrl));
  } else if (told) {
    // the notices read the row as it now is: the locked row, with what the event changed in it
    await tellAboutRow(tx, deps, told, { ...(b as BookingRow), ...(changes as Partial<BookingRow>) }, { refund: plan.refund, reason: input.reason, extension: input.extension });
  }
  // a change that keeps the status: the guest's and host's booking screens read it again
  if (event === 'refund') await publishBookingChange(tx, b.id, b.status);
  // the GST documents: a confirmation's invoices, a refund's credit notes (decision 031), numbered in this
  // transaction; last, so the series' rows stay locked only until the commit that follows (decision 025)
  const documents = d.documents?.(from) ?? null;
  // a cancellation that gives nothing back credits nothing: no statement
  if (documents === 'invoices' || (documents === 'credit_notes' && (plan.refund ?? 0) > 0)) {
    const refunded = plan.changes?.refund_amount as number | null | undefined;
    await issueForStep(tx, deps.gst, documents, b.id, { refunded, reason: creditReason(event, actor.role, input.reason), ...(input.renewal && { period: input.renewal.n }) });
  }
  return { row, decided: decided || null };
}
