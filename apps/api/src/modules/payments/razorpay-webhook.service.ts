/**
 * Razorpay's webhooks (decision 026 for the checks, 032 for what each event does). The signature is
 * HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET, checked before anything is read. The event's
 * X-Razorpay-Event-Id and the hash of its body are recorded in the transaction that applies it, so a replay
 * is applied once at most: Razorpay's retry (the same id), or a copy someone kept and sends again under
 * another id (the header is not signed; the body is, and is the same).
 *
 * Each handler states what Razorpay says is true and makes the ledger say it (decision 002's "make it so"):
 * lines are found by the payment id, or by the order id of the attempt the booking waits on (a booking's
 * order has its id as receipt), or by the refund's receipt (ours: refundReceiptOf), so events in any order,
 * or twice, change the ledger once.
 * - payment.captured, order.paid: the payment went through. A booking still awaiting it is confirmed (the
 *   payer closed the tab after paying); an accepted request's capture is settled (its booking confirmed);
 *   money for an attempt the booking no longer waits on goes back.
 * - payment.authorized: a request-to-book payment authorised: the request goes to its host (instant book
 *   waits for payment.captured, Razorpay's automatic capture).
 * - payment.failed: a decline of the attempt, counted once per payment (the page may report it too).
 * - refund.processed: our refund is done (found by its receipt), or one made in Razorpay's dashboard is
 *   recorded; with the payment's `captured` false, an authorisation Razorpay gave back: the release is done.
 * - refund.failed: the bank did not take our refund: its line is pending again, and retried later under
 *   the same receipt.
 * - token.cancelled, token.paused, token.rejected, token.confirmed: a monthly pass's mandate stopped (its driver is
 *   told, and the renewal job no longer charges it) or usable again (decision 045).
 * - payout.*: the payouts module's (RAZORPAY_HANDLERS is the one map every module adds its events to).
 * A monthly pass's renewal payment (decision 042: the renewal job's recurring charge, a UPI AutoPay debit the bank
 * settles later, or the driver's own Checkout payment for a month) is the bookings module's `renewal` side, asked
 * first by the payment handlers: recorded once as the job would (the period paid, or the attempt failed).
 */
import type { MandateState } from '@parkly/shared/bookings';
import type { Database, Queryable } from '../../db/database';
import { razorpayxPayoutHandler } from '../earnings/razorpay-payouts';
import { isUuid } from '../../lib/ids';
import { insertEntry, liveLines } from './ledger.repository';
import type { CaptureOutcomes } from './payments.service';
import { refundReceiptOf } from './razorpay-payments';
import type { PaymentCard, PaymentToken, RazorpayEvent } from './razorpay-provider';
import { tokenOf, verifyRazorpayWebhook } from './razorpay-provider';
import { findRazorpayBooking, findRazorpayPayLine, findRefundLines, reopenRefund, settleLine } from './razorpay-webhook.repository';
import { recordRazorpayEvent } from './razorpay-webhook.repository';
import { settleByRef } from './stripe-webhook.repository';

/** The events the payment and payout flows act on (tick them in Razorpay's dashboard); any other is recorded and ignored. */
export const RAZORPAY_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
  'refund.failed',
  'token.confirmed',
  'token.paused',
  'token.cancelled',
  'token.rejected',
  'payout.processed',
  'payout.reversed',
  'payout.failed',
] as const;

export type RazorpayEventName = (typeof RAZORPAY_EVENTS)[number];

/** A payment as Razorpay's events carry it (the fields the handlers read). */
export interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  method: string;
  captured: boolean;
  card?: { network?: string; last4?: string } | null;
  /** a recurring payment's (decision 042) */
  customer_id?: string;
  token_id?: string;
  vpa?: string;
  contact?: string;
  notes?: Record<string, unknown> | unknown[];
}

