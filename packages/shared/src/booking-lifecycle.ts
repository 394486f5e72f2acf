/**
 * The booking lifecycle (DESIGN section 5) as data: the states, the events that move a booking
 * between them, who may cause each, and which states hold a unit. Every status change in the API
 * goes through `nextStatus`; the bookings_no_overlap constraint lists HOLDING_STATUSES too.
 */
import { BOOKING_STATUSES, type BookingStatus } from './catalog';

export { BOOKING_STATUSES, type BookingStatus };

/** The states in which a booking holds its unit (the exclusion constraint's WHERE list). */
export const HOLDING_STATUSES = ['pending_payment', 'requested', 'confirmed'] as const satisfies readonly BookingStatus[];
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/**
 * The holding states whose hold runs out (an unpaid hold after HOLD_MINUTES, a request after
 * REQUEST_ANSWER_HOURS; a request being captured has no deadline); a confirmed booking holds until its end.
 */
export const LAPSING_STATUSES = ['pending_payment', 'requested'] as const satisfies readonly HoldingStatus[];

/**
 * A lapsed hold: a hold or a request whose time ran out, even before the clock's job expires it. It no
 * longer holds its unit. The one definition: the SQL of it (`lapsedSql` in
 * apps/api/src/modules/bookings/unit-availability.ts) is built from the same list.
 */
export const isLapsed = (b: { status: BookingStatus; hold_expires_at?: Date | string | null }, now = new Date()) =>
  (LAPSING_STATUSES as readonly BookingStatus[]).includes(b.status) && !!b.hold_expires_at && new Date(b.hold_expires_at) <= now;

/**
 * The states in which a booking earns its host (the host's totals add these up; the ledger writes the earning
 * on confirmation). The SQL of it is `EARNING_SQL_LIST` (unit-availability.ts).
 */
export const EARNING_STATUSES = ['confirmed', 'completed'] as const satisfies readonly BookingStatus[];
export const isEarning = (status: BookingStatus) => (EARNING_STATUSES as readonly BookingStatus[]).includes(status);
/** Paid for: a request (its money authorised) or an earning booking (charged); such a booking cannot be paid again. */
export const isPaidFor = (status: BookingStatus) => status === 'requested' || isEarning(status);
/**
 * Has its GST invoice (decision 031): issued when the booking was confirmed, so a confirmed or completed booking,
 * or a cancelled one that had been paid (its invoice and then its credit notes).
 */
export const isInvoiced = (b: { status: BookingStatus; payment_status: string }) =>
  isEarning(b.status) || (b.status === 'cancelled' && ['paid', 'partially_refunded', 'refunded'].includes(b.payment_status));


/**
 * Who causes a change: the driver, the space's host, an administrator, the clock (the expiry job), or a gate
 * account of the host checking a pass in or out (docs/decisions/034-gate-pass.md).
 */
export type BookingActor = 'guest' | 'host' | 'admin' | 'system' | 'gate';
export const BOOKING_ACTORS = ['guest', 'host', 'admin', 'system', 'gate'] as const satisfies readonly BookingActor[];

/** The gate's events: a pass checked in and out at the entrance. They keep the status and are kept in the history. */
export const GATE_EVENTS = ['check_in', 'check_out'] as const;
export type GateEvent = (typeof GATE_EVENTS)[number];

/**
 * More time (decision 039): `extend` is written in the original booking's history when a booking that extends
 * it is paid; the status stays. The extension itself is a booking of its own, paid by `pay_instant`.
 */
export const EXTENSION_EVENTS = ['extend'] as const;
export type ExtensionEvent = (typeof EXTENSION_EVENTS)[number];

/**
 * A monthly pass's events (decision 037): a period renewed (paid), a renewal attempt that failed (retried), notice
 * given by its driver or host, and a renewal's final failure (the pass ends at the end of its paid period); and
 * (decision 042) a renewal the provider will not take without its driver (3-D Secure, a mandate revoked or
 * expired): the driver is asked to confirm the month's payment, and it is still retried. They keep the status
 * (a pass stays confirmed while it runs) and are kept in the history.
 */
export const PASS_EVENTS = ['renew', 'renewal_failed', 'renewal_action_required', 'give_notice', 'renewal_lapsed'] as const;
export type PassEvent = (typeof PASS_EVENTS)[number];

export const BOOKING_EVENTS = ['pay_instant', 'pay_request', 'accept', 'decline', 'cancel', 'too_many_declines', 'capture_failed', 'expire', 'complete'] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

interface Transition {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly BookingActor[];
}

