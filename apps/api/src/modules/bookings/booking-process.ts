/**
 * The booking process, read in one place (docs/architecture.md draws it; decision 028). Each event declares
 * who may fire it and from and to which status (the shared table, BOOKING_TRANSITIONS in
 * packages/shared/src/booking-lifecycle.ts), its guard (the checks besides the table, with their answers),
 * what it writes (its payment status, checked against PAYMENT_STATUS_CHANGES, and other columns), its
 * payment step and the step that undoes it, its host-ledger entry and its notices. `transition`
 * (lifecycle.ts) runs one declaration in the caller's transaction, in this order: guard, table, payment
 * step decided, row + booking_events + realtime (+ a confirmation's earning, in the same statement),
 * ledger, notices, GST documents (last: decision 031). The checks made before the transaction's event (a payment's claim: checkPayable; the
 * host's accept: beginCapture) stay with those steps.
 *
 * No provider call is ever made inside the transaction (decisions 003, 011): a payment step here only
 * decides (a pending ledger line with its idempotency key), and the provider is asked after the commit
 * (settleMoney); a charge or an authorisation is made before the transaction that records it
 * (pay-booking.service.ts, confirm-payment.service.ts), and a capture between the host's accept and the
 * `accept` event (capture-steps.ts).
 */
import {
  BOOKING_STATUS_LABELS,
  isEarning,
  REQUEST_ANSWER_HOURS,
  type BookingActor,
  type BookingEvent,
  type ExtensionEvent,
  type GateEvent,
  type PassEvent,
  type PaymentStatus,
} from '@parkly/shared/booking-lifecycle';
import { EARLY_CHECK_IN_MINUTES } from '@parkly/shared/gate-pass';
import { formatDateTime, formatTime, zonedParts, zoneOr } from '@parkly/shared/time';
import { RENEWAL_ATTEMPTS } from '@parkly/shared/pass-dates';
import { noticeEndsAt, notAPass, type PassStep } from './pass-steps';
import type { BookingStatus } from '@parkly/shared/catalog';
import type { RefundPreview } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { decideRefund, decideReturn, type PaymentProvider } from '../payments/payments.service';
import type { LedgerStep } from '../earnings/host-ledger';
import type { DocumentStep } from '../invoices/booking-invoices';
import { bookingReference, type ExtensionNotice, type NoticeKind } from './booking-notices';
import type { BookingChanges, BookingRow } from './bookings.repository';

/**
 * The events of the process: the status table's, and those that leave the status alone: an admin's refund
 * (decision 009), the gate's check-in and check-out (decision 034) and a monthly pass's renewals and notice
 * (decision 037).
 */
export type ProcessEvent = BookingEvent | 'refund' | GateEvent | ExtensionEvent | PassEvent;

/** A booking as an event reads it: the locked row (the clock's completion has only its id and status). */
export type ProcessBooking = Pick<BookingRow, 'id' | 'status'> & Partial<BookingRow> & { refund_amount?: number | null };

/** What the caller brings to an event besides the booking and who fires it. */
export interface EventInput {
  /** who fires it (transition fills it in) */
  by?: BookingActor;
  /** the person's or the system's words, kept in booking_events (and shown in the notices) */
  reason?: string | null;
  /** pay_instant, pay_request: what was paid, and with which card */
  paid?: { total: number; methodId: string | null; card: { brand: string; last4: string } };
  /** cancel: the policy's refund for this viewer now (refundPreview), and what an admin refunded before */
  preview?: RefundPreview | null;
  earlier?: number;
  /** refund: how much, of which payment, under which idempotency key */
  refund?: { amount: number; paid: { provider_ref: string; amount: number }; key: string };
  /** check_in, check_out: when it happened (now, or the time an action queued offline at the gate was taken); give_notice: now */
  at?: Date;
  /**
   * check_in, check_out: what the gate checks the pass against when it is more than this booking's own times
   * (decision 044): a stay's whole run with its extensions, a monthly pass until its last renewal try
   */
  window?: { starts: Date; ends: Date; status: BookingStatus };
  /** extend: the paid extension (decision 039) */
  extension?: ExtensionNotice;
  /** renew, renewal_failed, renewal_lapsed: the period tried, its end, the attempts made, the payment line and the next try */
  renewal?: { n: number; end: Date; attempts: number; paymentId?: string | null; nextAttemptAt?: Date | null; at: Date };
}