/** What the bookings module does with a payment Razorpay reports (bookings/razorpay-pay.service.ts razorpayBookingSide). */
export interface RazorpayBookingSide extends CaptureOutcomes {
  /** Razorpay took this payment for the booking's order: record it (confirm or request the booking), or give it back. */
  paid(
    tx: Queryable,
    bookingId: string,
    orderId: string,
    payment: { ref: string; state: 'captured' | 'authorized'; method: string; card: PaymentCard | null; token?: PaymentToken | null },
  ): Promise<{ kind: 'paid' | 'returned' | 'known' }>;
  /** A payment of the booking's order failed: a decline, counted once per payment. */
  declined(tx: Queryable, bookingId: string, orderId: string, payment: { ref: string; method: string }): Promise<{ released: boolean }>;
  /**
   * A monthly pass's renewal payment (decision 042), taken (`captured`), only authorised so far, or failed: recorded
   * by the renewal's own steps. `handled` false: not a renewal's; `settle`: a booking whose money is to be settled.
   */
  renewal(tx: Queryable, payment: RazorpayPaymentEntity, outcome: 'captured' | 'authorized' | 'failed'): Promise<{ handled: boolean; settle: string | null }>;
  /**
   * What Razorpay says of a recurring token (decision 045): a pass whose mandate it is stops renewing with it
   * (`paused`, `cancelled`, `rejected`; its driver told) or may again (`active`); a token no pass renews with is ignored.
   */
  mandate(tx: Queryable, token: { id: string; state: MandateState }, at: Date): Promise<void>;
}

/** What a handler has besides the transaction and the event. */
export interface RazorpayWebhookContext {
  bookings: RazorpayBookingSide;
  /** bookings whose pending money (a refund, a release) is to be carried out after the commit */
  settle: Set<string>;
  /** the site's address, for the links in the hosts' payout notices */
  publicUrl: string;
  /** only these events are applied (a server that pays hosts through RazorpayX but takes no Razorpay payments: payout.*) */
  only?: (name: string) => boolean;
}

/** One event's handler: runs in the transaction that records the event (so it applies once). */
export type RazorpayHandler = (tx: Queryable, event: RazorpayEvent, ctx: RazorpayWebhookContext) => Promise<void>;

const entity = <T>(event: RazorpayEvent, name: string): T | null => {
  const e = event.payload[name]?.entity;
  return e && typeof e === 'object' && typeof e.id === 'string' ? (e as T) : null;
};

export function cardOf(p: RazorpayPaymentEntity): PaymentCard | null {
  return p.method === 'card' && p.card && typeof p.card.last4 === 'string' && /^\d{4}$/.test(p.card.last4)
    ? { network: typeof p.card.network === 'string' ? p.card.network : 'unknown', last4: p.card.last4 }
    : null;
}

/** The booking a payment is for: by our ledger (its payment or order id), else the order's receipt. */
async function bookingOf(tx: Queryable, p: RazorpayPaymentEntity, event: RazorpayEvent) {
  const found = await findRazorpayBooking(tx, [p.id, p.order_id]);
  if (found) return found.booking_id;
  const receipt = entity<{ receipt?: unknown }>(event, 'order')?.receipt;
  const noted = (p as { notes?: { booking_id?: unknown } }).notes?.booking_id;
  for (const id of [receipt, noted]) if (typeof id === 'string' && isUuid(id)) return id.toLowerCase();
  return null;
}

/** payment.captured, order.paid: the payment went through (automatically captured, or an accepted request's capture). */
/** A pass's renewal payment is the renewal's own (decision 042): true when it was one (and it was recorded). */
async function asRenewal(tx: Queryable, p: RazorpayPaymentEntity, outcome: 'captured' | 'authorized' | 'failed', ctx: RazorpayWebhookContext) {
  const r = await ctx.bookings.renewal(tx, p, outcome);
  if (r.settle) ctx.settle.add(r.settle);
  return r.handled;
}