/** The one transition table. */
export const BOOKING_TRANSITIONS: Record<BookingEvent, Transition> = {
  /** an instant-book listing: the payment is taken and the booking is confirmed */
  pay_instant: { from: ['pending_payment'], to: 'confirmed', by: ['guest'] },
  /** request to book: the payment is authorised and the host has 24 hours to answer */
  pay_request: { from: ['pending_payment'], to: 'requested', by: ['guest'] },
  /**
   * the host (or an admin) accepted a request and its payment was captured: written when the capture succeeds,
   * in the accepter's name (until then the request waits, payment_status 'capturing': decision 011)
   */
  accept: { from: ['requested'], to: 'confirmed', by: ['host', 'admin'] },
  /** the capture of an accepted request failed for good (refused, or still failing after every retry) */
  capture_failed: { from: ['requested'], to: 'cancelled', by: ['system'] },
  decline: { from: ['requested'], to: 'declined', by: ['host', 'admin'] },
  /** a driver may drop a hold or a request, and cancel a confirmed booking; a host cancels confirmed ones */
  cancel: { from: ['pending_payment', 'requested', 'confirmed'], to: 'cancelled', by: ['guest', 'host', 'admin'] },
  /** the hold is let go after its last allowed declined payment (BOOKING_LIMITS.declinesPerBooking) */
  too_many_declines: { from: ['pending_payment'], to: 'cancelled', by: ['system'] },
  /** an unpaid hold after 15 minutes, an unanswered request after 24 hours */
  expire: { from: ['pending_payment', 'requested'], to: 'expired', by: ['system'] },
  /** a confirmed booking whose end has passed */
  complete: { from: ['confirmed'], to: 'completed', by: ['system'] },
};

/**
 * Where a booking's money stands (bookings.payment_status). 'capturing': the host accepted a request and its
 * authorised payment is being taken; the booking is confirmed (and the host credited) only once that capture
 * succeeds (decision 011).
 */
export const PAYMENT_STATUSES = ['unpaid', 'processing', 'authorised', 'capturing', 'paid', 'released', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The money's own table: from each payment status, the ones it may change to (staying as it is is always
 * allowed). Every write of payment_status in the API is checked against it (lifecycle.ts: transition and
 * changePayment); which event makes which change is declared in apps/api/src/modules/bookings/booking-process.ts.
 */
export const PAYMENT_STATUS_CHANGES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  /** a payment is claimed (pay, or the payer's 3-D Secure confirmation); a payment that went through after its claim was given back is recorded still */
  unpaid: ['processing', 'paid', 'authorised'],
  /** charged (instant book) or authorised (request); given back after a decline, an outage or a payer still to confirm */
  processing: ['paid', 'authorised', 'unpaid'],
  /** the host accepted (the capture begins); declined, expired or cancelled (the authorisation is released) */
  authorised: ['capturing', 'released'],
  /** the capture went through, or failed for good (decision 011) */
  capturing: ['paid', 'released'],
  /** a cancellation's refund or an admin's, of part or all (decision 009) */
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  released: [],
  refunded: [],
};

/** Whether payment_status may go from `from` to `to` (no change is always allowed). */
export const canChangePayment = (from: PaymentStatus, to: PaymentStatus) => from === to || PAYMENT_STATUS_CHANGES[from].includes(to);

/** How long an unpaid hold lasts, and how long a host has to answer a request. */
export const HOLD_MINUTES = 15;
export const REQUEST_ANSWER_HOURS = 24;

/**
 * The status after `event`, or null when the event is not allowed from `from` for `actor`. A host
 * cannot cancel a hold or a request (they decline a request instead).
 */
export function nextStatus(from: BookingStatus, event: BookingEvent, actor: BookingActor): BookingStatus | null {
  const t = BOOKING_TRANSITIONS[event];
  if (!t.from.includes(from) || !t.by.includes(actor)) return null;
  if (event === 'cancel' && actor === 'host' && from !== 'confirmed') return null;
  return t.to;
}

/** The events open to an actor on a booking in this status (to show the right buttons). */
export const eventsOpenTo = (from: BookingStatus, actor: BookingActor) => BOOKING_EVENTS.filter((e) => nextStatus(from, e, actor) !== null);

/** A request the host accepted whose money is still being taken (payment_status 'capturing', decision 011). */
export const isTakingPayment = (b: { status: BookingStatus; payment_status?: string }) => b.status === 'requested' && b.payment_status === 'capturing';
export const TAKING_PAYMENT_LABEL = 'Accepted: taking payment';

/** Plain words for each status, as drivers and hosts read them. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  requested: 'Waiting for the host',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Expired',
};