/** What the event writes on the row beside its status, and what its other steps need of the plan. */
export interface Plan {
  payment?: PaymentStatus;
  changes?: BookingChanges;
  /** money going back to the driver now (cancel: the policy's refund; refund: the admin's amount) */
  refund?: number;
}


interface Deps {
  provider: PaymentProvider;
}

export interface Declaration {
  /** who fires it, from and to: for the status table's events, BOOKING_TRANSITIONS says; the others keep the status */
  by?: readonly BookingActor[];
  /** an event outside the status table: the status stays (a refund, a check-in or check-out); the guard says from which */
  keepsStatus?: true;
  /** the checks besides the table, in order, each with its answer (a 409 that says what is happening) */
  guard?: (b: ProcessBooking, input: EventInput) => AppError | null;
  /** its payment status and the other columns it writes */
  plan: (b: ProcessBooking, input: EventInput) => Plan;
  /** the reason kept in booking_events */
  reason?: (b: ProcessBooking, input: EventInput) => string | null;
  /** the payment step (decided in the transaction, done after the commit) and the step that undoes it, in words */
  payment: { step: string; undo: string };
  /** the payment step's decision, in the transaction; answers what the ledger needs of it (a refund's payment id) */
  decide?: (tx: Queryable, deps: Deps, b: ProcessBooking, plan: Plan, input: EventInput) => Promise<string | null | void>;
  /** the host ledger's entry, by the status it leaves */
  ledger: (from: BookingStatus) => LedgerStep;
  /** the GST documents it issues, last before the commit (decision 031): the invoices on confirming, credit notes on a refund */
  documents?: (from: BookingStatus) => DocumentStep;
  /** a monthly pass's own step (pass-steps.ts): its periods, and its `during` following its end (decision 037) */
  pass?: PassStep;
  /** who is told, and what: a notice kind of booking-notices.ts ('refunded': refund-notices.ts), or nobody */
  notices: (b: ProcessBooking, actor: BookingActor) => NoticeKind | 'refunded' | null;
}

const capturing = (b: ProcessBooking) => b.status === 'requested' && b.payment_status === 'capturing';
const alreadyAccepted = () => new AppError('CONFLICT', 'This request is accepted already: the payment is being taken from the driver’s card.');

export const CAPTURE_FAILED_REASON = "The driver's card could not be charged when the request was accepted";
export const TOO_MANY_DECLINES_REASON = (n: number) => `The card was declined ${n} times`;

/** The refund a cancellation gives now: the policy's, up to what an admin has not refunded already (decision 009). */
const cancelRefund = (b: ProcessBooking, input: EventInput) =>
  b.status === 'confirmed' ? Math.min(input.preview?.amount ?? 0, Math.max(0, (b.amount_paid ?? 0) - (input.earlier ?? 0))) : 0;

/** After a refund of `refunded` in all: 'refunded' once everything paid went back, else 'partially_refunded'. */
const refundedStatus = (b: ProcessBooking, refunded: number): PaymentStatus => (refunded >= (b.amount_paid ?? 0) ? 'refunded' : 'partially_refunded');

const none = () => null;

/** A pass's times in its guard's answers: '10:02 am' on the listing's clock, or with the day when it is not today's. */
const passTime = (at: Date, b: ProcessBooking, now: Date) => {
  const tz = zoneOr(b.time_zone);
  return zonedParts(at, tz).date === zonedParts(now, tz).date ? formatTime(at, tz) : formatDateTime(at, tz);
};

/**
 * The gate's check-in: a confirmed booking, not checked in yet, from EARLY_CHECK_IN_MINUTES before its start until
 * its end (the pass's window when the gate gives one: a stay with its extensions, a pass being renewed).
 */