const paymentCaptured: RazorpayHandler = async (tx, event, ctx) => {
  const p = entity<RazorpayPaymentEntity>(event, 'payment');
  if (!p || !p.captured) return;
  if (await asRenewal(tx, p, 'captured', ctx)) return;
  const bookingId = await bookingOf(tx, p, event);
  if (!bookingId) return;
  const outcome = await ctx.bookings.paid(tx, bookingId, p.order_id, { ref: p.id, state: 'captured', method: p.method, card: cardOf(p), token: tokenOf(p) });
  if (outcome.kind === 'returned') ctx.settle.add(bookingId);
  const line = await findRazorpayPayLine(tx, p.id);
  if (outcome.kind === 'returned' || line?.kind !== 'authorisation') return;
  // a request's authorisation captured: our pending capture is done (its booking confirmed), or one made elsewhere is recorded
  if ((await settleByRef(tx, p.id, 'capture')) > 0) await ctx.bookings.captured(tx, bookingId);
  else if ((await liveLines(tx, p.id, 'capture')).count === 0) {
    await insertEntry(tx, { bookingId, kind: 'capture', provider: 'razorpay', amount: p.amount, currency: p.currency, status: 'succeeded', idempotencyKey: `${bookingId}:capture`, providerRef: p.id });
  }
};

/** payment.authorized: a request to book's payment is authorised (instant book's is captured next, by Razorpay). */
const paymentAuthorized: RazorpayHandler = async (tx, event, ctx) => {
  const p = entity<RazorpayPaymentEntity>(event, 'payment');
  if (!p) return;
  if (await asRenewal(tx, p, 'authorized', ctx)) return;
  const bookingId = await bookingOf(tx, p, event);
  if (!bookingId) return;
  // whatever became of the attempt (a booking that ended meanwhile gives the authorisation back)
  if ((await findRazorpayBooking(tx, [p.id, p.order_id]))?.kind !== 'authorisation') return;
  const outcome = await ctx.bookings.paid(tx, bookingId, p.order_id, { ref: p.id, state: 'authorized', method: p.method, card: cardOf(p), token: tokenOf(p) });
  if (outcome.kind === 'returned') ctx.settle.add(bookingId);
};

const paymentFailed: RazorpayHandler = async (tx, event, ctx) => {
  const p = entity<RazorpayPaymentEntity>(event, 'payment');
  if (!p) return;
  if (await asRenewal(tx, p, 'failed', ctx)) return;
  const bookingId = await bookingOf(tx, p, event);
  if (!bookingId) return;
  const { released } = await ctx.bookings.declined(tx, bookingId, p.order_id, { ref: p.id, method: p.method });
  if (released) ctx.settle.add(bookingId);
};

interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  receipt?: string | null;
}

/** Our refund line a Razorpay refund is: by its receipt (refundReceiptOf of the line's key). */
async function ourRefund(tx: Queryable, r: RefundEntity) {
  const lines = await findRefundLines(tx, r.payment_id);
  return lines.find((l) => typeof r.receipt === 'string' && refundReceiptOf(l.idempotency_key) === r.receipt);
}

const refundProcessed: RazorpayHandler = async (tx, event) => {
  const r = entity<RefundEntity>(event, 'refund');
  const p = entity<RazorpayPaymentEntity>(event, 'payment');
  if (!r || typeof r.payment_id !== 'string') return;
  const paid = await findRazorpayPayLine(tx, r.payment_id);
  if (!paid || paid.status !== 'succeeded') return;
  await lockBookingRow(tx, paid.booking_id);
  if (p && p.captured === false) {
    // an authorisation never captured, given back by Razorpay when its window ended: the release is done
    if ((await settleByRef(tx, r.payment_id, 'release')) === 0 && (await liveLines(tx, r.payment_id, 'release')).count === 0) {
      await insertEntry(tx, { bookingId: paid.booking_id, kind: 'release', provider: 'razorpay', amount: paid.amount, currency: paid.currency, status: 'succeeded', idempotencyKey: `${paid.booking_id}:release`, providerRef: r.payment_id });
    }
    return;
  }
  const ours = await ourRefund(tx, r);
  if (ours) {
    await settleLine(tx, ours.id);
    return;
  }
  // made in Razorpay's dashboard: the ledger says so (once: its key is the refund's id)
  await insertEntry(tx, { bookingId: paid.booking_id, kind: 'refund', provider: 'razorpay', amount: r.amount, currency: paid.currency, status: 'succeeded', idempotencyKey: `razorpay:${r.id}`, providerRef: r.payment_id });
};

/** How long after a failed refund it is made again (under the same receipt: Razorpay lets a failed one be made again). */
export const REFUND_RETRY_MS = 3600_000;

