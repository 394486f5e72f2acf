/**
 * Stripe's webhooks are the truth for payment state (DESIGN section 5): each event brings the ledger
 * in line with what Stripe says happened to a payment intent. Every step is "make it so" rather than
 * "do it again": lines are found by the intent id or inserted under a fixed idempotency key, a line
 * only ever moves to 'succeeded', and refunds are compared by Stripe's running total. So an event
 * applied twice, a copy of it under another id, or events in any order change the ledger once; the
 * event id is also recorded, and a known id is not applied at all.
 *
 * The intent's metadata carries the pay flow's key (`<booking>:pay:<attempt>`), so a payment this
 * server never recorded (its process died, or Stripe's answer was lost) is still found; money taken
 * for an attempt the booking no longer waits on is given back.
 *
 * A capture is the one outcome the booking's status follows (decision 011): the webhook may learn of it
 * before the settling worker does, so whichever records it first also records the booking's side, through
 * the CaptureOutcomes the bookings module gives, in the same transaction.
 *
 * A monthly pass's renewal intent (its key `<booking>:renew:…`, decision 042) is the renewal's own: its success
 * is handed to the bookings module (`RenewalPaid`), which records the month once as the job or the driver's page
 * would (a driver who closed the tab after their bank's check still has the month paid), or gives the money back
 * when the month no longer waits on it. Its failure is recorded by the job or the page themselves.
 */
import type Stripe from 'stripe';
import type { Database, Queryable } from '../../db/database';
import { insertEntry, liveLines, type LedgerStatus } from './ledger.repository';
import type { CaptureOutcomes } from './payments.service';
import { failPendingByRef, findIntentLine, lockBooking, recordEvent, settleByRef, upgradeToSucceeded } from './stripe-webhook.repository';

const PAY_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):pay:\d+$/i;
const RENEWAL_KEY = /:renew:/;

/** The bookings module's side of a renewal intent that succeeded: answers a booking whose money is to be settled. */
export type RenewalPaid = (tx: Queryable, key: string, intentId: string) => Promise<string | null>;

/** The renewal an intent is, by its line or its metadata: its key, or null for any other intent. */
async function renewalKeyOf(tx: Queryable, pi: Intent) {
  const key = (await findIntentLine(tx, pi.id))?.idempotency_key ?? pi.metadata?.parkly_key ?? '';
  return RENEWAL_KEY.test(key) ? key : null;
}

type Intent = Stripe.PaymentIntent;

interface Payment {
  bookingId: string;
  key: string;
  kind: 'charge' | 'authorisation';
  amount: number;
  currency: string;
  /** recorded 'pending': the payer was asked to confirm it with their bank (3-D Secure) */
  awaitingPayer: boolean;
}

/** The payment an intent is: its ledger line, or (not recorded yet) the pay flow's key in its metadata. */
async function paymentOf(tx: Queryable, pi: Intent): Promise<Payment | null> {
  const line = await findIntentLine(tx, pi.id);
  if (line) return { bookingId: line.booking_id, key: line.idempotency_key, kind: line.kind, amount: line.amount, currency: line.currency, awaitingPayer: line.status === 'pending' };
  const key = pi.metadata?.parkly_key ?? '';
  const m = PAY_KEY.exec(key);
  if (!m) return null;
  return { bookingId: m[1]!.toLowerCase(), key, kind: pi.capture_method === 'manual' ? 'authorisation' : 'charge', amount: pi.amount, currency: pi.currency.toUpperCase(), awaitingPayer: false };
}

const line = (p: Payment, pi: Intent, kind: 'capture' | 'refund' | 'release', key: string, status: LedgerStatus, amount: number) => ({
  bookingId: p.bookingId,
  kind,
  provider: 'stripe' as const,
  amount,
  currency: p.currency,
  status,
  idempotencyKey: key,
  providerRef: pi.id,
});

/**
 * Makes sure the intent's charge or authorisation line says `status`. When this event is what
 * recorded a success, and the booking is not (any longer) waiting on that very attempt, the money
 * goes back: a pending refund or release that settlePending carries out.
 */
async function ensurePayment(tx: Queryable, pi: Intent, status: 'succeeded' | 'failed') {
  const p = await paymentOf(tx, pi);
  if (!p) return null;
  const booking = await lockBooking(tx, p.bookingId);
  if (!booking) return null;
  const failureCode = status === 'failed' ? (pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? 'card_declined') : null;
  const inserted = await insertEntry(tx, { bookingId: p.bookingId, kind: p.kind, provider: 'stripe', amount: p.amount, currency: p.currency, status, idempotencyKey: p.key, providerRef: pi.id, failureCode });
  const changed = inserted || (status === 'succeeded' && (await upgradeToSucceeded(tx, p.key, pi.id)));
  // the booking still waits on this very attempt: being paid now, or its payer confirming with their bank
  // (the pay flow records the booking's side: decision 005)
  const awaited =
    booking.status === 'pending_payment' && (booking.payment_status === 'processing' || p.awaitingPayer) && p.key === `${booking.id}:pay:${booking.payment_attempt}`;
  if (changed && status === 'succeeded' && !awaited) {
    const captured = p.kind === 'charge' || pi.status === 'succeeded';
    const kind = captured ? 'refund' : 'release';
    await insertEntry(tx, line(p, pi, kind, `stripe:${pi.id}:return`, 'pending', captured ? pi.amount_received || p.amount : p.amount));
    return { ...p, returned: true };
  }
  return { ...p, returned: false };
}