function checkInGuard(b: ProcessBooking, { at = new Date(), window }: EventInput): AppError | null {
  const w = window ?? { starts: b.starts!, ends: b.ends!, status: b.status };
  if (w.status !== 'confirmed') return new AppError('CONFLICT', `This pass cannot be checked in: the booking is ${BOOKING_STATUS_LABELS[w.status].toLowerCase()}.`);
  if (b.checked_in_at) return new AppError('CONFLICT', `Already checked in at ${passTime(new Date(b.checked_in_at), b, at)}.`);
  const opens = new Date(new Date(w.starts).getTime() - EARLY_CHECK_IN_MINUTES * 60_000);
  if (at < opens) return new AppError('CONFLICT', `Too early: this pass is valid from ${passTime(new Date(w.starts), b, at)}. Check-in opens ${EARLY_CHECK_IN_MINUTES} minutes before.`);
  if (at >= new Date(w.ends)) return new AppError('CONFLICT', `This pass ended at ${passTime(new Date(w.ends), b, at)}: it cannot be checked in.`);
  return null;
}

/** The gate's check-out: checked in and not out yet (a stay that has ended, and completed, checks out too). */
function checkOutGuard(b: ProcessBooking, { at = new Date(), window }: EventInput): AppError | null {
  const status = window?.status ?? b.status;
  if (!b.checked_in_at) return new AppError('CONFLICT', 'This pass is not checked in yet: check it in first.');
  if (b.checked_out_at) return new AppError('CONFLICT', `Already checked out at ${passTime(new Date(b.checked_out_at), b, at)}.`);
  if (status !== 'confirmed' && status !== 'completed') return new AppError('CONFLICT', `This pass cannot be checked out: the booking is ${BOOKING_STATUS_LABELS[status].toLowerCase()}.`);
  return null;
}