const refundFailed: RazorpayHandler = async (tx, event) => {
  const r = entity<RefundEntity>(event, 'refund');
  if (!r || typeof r.payment_id !== 'string') return;
  const paid = await findRazorpayPayLine(tx, r.payment_id);
  if (!paid) return;
  await lockBookingRow(tx, paid.booking_id);
  const ours = await ourRefund(tx, r);
  // the money is still with us: the refund is owed again, and the settling job makes it again
  if (ours) await reopenRefund(tx, ours.id, 'refund_failed', REFUND_RETRY_MS);
};

/**
 * token.*: a pass's mandate (decision 045). Cancelled or paused in the payer's UPI app (or by the card's bank), or
 * rejected: never charged again, its driver told at once; confirmed (a pause ended): usable again. The event's own
 * time orders them, so an old one delivered late changes nothing.
 */
const TOKEN_STATES: Record<string, MandateState> = { 'token.confirmed': 'active', 'token.paused': 'paused', 'token.cancelled': 'cancelled', 'token.rejected': 'rejected' };
const tokenEvent: RazorpayHandler = async (tx, event, ctx) => {
  const t = entity<{ id: string }>(event, 'token');
  const state = TOKEN_STATES[event.event];
  if (!t || !state || !/^token_[A-Za-z0-9]{14,40}$/.test(t.id)) return;
  await ctx.bookings.mandate(tx, { id: t.id, state }, event.created_at ? new Date(event.created_at * 1000) : new Date());
};

const lockBookingRow = (tx: Queryable, bookingId: string) => tx.query(`SELECT id FROM bookings WHERE id = $1 FOR UPDATE`, [bookingId]);

const payoutEvent: RazorpayHandler = (tx, event, ctx) => razorpayxPayoutHandler({ publicUrl: ctx.publicUrl })(tx, event);

/**
 * What each event does. The payouts module adds its payout.* entries here; an event with no entry is
 * recorded (so a replay is still a duplicate) and ignored.
 */
export const RAZORPAY_HANDLERS: Partial<Record<RazorpayEventName, RazorpayHandler>> = {
  'payment.captured': paymentCaptured,
  'order.paid': paymentCaptured,
  'payment.authorized': paymentAuthorized,
  'payment.failed': paymentFailed,
  'refund.processed': refundProcessed,
  'refund.failed': refundFailed,
  'token.confirmed': tokenEvent,
  'token.paused': tokenEvent,
  'token.cancelled': tokenEvent,
  'token.rejected': tokenEvent,
  // RazorpayX payouts (decision 033): each makes the host's payout say what the event's payout says
  'payout.processed': payoutEvent,
  'payout.reversed': payoutEvent,
  'payout.failed': payoutEvent,
};

/** Applies one genuine, new event with its handler (in the transaction that records it). */
export const applyRazorpayEvent = (ctx: RazorpayWebhookContext) => async (tx: Queryable, event: RazorpayEvent) => {
  const handler = RAZORPAY_HANDLERS[event.event as RazorpayEventName];
  if (handler && (ctx.only?.(event.event) ?? true)) await handler(tx, event, ctx);
};

export type RazorpayWebhookOutcome = { outcome: 'forged' } | { outcome: 'duplicate'; event: RazorpayEvent } | { outcome: 'applied'; event: RazorpayEvent };

/**
 * Checks one delivery and, when it is genuine and new, hands its event to `apply` in the
 * transaction that records its id. A forged one is answered `forged` (the route's 400), a known id
 * `duplicate` (a 200: Razorpay stops retrying).
 */
export async function acceptRazorpayWebhook(
  db: Database,
  delivery: { rawBody: Buffer | string; signature: unknown; eventId: unknown },
  secret: string,
  apply: (tx: Queryable, event: RazorpayEvent) => Promise<void> = async () => undefined,
): Promise<RazorpayWebhookOutcome> {
  const event = verifyRazorpayWebhook(delivery.rawBody, delivery.signature, delivery.eventId, secret);
  if (!event) return { outcome: 'forged' };
  return db.transaction(async (tx) => {
    if (!(await recordRazorpayEvent(tx, [event.id, event.bodyId], event.event))) return { outcome: 'duplicate' as const, event };
    await apply(tx, event);
    return { outcome: 'applied' as const, event };
  });
}