/**
 * Charged (automatic capture) or captured (a request the host accepted, or captured in Stripe's dashboard).
 * The capture of an accepted request confirms it, here when the webhook is first.
 */
async function intentSucceeded(tx: Queryable, pi: Intent, captures: CaptureOutcomes) {
  const p = await ensurePayment(tx, pi, 'succeeded');
  if (!p || p.kind !== 'authorisation') return p;
  if ((await settleByRef(tx, pi.id, 'capture')) > 0) await captures.captured(tx, p.bookingId);
  else if ((await liveLines(tx, pi.id, 'capture')).count === 0) {
    await insertEntry(tx, line(p, pi, 'capture', `${p.bookingId}:capture`, 'succeeded', pi.amount_received));
  }
  return p;
}

/**
 * Released: our pending release is done, or (released in Stripe, or the authorisation lapsed) recorded. A
 * capture still waiting on this intent never will be: it fails, and its request is cancelled.
 */
async function intentCanceled(tx: Queryable, pi: Intent, captures: CaptureOutcomes) {
  const p = await paymentOf(tx, pi);
  if (!p || !(await lockBooking(tx, p.bookingId))) return null;
  for (const bookingId of await failPendingByRef(tx, pi.id, 'capture', `payment_intent_canceled${pi.cancellation_reason ? `:${pi.cancellation_reason}` : ''}`)) {
    await captures.failed(tx, bookingId, 'payment_intent_canceled');
  }
  const authorised = (await findIntentLine(tx, pi.id))?.status === 'succeeded' && p.kind === 'authorisation';
  if ((await settleByRef(tx, pi.id, 'release')) === 0 && authorised && (await liveLines(tx, pi.id, 'release')).count === 0) {
    await insertEntry(tx, line(p, pi, 'release', `${p.bookingId}:release`, 'succeeded', p.amount));
  }
  return p;
}

/** Refunded, by us or in Stripe's dashboard: `amount_refunded` is Stripe's running total for the charge. */
async function chargeRefunded(tx: Queryable, charge: Stripe.Charge) {
  const ref = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const paid = ref ? await findIntentLine(tx, ref) : undefined;
  if (!ref || !paid || paid.status !== 'succeeded' || !(await lockBooking(tx, paid.booking_id))) return null;
  const ours = await liveLines(tx, ref, 'refund');
  if (charge.amount_refunded >= ours.amount) await settleByRef(tx, ref, 'refund');
  const extra = charge.amount_refunded - ours.amount;
  if (extra > 0) {
    await insertEntry(tx, {
      bookingId: paid.booking_id,
      kind: 'refund',
      provider: 'stripe',
      amount: extra,
      currency: paid.currency,
      status: 'succeeded',
      idempotencyKey: `stripe:${charge.id}:refunded:${charge.amount_refunded}`,
      providerRef: ref,
    });
  }
  return { bookingId: paid.booking_id, returned: false };
}

export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

/**
 * Applies one verified event, once. Answers whether it was new, and the booking whose money is to be
 * given back now (settlePending after the commit), if any.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event, captures: CaptureOutcomes, renewalPaid?: RenewalPaid): Promise<{ applied: boolean; settleBookingId?: string }> {
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.type))) return { applied: false };
    const object = event.data?.object as { id?: unknown } | undefined;
    if (typeof object?.id !== 'string') return { applied: true };
    if (event.type.startsWith('payment_intent.')) {
      const key = await renewalKeyOf(tx, object as Intent);
      if (key) {
        const settle = event.type === 'payment_intent.succeeded' && renewalPaid ? await renewalPaid(tx, key, object.id) : null;
        return { applied: true, ...(settle && { settleBookingId: settle }) };
      }
    }
    let outcome: { bookingId: string; returned: boolean } | null = null;
    switch (event.type) {
      case 'payment_intent.succeeded':
        outcome = await intentSucceeded(tx, object as Intent, captures);
        break;
      case 'payment_intent.amount_capturable_updated':
        outcome = await ensurePayment(tx, object as Intent, 'succeeded');
        break;
      case 'payment_intent.payment_failed':
        outcome = await ensurePayment(tx, object as Intent, 'failed');
        break;
      case 'payment_intent.canceled':
        await intentCanceled(tx, object as Intent, captures);
        break;
      case 'charge.refunded':
        await chargeRefunded(tx, object as Stripe.Charge);
        break;
      default:
        break;
    }
    return { applied: true, ...(outcome?.returned && { settleBookingId: outcome.bookingId }) };
  });
}