/** The process. */
export const BOOKING_PROCESS: Record<ProcessEvent, Declaration> = {
  /** instant book: the card was charged (before this transaction); confirmed, the host credited */
  pay_instant: {
    plan: (_b, { paid }) => ({
      payment: 'paid',
      changes: { amount_paid: paid!.total, payment_method_id: paid!.methodId, card_brand: paid!.card.brand, card_last4: paid!.card.last4, payment_started_at: null, hold_expires_at: null },
    }),
    payment: { step: 'charge the card (before the recording transaction, key <booking>:pay:<attempt>)', undo: 'refund in full when the booking ended meanwhile' },
    ledger: () => 'earning',
    documents: () => 'invoices',
    pass: 'first_paid',
    // an extension's driver and host are told by the stay's 'extend' event, written next (decision 039)
    notices: (b) => (b.extends_booking_id ? null : 'confirmed'),
  },
  /** request to book: the card was authorised; the host has REQUEST_ANSWER_HOURS to answer (set by the caller) */
  pay_request: {
    plan: (_b, { paid }) => ({
      payment: 'authorised',
      changes: {
        amount_paid: 0,
        payment_method_id: paid!.methodId,
        card_brand: paid!.card.brand,
        card_last4: paid!.card.last4,
        payment_started_at: null,
        hold_expires_at: new Date(Date.now() + REQUEST_ANSWER_HOURS * 3600_000),
      },
    }),
    payment: { step: 'authorise the card (before the recording transaction)', undo: 'release the authorisation (decline, expire, cancel, capture_failed)' },
    ledger: none,
    notices: () => 'requested',
  },
  /** the request's capture went through (decision 011): recorded in the accepter's name */
  accept: {
    plan: (b) => ({ payment: 'paid', changes: { amount_paid: b.total } }),
    payment: { step: 'capture the authorisation (decided on the accept: beginCapture, payment capturing)', undo: 'capture_failed releases the authorisation' },
    ledger: () => 'earning',
    documents: () => 'invoices',
    pass: 'first_paid',
    notices: () => 'accepted',
  },
  /** the capture of an accepted request failed for good */
  capture_failed: {
    plan: () => ({ payment: 'released', changes: { cancelled_by: 'system', cancel_reason: CAPTURE_FAILED_REASON } }),
    reason: () => CAPTURE_FAILED_REASON,
    payment: { step: 'release the authorisation in full (the capture line has failed)', undo: '-' },
    decide: (tx, deps, b) => decideReturn(tx, deps.provider, b as BookingRow, 0),
    ledger: none,
    notices: () => 'capture_failed',
  },
  decline: {
    guard: (b) => (capturing(b) ? alreadyAccepted() : null),
    plan: (_b, { reason }) => ({ payment: 'released', changes: { decline_reason: reason ?? null } }),
    reason: (_b, { reason }) => reason ?? null,
    payment: { step: 'release the authorisation', undo: '-' },
    decide: (tx, deps, b) => decideReturn(tx, deps.provider, b as BookingRow, 0),
    ledger: none,
    notices: () => 'declined',
  },
  /** by the driver (the policy's refund), the host or an admin (a full refund); a hold dropped by its driver tells nobody */
  cancel: {
    guard: (b, { preview }) => {
      if (b.plan === 'monthly' && b.status === 'confirmed' && b.starts && new Date(b.starts) <= new Date()) {
        return new AppError('CONFLICT', 'This monthly pass has started: it ends with notice, not a cancellation. Give notice instead (POST bookings/:id/notice).');
      }
      if (capturing(b)) return new AppError('CONFLICT', 'The host has accepted this booking and the payment is under way. Try again in a moment.');
      if (!preview) {
        const why = b.status === 'confirmed' ? 'It has already started, so it can no longer be cancelled.' : '';
        return new AppError('CONFLICT', `This booking cannot be cancelled now. ${why}`.trim());
      }
      if (b.payment_status === 'processing') return new AppError('CONFLICT', 'A payment for this booking is under way. Try again in a moment.');
      return null;
    },
    plan: (b, input) => {
      const refund = cancelRefund(b, input);
      const refunded = (input.earlier ?? 0) + refund;
      const confirmed = b.status === 'confirmed';
      const payment = b.status === 'requested' ? 'released' : !confirmed || refunded === 0 ? b.payment_status : refundedStatus(b, refunded);
      return { payment, refund, changes: { refund_amount: confirmed ? refunded : null, cancelled_by: input.by, cancel_reason: input.reason ?? null } };
    },
    reason: (_b, { reason }) => reason ?? null,
    payment: {
      step: "refund by the policy (confirmed), release the authorisation (requested), let an open 3-D Secure payment go (hold)",
      undo: '-',
    },
    decide: (tx, deps, b, plan) => decideReturn(tx, deps.provider, b as BookingRow, plan.refund ?? 0),
    ledger: (from) => (from === 'confirmed' ? 'reverse_and_clear' : null),
    documents: (from) => (from === 'confirmed' ? 'credit_notes' : null),
    pass: 'cancelled',
    notices: (b, actor) => (b.status === 'pending_payment' && actor === 'guest' ? null : actor === 'guest' ? 'cancelled_by_guest' : 'cancelled_by_host'),
  },
  /** the last allowed declined payment lets the hold go, quietly (decision 012) */
  too_many_declines: {
    plan: (_b, { reason }) => ({ payment: 'unpaid', changes: { payment_started_at: null, cancelled_by: 'system', cancel_reason: reason ?? null } }),
    reason: (_b, { reason }) => reason ?? null,
    payment: { step: 'let a 3-D Secure payment still open go; give back one that went through unseen', undo: '-' },
    decide: (tx, deps, b) => decideReturn(tx, deps.provider, b as BookingRow, b.total ?? 0),
    ledger: none,
    notices: none,
  },
  /** an unpaid hold after HOLD_MINUTES (quietly), an unanswered request after REQUEST_ANSWER_HOURS (its driver told) */
  expire: {
    plan: (b) => (b.status === 'requested' ? { payment: 'released' } : {}),
    reason: (b) => (b.status === 'requested' ? 'The host did not answer within 24 hours' : 'Not paid within 15 minutes'),
    payment: { step: 'release a request’s authorisation; for a hold, as too_many_declines', undo: '-' },
    decide: (tx, deps, b) => decideReturn(tx, deps.provider, b as BookingRow, b.status === 'requested' ? 0 : (b.total ?? 0)),
    ledger: none,
    notices: (b) => (b.status === 'requested' ? 'expired' : null),
  },
  /** a confirmed booking whose end has passed: the host's pending money clears */
  complete: {
    plan: () => ({}),
    payment: { step: '-', undo: '-' },
    ledger: () => 'clear',
    notices: none,
  },
  /** an admin refunds part or all of what is left (decision 009); the status stays */
  refund: {
    by: ['admin'],
    keepsStatus: true,
    plan: (b, { refund }) => {
      const refunded = (b.refund_amount ?? 0) + refund!.amount;
      return { payment: refundedStatus(b, refunded), refund: refund!.amount, changes: { refund_amount: refunded } };
    },
    payment: { step: 'refund the amount (key <booking>:refund:admin:<key>)', undo: '-' },
    decide: async (tx, deps, b, _plan, { refund }) => {
      const id = await decideRefund(tx, deps.provider, b as BookingRow, refund!.paid, refund!.amount, refund!.key);
      if (!id) throw new AppError('CONFLICT', 'This refund could not be recorded. Reload the booking and try again.');
      return id;
    },
    ledger: () => 'reverse',
    documents: () => 'credit_notes',
    notices: () => 'refunded',
  },
  /** the driver arrived: the host or their gate account checks the pass in (decision 034); the status stays */
  check_in: {
    by: ['host', 'gate'],
    keepsStatus: true,
    guard: checkInGuard,
    plan: (_b, { at }) => ({ changes: { checked_in_at: at ?? new Date() } }),
    payment: { step: '-', undo: '-' },
    ledger: none,
    notices: () => 'checked_in',
  },
  /**
   * more time (decision 039): a booking extending this stay was paid (its own pay_instant charged the card,
   * credited the host and issued its invoices in the same transaction); written in the stay's history; the status stays
   */
  extend: {
    by: ['guest'],
    keepsStatus: true,
    guard: (b) => (isEarning(b.status) ? null : new AppError('NOT_EXTENDABLE', `This stay cannot be extended: it is ${BOOKING_STATUS_LABELS[b.status].toLowerCase()}.`)),
    plan: () => ({}),
    reason: (b, { extension }) => `Until ${formatDateTime(extension!.end, zoneOr(b.time_zone))} (${bookingReference(extension!.id)})`,
    payment: { step: "– (the extension's own pay_instant: charge the card, key <extension>:pay:<attempt>)", undo: "cancelling the extension refunds it by the listing's policy" },
    ledger: none,
    notices: () => 'extended',
  },
  /** the driver left: checked out at the gate; the status stays (the clock completes the booking at its end) */
  check_out: {
    by: ['host', 'gate'],
    keepsStatus: true,
    guard: checkOutGuard,
    // an action queued offline before the check-in reached the server still leaves after it
    plan: (b, { at }) => ({ changes: { checked_out_at: new Date(Math.max((at ?? new Date()).getTime(), new Date(b.checked_in_at!).getTime())) } }),
    payment: { step: '-', undo: '-' },
    ledger: none,
    notices: () => 'checked_out',
  },
  /**
   * a monthly pass's next period was paid with its saved card (charged off-session before this transaction by
   * the renewal job, monthly-renewals.ts): the period is paid, the host earns it, its invoices are issued, and
   * the pass rolls on to the next renewal (none once it reaches its ends_at)
   */
  renew: {
    // the job's off-session charge, or the driver confirming a month that waited on them (decision 042)
    by: ['system', 'guest'],
    keepsStatus: true,
    guard: (b) => (b.plan !== 'monthly' || b.status !== 'confirmed' ? new AppError('CONFLICT', 'Only a running monthly pass renews.') : null),
    plan: (b, { renewal }) => {
      const end = renewal!.end;
      const rollsOn = !b.ends_at || end < new Date(b.ends_at);
      return { changes: { period_end: end, renews_at: end, next_charge_at: rollsOn ? new Date(end.getTime() - 86_400_000) : null } };
    },
    reason: (_b, { renewal }) => `Period ${renewal!.n} paid`,
    payment: { step: 'charge the saved card off-session (before the recording transaction, key <booking>:renew:<n>:<attempt>)', undo: "an admin's refund (refund)" },
    pass: 'renewed',
    ledger: () => 'period_earning',
    documents: () => 'invoices',
    notices: () => 'renewed',
  },
  /** a renewal's charge failed (refused, or the provider did not answer): tried again within three days (RENEWAL_RETRY_DAYS) */
  renewal_failed: {
    by: ['system'],
    keepsStatus: true,
    guard: (b) => (b.plan !== 'monthly' || b.status !== 'confirmed' ? new AppError('CONFLICT', 'Only a running monthly pass renews.') : null),
    plan: (_b, { renewal }) => ({ changes: { next_charge_at: renewal!.nextAttemptAt ?? null } }),
    reason: (_b, { renewal }) => `Renewal of period ${renewal!.n} failed (attempt ${renewal!.attempts} of ${RENEWAL_ATTEMPTS}): tried again`,
    payment: { step: 'none taken (a failed line); the saved card is tried again', undo: '-' },
    pass: 'retry',
    ledger: none,
    notices: () => 'renewal_failed',
  },
  /**
   * a renewal the provider will not take without its driver (decision 042): a 3-D Secure challenge, or a Razorpay
   * mandate cancelled, paused or expired. The period waits on them (they are told, with the booking page's "Confirm
   * this month's payment"); the saved method is still tried on schedule, and the last failed attempt lapses the pass
   */
  renewal_action_required: {
    by: ['system'],
    keepsStatus: true,
    guard: (b) => (b.plan !== 'monthly' || b.status !== 'confirmed' ? new AppError('CONFLICT', 'Only a running monthly pass renews.') : null),
    plan: (_b, { renewal }) => ({ changes: { next_charge_at: renewal!.nextAttemptAt ?? null } }),
    reason: (_b, { renewal }) => `Renewal of period ${renewal!.n} needs the driver's confirmation (attempt ${renewal!.attempts} of ${RENEWAL_ATTEMPTS}): tried again`,
    payment: { step: 'none taken (a failed line; a 3-D Secure intent is cancelled); the driver confirms (POST bookings/:id/periods/:n/pay), and the saved method is tried again', undo: '-' },
    pass: 'action_required',
    ledger: none,
    notices: () => 'renewal_action_required',
  },
  /** the last renewal attempt failed: the pass ends at the end of the period paid for, both people told */
  renewal_lapsed: {
    by: ['system'],
    keepsStatus: true,
    guard: (b) => (b.plan !== 'monthly' || b.status !== 'confirmed' ? new AppError('CONFLICT', 'Only a running monthly pass renews.') : null),
    plan: (b) => ({ changes: { ends_at: b.period_end, renews_at: null, next_charge_at: null } }),
    reason: (_b, { renewal }) => `Renewal of period ${renewal!.n} failed ${RENEWAL_ATTEMPTS} times: the pass ends with its paid period`,
    payment: { step: 'none taken (a failed line); no more tries', undo: '-' },
    pass: 'lapsed',
    ledger: none,
    notices: () => 'renewal_lapsed',
  },
  /** the driver or the host gives notice: the pass ends on the first renewal date at least notice_days away */
  give_notice: {
    by: ['guest', 'host'],
    keepsStatus: true,
    guard: (b) => {
      if (b.plan !== 'monthly') return notAPass();
      if (b.status !== 'confirmed') return new AppError('CONFLICT', `Notice is given on a confirmed pass: this one is ${BOOKING_STATUS_LABELS[b.status].toLowerCase()}.`);
      return null;
    },
    plan: (b, { by, at = new Date() }) => {
      const endsAt = noticeEndsAt(b, at);
      const charges = b.renews_at && new Date(b.renews_at) < endsAt;
      return { changes: { ends_at: endsAt, notice_given_by: by, notice_given_at: at, next_charge_at: charges ? (b.next_charge_at ?? null) : null } };
    },
    payment: { step: '-', undo: '-' },
    pass: 'notice',
    ledger: none,
    notices: (_b, actor) => (actor === 'host' ? 'notice_by_host' : 'notice_by_guest'),
  },
};
