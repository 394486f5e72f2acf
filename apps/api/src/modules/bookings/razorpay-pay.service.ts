/**
 * POST bookings/:id/pay with PAYMENT_PROVIDER=razorpay (decision 032): the payer pays in Razorpay Checkout,
 * so paying is two requests, as a 3-D Secure card payment is (decision 005), with the same steps (decision 003):
 *
 * 1. `{razorpay: {}}` starts (or restarts) a payment. Claim as for any payment (the decline cap, the hold,
 *    a payment under way: 409; an attempt still waiting on its payer is let go); outside any transaction,
 *    create (or find again: receipt = the booking id) the Razorpay order for the booking's frozen total,
 *    captured at once for instant book, authorised only for request to book; record the attempt as a
 *    pending line whose provider_ref is the order id; give the booking back to 'unpaid' and answer 402
 *    PAYMENT_ACTION_REQUIRED with what Checkout needs (`razorpay_checkout`). An order found already paid
 *    (the payer paid, and neither the page nor the webhook told us) is recorded instead: the booking.
 * 2. `{razorpay_payment_id, razorpay_order_id, razorpay_signature}` (Checkout's handler) records it. The
 *    signature is checked here before anything else (HMAC, constant time), then the order must be the
 *    attempt the booking waits on, then Razorpay must say the payment is that order's, for its amount,
 *    authorised or captured (an instant-book payment still only authorised is captured). Recorded: the
 *    line succeeds with the payment id as its reference, and the booking is confirmed or requested.
 *    Already recorded (the webhook was first): the same answer.
 * 3. `{razorpay_order_id, razorpay_payment_id}` without a signature: Checkout reported a failure. Nothing
 *    the browser says is believed: the payment is fetched from Razorpay. Failed -> a decline, counted once
 *    per Razorpay payment (its own failed line), the attempt still open (Checkout retries the same order);
 *    authorised or captured after all -> recorded as in 2.
 *
 * Razorpay's webhook records the same success through `recordRazorpayPaid` (the payer closed the tab after
 * paying), in the transaction that applies the event.
 *
 * A monthly pass (decision 042): its order is a recurring authorisation (the driver's Razorpay customer, the way
 * its renewals are paid: `upi` AutoPay or `card`, and the token's limit and expiry), so its first month's payment
 * also makes the token its renewals are charged to; whoever records that payment (the handler, the webhook, a
 * reconciliation) keeps the token as the pass's mandate (pass_mandates).
 */
import { isPaidFor } from '@parkly/shared/booking-lifecycle';
import type { PayBookingFields, RecurringMethod } from '@parkly/shared/bookings';
import type { RazorpayCheckoutAction } from '@parkly/shared/errors';
import { CARD_BRANDS } from '@parkly/shared/payment-methods';
import { REQUEST_ANSWER_HOURS, HOLD_MINUTES } from '@parkly/shared/booking-lifecycle';
import { one, type Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { checkDeclineCap } from '../payments/decline-limits';
import { findLineByKey, insertEntry } from '../payments/ledger.repository';
import { decideAbandon, providerUnavailable } from '../payments/payments.service';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { checkoutSignatureValid, tokenOf, type ConfirmResult, type PaymentCard, type PaymentToken } from '../payments/razorpay-provider';
import { keepMandate } from './pass-periods.repository';
import { cardOf, type RazorpayBookingSide } from '../payments/razorpay-webhook.service';
import { findRenewalLineKey } from '../payments/razorpay-webhook.repository';
import { parseRenewalKey } from './monthly-renewals';
import { mandateChanged } from './pass-mandate.service';
import { renewalWebhook } from './period-pay.service';
import { isRazorpay, type RazorpayPaymentProvider } from '../payments/razorpay-payments';
import { upgradeToSucceeded } from '../payments/stripe-webhook.repository';
import { afterChange, viewBooking, type BookingDeps } from './bookings.service';
import { toBooking } from './booking-dto';
import * as repo from './bookings.repository';
import { captureOutcomes, settleMoney } from './capture-steps';
import { changePayment } from './lifecycle';
import { checkPayable, countDeclined, holdRanOut, isPaid, lockOwnBooking, markPaid, release, type LockedBooking } from './payment-steps';

type RazorpayInput = Extract<PayBookingFields, { razorpay: object } | { razorpay_payment_id: string }>;

/** Whether a pay request is one of Razorpay Checkout's. */
export const isRazorpayInput = (input: PayBookingFields): input is RazorpayInput => 'razorpay' in input || 'razorpay_payment_id' in input;

export const notThisPayment = () => new AppError('CONFLICT', 'This payment is not the one this booking is waiting for. Please pay again.');
export const checkoutOnly = () =>
  new AppError('VALIDATION', 'Pay with Razorpay Checkout: this server takes payments through Razorpay (UPI, cards, netbanking and wallets), not card details sent here.');
export const notRazorpay = () => new AppError('VALIDATION', 'Razorpay is not this server’s payment provider: pay with a card instead.');

/** What the payer is told when Razorpay says a payment failed: nothing was taken, the booking is still theirs to pay. */
export const RAZORPAY_DECLINED: Record<string, string> = {
  upi: 'Your UPI payment did not go through, so nothing was taken. Try again, or pay another way.',
  card: 'Your card payment did not go through, so nothing was taken. Try again, or pay another way.',
  other: 'Your payment did not go through, so nothing was taken. Try again, or pay another way.',
};
export const razorpayDeclined = (method: string | undefined) => new AppError('PAYMENT_DECLINED', RAZORPAY_DECLINED[method === 'upi' || method === 'card' ? method : 'other']!);

/**
 * How long Razorpay holds a request-to-book authorisation before giving it back by itself (the order's
 * manual_expiry_period, 12 to 7200 minutes): the hold while the payer pays, the host's REQUEST_ANSWER_HOURS,
 * and an hour for the capture's retries. A declined or expired request's money goes back when it ends.
 */
export const AUTHORISATION_MINUTES = HOLD_MINUTES + REQUEST_ANSWER_HOURS * 60 + 60;

const payKey = (bookingId: string, attempt: number) => `${bookingId}:pay:${attempt}`;

function driverOf(deps: BookingDeps): RazorpayPaymentProvider {
  if (!isRazorpay(deps.provider)) throw notRazorpay();
  return deps.provider;
}

export async function payWithRazorpay(deps: BookingDeps, user: AuthUser, bookingId: string, input: RazorpayInput) {
  const provider = driverOf(deps);
  if ('razorpay' in input) return startCheckout(deps, provider, user, bookingId, input.razorpay.method ?? 'upi');
  return finishCheckout(deps, provider, user, bookingId, input);
}

/** How long a pass's recurring token may be charged (Razorpay's tokens run up to ten years; notice ends a pass before). */
export const MANDATE_YEARS = 10;

/**
 * A pass's recurring authorisation (decision 042): the driver's Razorpay customer, the method its renewals are paid
 * by, and the token's limit: the month's price as renewals charge it (or the first month's, if that was more).
 */
export async function recurringFor(provider: RazorpayPaymentProvider, payer: Payer, method: RecurringMethod, limit: number, now = new Date()) {
  const customerId = await provider.razorpay.customer(payer);
  const expireAt = new Date(now);
  expireAt.setUTCFullYear(expireAt.getUTCFullYear() + MANDATE_YEARS);
  return { customerId, method, maxAmount: limit, expireAt };
}

/** What the driver knows a mandate by: the card's network and last four digits, or the UPI ID. */
export function mandateLabel(method: string, card: PaymentCard | null, token: PaymentToken) {
  if (method === 'card' && card) return `${card.network} ending ${card.last4}`;
  return token.vpa ? `UPI AutoPay · ${token.vpa}` : 'UPI AutoPay';
}

// ---- 1. the order, and Checkout's 402 ----

interface StartClaim {
  attempt: number;
  total: number;
  currency: string;
  capture: boolean;
  title: string;
  abandoned: boolean;
  /** a monthly pass: its renewals' price (the token's limit covers it) and its payer (whose customer the token is) */
  pass: { renewal: number; payer: Payer } | null;
}

type Payer = Awaited<ReturnType<typeof payerOf>>;

export async function payerOf(db: Queryable, userId: string) {
  const u = await one<{ name: string; email: string | null; phone: string | null }>(db, `SELECT name, email, phone FROM users WHERE id = $1`, [userId]);
  const contact = u?.phone?.replace(/[\s()-]/g, '');
  return { name: u?.name ?? '', email: u?.email ?? '', ...(contact && /^\+?\d{8,15}$/.test(contact) && { contact }) };
}

export function checkoutAction(
  provider: RazorpayPaymentProvider,
  order: { id: string; amount: number },
  title: string,
  prefill: RazorpayCheckoutAction['prefill'],
  recurring?: { customerId: string; method: RecurringMethod } | null,
): RazorpayCheckoutAction {
  return {
    type: 'razorpay_checkout',
    key_id: provider.razorpay.keyId,
    order_id: order.id,
    amount: order.amount,
    currency: 'INR',
    name: 'Parkly',
    description: title,
    prefill,
    ...(recurring && { recurring: { customer_id: recurring.customerId, method: recurring.method } }),
  };
}

export const checkoutRequired = (action: RazorpayCheckoutAction) =>
  new AppError('PAYMENT_ACTION_REQUIRED', 'Pay in the Razorpay window to finish. Nothing has been taken yet.', { action });

async function startCheckout(deps: BookingDeps, provider: RazorpayPaymentProvider, user: AuthUser, bookingId: string, method: RecurringMethod) {
  // a payer past their hourly cap of declines is not let near the provider again
  await checkDeclineCap(deps.db, user.id, deps.limits);
  const c = await deps.db.transaction(async (tx): Promise<StartClaim | null> => {
    const b = await lockOwnBooking(tx, user, bookingId);
    if (!(await checkPayable(tx, deps, b))) return null;
    // an attempt still open (Checkout closed, the page reloaded) is let go; the order is the same one
    const abandoned = b.payment_attempt > 0 && (await decideAbandon(tx, deps.provider, b.id)) > 0;
    const attempt = b.payment_attempt + 1;
    await changePayment(tx, b, 'processing', { payment_attempt: attempt, payment_started_at: new Date() });
    const pass = b.plan === 'monthly' ? { renewal: b.subtotal + b.service_fee, payer: await payerOf(tx, user.id) } : null;
    return { attempt, total: b.total, currency: b.currency, capture: b.instant_book, title: b.title ?? 'Parking', abandoned, pass };
  });
  if (!c) throw holdRanOut();
  if (c.abandoned) await settleMoney(deps, bookingId).catch(() => undefined);

  let order;
  let recurring: Awaited<ReturnType<typeof recurringFor>> | null = null;
  /** a payment Razorpay already holds for this order (the payer paid; neither the page nor the webhook told us) */
  let taken: Awaited<ReturnType<typeof paymentHeld>> = null;
  try {
    // a pass's first month also authorises its renewals: the order makes a recurring token (decision 042)
    if (c.pass) recurring = await recurringFor(provider, c.pass.payer, method, Math.max(c.pass.renewal, c.total));
    order = await provider.razorpay.createOrder({
      bookingId,
      amount: c.total,
      currency: c.currency,
      capture: c.capture,
      ...(!c.capture && { authorisationMinutes: AUTHORISATION_MINUTES }),
      ...(recurring && { recurring }),
    });
    if (order.status !== 'created') taken = await paymentHeld(provider, order.id, c);
  } catch (err) {
    await release(deps, bookingId, c.attempt);
    if (err instanceof ProviderUnavailableError || err instanceof ProviderRefusedError) throw providerUnavailable();
    throw err;
  }

  const key = payKey(bookingId, c.attempt);
  let lateError: AppError | null = null;
  let moneyBack = false;
  let paidView: Awaited<ReturnType<typeof markPaid>> | undefined;
  await deps.db.transaction(async (tx) => {
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    // the attempt the booking now waits on: its order (the payment's id replaces it once paid)
    await insertEntry(tx, { bookingId, kind: c.capture ? 'charge' : 'authorisation', provider: 'razorpay', amount: c.total, currency: c.currency, status: 'pending', idempotencyKey: key, providerRef: order.id });
    if (taken) {
      // paid already: recorded now, as the handler would have (or given back, should the booking have ended)
      const outcome = await recordRazorpayPaid(tx, deps, b, key, taken);
      if (outcome.kind === 'paid') paidView = outcome.view;
      else {
        moneyBack = outcome.kind === 'returned';
        lateError = holdRanOut();
      }
      return;
    }
    if (b.status !== 'pending_payment') {
      await decideAbandon(tx, deps.provider, bookingId);
      lateError = holdRanOut();
      return;
    }
    if (b.payment_attempt === c.attempt) await changePayment(tx, b, 'unpaid', { payment_started_at: null });
    lateError = checkoutRequired(checkoutAction(provider, order, c.title, await payerOf(tx, user.id), recurring));
  });
  await afterChange(deps, moneyBack ? bookingId : undefined);
  if (paidView) return toBooking(paidView, 'guest', deps.urlOf, paidView.events, { provider: deps.provider.name });
  throw lateError!;
}

/**
 * The payment Razorpay holds for an order that is not new (attempted, or paid): authorised or captured, for
 * the booking's total; an instant-book one still only authorised is captured. Null when none went through.
 */
async function paymentHeld(provider: RazorpayPaymentProvider, orderId: string, c: StartClaim) {
  const held = (await provider.razorpay.orderPayments(orderId)).find(
    (p) => p.amount === c.total && p.currency === c.currency && (p.status === 'captured' || p.status === 'authorized'),
  );
  if (!held) return null;
  if (held.status === 'authorized' && c.capture) await provider.razorpay.capture(held.ref, held.amount);
  return { ref: held.ref, state: held.status === 'authorized' && !c.capture ? ('authorized' as const) : ('captured' as const), method: held.method, card: held.card, token: held.token };
}

// ---- 2 and 3. Checkout's answer ----

interface FinishClaim {
  attempt: number;
  total: number;
  currency: string;
  capture: boolean;
  title: string;
  /** the booking ended (expired, cancelled) while its payer was in Checkout: whatever was taken goes back */
  late?: boolean;
}

/** The payer paid after the booking ended: what Razorpay took goes back. */
export const endedMeanwhile = () =>
  new AppError('CONFLICT', 'This booking ended before the payment came through, so any money taken goes back to you (within 5 to 7 working days). Please book again.');

type Sent = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature?: string };

async function claimFinish(deps: BookingDeps, user: AuthUser, bookingId: string, sent: Sent): Promise<FinishClaim | 'done'> {
  const claimed = await deps.db.transaction(async (tx): Promise<FinishClaim | 'done' | null> => {
    const b = await lockOwnBooking(tx, user, bookingId);
    const line = await findLineByKey(tx, payKey(b.id, b.payment_attempt));
    // recorded already (by this request sent before, or by the webhook): the same answer
    if (isPaid(b) && line?.status === 'succeeded' && line.provider_ref === sent.razorpay_payment_id) return 'done';
    const ours = line?.provider_ref === sent.razorpay_order_id && (line.kind === 'charge' || line.kind === 'authorisation');
    const ended = !isPaid(b) && (b.status !== 'pending_payment' || !(await checkPayable(tx, deps, b)));
    if (ended) {
      if (!ours) return null;
      // nothing is captured for a booking that ended: an authorisation is left to lapse, a capture refunded
      return { attempt: b.payment_attempt, total: b.total, currency: b.currency, capture: false, title: b.title ?? 'Parking', late: true };
    }
    if (!(await checkPayable(tx, deps, b))) return null;
    if (!line || line.status !== 'pending' || !ours) throw notThisPayment();
    await changePayment(tx, b, 'processing', { payment_started_at: new Date() });
    return { attempt: b.payment_attempt, total: b.total, currency: b.currency, capture: line.kind === 'charge', title: b.title ?? 'Parking' };
  });
  if (!claimed) throw holdRanOut();
  return claimed;
}

/** What Razorpay says of a payment Checkout reported failed (no signature): fetched here, never taken from the browser. */
async function lookUpFailure(provider: RazorpayPaymentProvider, sent: Sent, c: FinishClaim): Promise<ConfirmResult> {
  const p = await provider.razorpay.fetchPayment(sent.razorpay_payment_id);
  if (p.orderId !== sent.razorpay_order_id) return { ok: false, code: 'signature_invalid' };
  if (p.amount !== c.total || p.currency !== c.currency) return { ok: false, code: 'amount_mismatch' };
  if (p.status === 'failed') return { ok: false, code: 'payment_failed', method: p.method };
  if (p.status === 'created') return { ok: false, code: 'payment_pending', method: p.method };
  if (!p.captured && p.status === 'refunded') return { ok: false, code: 'payment_released' };
  if (p.status === 'authorized' && c.capture) {
    await provider.razorpay.capture(p.ref, p.amount);
    return { ok: true, ref: p.ref, state: 'captured', method: p.method, card: p.card, token: p.token };
  }
  return { ok: true, ref: p.ref, state: p.status === 'authorized' ? 'authorized' : 'captured', method: p.method, card: p.card, token: p.token };
}

async function finishCheckout(deps: BookingDeps, provider: RazorpayPaymentProvider, user: AuthUser, bookingId: string, sent: Sent) {
  // a forged or mistyped signature is refused before the booking or Razorpay is looked at
  if (sent.razorpay_signature !== undefined && !checkoutSignatureValid(provider.keySecret, sent.razorpay_order_id, sent.razorpay_payment_id, sent.razorpay_signature)) {
    throw notThisPayment();
  }
  const c = await claimFinish(deps, user, bookingId, sent);
  if (c === 'done') return viewBooking(deps, user, bookingId);

  let found: ConfirmResult;
  try {
    found =
      sent.razorpay_signature !== undefined
        ? await provider.razorpay.confirmPayment(sent as Required<Sent>, { orderId: sent.razorpay_order_id, amount: c.total, currency: c.currency, capture: c.capture })
        : await lookUpFailure(provider, sent, c);
  } catch (err) {
    await release(deps, bookingId, c.attempt);
    if (err instanceof ProviderUnavailableError) throw providerUnavailable();
    // Razorpay does not know this payment, or will not capture it: not the payment this booking waits on
    if (err instanceof ProviderRefusedError) throw notThisPayment();
    throw err;
  }

  const key = payKey(bookingId, c.attempt);
  let lateError: AppError | null = null;
  let moneyBack = false;
  let paidView: Awaited<ReturnType<typeof markPaid>> | undefined;
  await deps.db.transaction(async (tx) => {
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    const ours = b.payment_attempt === c.attempt;
    if (c.late) {
      if (found.ok) moneyBack = (await recordRazorpayPaid(tx, deps, b, key, { ref: found.ref, state: found.state, method: found.method, card: found.card, token: found.token ?? null })).kind === 'returned';
      lateError = found.ok ? endedMeanwhile() : holdRanOut();
      return;
    }
    if (found.ok) {
      const outcome = await recordRazorpayPaid(tx, deps, b, key, { ref: found.ref, state: found.state, method: found.method, card: found.card, token: found.token ?? null });
      if (outcome.kind === 'paid') paidView = outcome.view;
      else if (outcome.kind === 'returned') {
        moneyBack = true;
        lateError = holdRanOut();
      } else if (!isPaidFor(b.status)) lateError = notThisPayment();
      return;
    }
    if (ours && b.payment_status === 'processing') await changePayment(tx, b, 'unpaid', { payment_started_at: null });
    if (found.code === 'payment_failed') {
      const counted = await recordRazorpayDecline(tx, deps, b, key, { ref: sent.razorpay_payment_id, method: found.method ?? 'payment' });
      moneyBack = counted.released;
      lateError = counted.error ?? razorpayDeclined(found.method);
      return;
    }
    if (found.code === 'payment_pending') {
      // not authorised yet: the payer is still at it in Checkout (a pass's order stays recurring: its first try said so)
      const order = { id: sent.razorpay_order_id, amount: c.total };
      lateError = checkoutRequired(checkoutAction(provider, order, c.title, await payerOf(tx, user.id)));
      return;
    }
    lateError = notThisPayment();
  });
  await afterChange(deps, moneyBack ? bookingId : undefined);
  if (lateError) throw lateError;
  return paidView ? toBooking(paidView, 'guest', deps.urlOf, paidView.events, { provider: deps.provider.name }) : viewBooking(deps, user, bookingId);
}

// ---- recording a payment Razorpay took (the handler's answer, or the webhook) ----

/** The card a booking shows: a card's network and last four; nothing for UPI, netbanking or a wallet. */
function cardShown(method: string, card: PaymentCard | null) {
  if (method !== 'card' || !card) return { brand: method.slice(0, 30), last4: '' };
  const network = card.network.toLowerCase().replace(/[^a-z]/g, '');
  const brand = (CARD_BRANDS as readonly string[]).includes(network) ? network : network === 'americanexpress' ? 'amex' : 'unknown';
  return { brand, last4: card.last4 };
}

/** A payment Razorpay took, as the handler, the webhook or a reconciliation knows it. */
export interface RazorpayPaid {
  ref: string;
  state: 'captured' | 'authorized';
  method: string;
  card: PaymentCard | null;
  /** the recurring token it made (a monthly pass's authorisation payment: decision 042) */
  token?: PaymentToken | null;
}

export type RazorpayPaidOutcome =
  | { kind: 'paid'; view: Awaited<ReturnType<typeof markPaid>> }
  /** taken for an attempt the booking no longer waits on (it ended, or another payment came first): given back */
  | { kind: 'returned' }
  /** known already (recorded before): nothing changed */
  | { kind: 'known' };

/**
 * Records, in the caller's transaction with the booking locked, that Razorpay took `payment` for the attempt
 * whose line is `key` (its pending line's reference is the order). The line succeeds with the payment id as
 * its reference, once. When the booking still waits on this attempt it is confirmed (instant book) or
 * requested (request to book) in its guest's name; when it does not (it expired, was cancelled, another
 * attempt is under way), the money goes back: a pending refund, or a release of the authorisation, under
 * `razorpay:<payment>:return`, carried out after the commit.
 */
export async function recordRazorpayPaid(
  tx: Queryable,
  deps: BookingDeps,
  b: LockedBooking,
  key: string,
  payment: RazorpayPaid,
): Promise<RazorpayPaidOutcome> {
  const line = await findLineByKey(tx, key);
  if (!line || (line.kind !== 'charge' && line.kind !== 'authorisation')) return { kind: 'known' };
  if (line.status === 'succeeded') return { kind: 'known' };
  const changed = await upgradeToSucceeded(tx, key, payment.ref);
  if (!changed) return { kind: 'known' };
  const awaited = b.status === 'pending_payment' && key === payKey(b.id, b.payment_attempt);
  if (awaited) {
    // a pass keeps the token its first payment made: its renewals are charged to it
    if (b.plan === 'monthly' && payment.token) {
      const t = payment.token;
      await keepMandate(tx, { bookingId: b.id, customerRef: t.customerId, tokenRef: t.tokenId, method: payment.method === 'card' ? 'card' : 'upi', label: mandateLabel(payment.method, payment.card, t), paymentRef: payment.ref, contact: t.contact });
    }
    const view = await markPaid(tx, deps, b, { id: b.guest_id, sessionId: '', role: 'user' }, {
      capture: line.kind === 'charge',
      total: line.amount,
      methodId: null,
      card: cardShown(payment.method, payment.card),
    });
    return { kind: 'paid', view };
  }
  const captured = payment.state === 'captured';
  await insertEntry(tx, {
    bookingId: b.id,
    kind: captured ? 'refund' : 'release',
    provider: 'razorpay',
    amount: line.amount,
    currency: b.currency,
    status: 'pending',
    idempotencyKey: `razorpay:${payment.ref}:return`,
    providerRef: payment.ref,
  });
  return { kind: 'returned' };
}

/**
 * A payment of the attempt `key` failed at Razorpay: a decline (decision 012), counted once per Razorpay
 * payment however often it is reported (the page, the webhook): the payment's own failed line is the count's
 * key. The attempt's line stays pending: Checkout lets the payer try the same order again. At the booking's
 * last allowed decline its hold is released (countDeclined); `error` is then what to answer.
 */
export async function recordRazorpayDecline(tx: Queryable, deps: BookingDeps, b: LockedBooking, key: string, payment: { ref: string; method: string }) {
  const line = await findLineByKey(tx, key);
  if (!line) return { released: false, error: null };
  const inserted = await insertEntry(tx, {
    bookingId: b.id,
    kind: line.kind === 'authorisation' ? 'authorisation' : 'charge',
    provider: 'razorpay',
    amount: line.amount,
    currency: b.currency,
    status: 'failed',
    idempotencyKey: `${key}:failed:${payment.ref}`,
    providerRef: payment.ref,
    failureCode: `razorpay_${payment.method.replace(/[^a-z_]/g, '').slice(0, 30)}_failed`,
  });
  if (!inserted || b.status !== 'pending_payment') return { released: false, error: null };
  const counted = await countDeclined(tx, deps, b, b.guest_id, 'card_declined');
  return { released: counted.released, error: counted.released ? counted.error : null };
}

/** The attempt a Razorpay order is: the booking's current attempt when its line is that order's, else the latest line of that order. */
async function attemptOf(tx: Queryable, b: LockedBooking, orderId: string, paymentId: string) {
  const current = payKey(b.id, b.payment_attempt);
  const line = await findLineByKey(tx, current);
  if (line && (line.provider_ref === orderId || line.provider_ref === paymentId)) return current;
  const other = await one<{ idempotency_key: string }>(
    tx,
    `SELECT idempotency_key FROM payments WHERE booking_id = $1 AND provider_ref = ANY($2::text[]) AND kind IN ('charge', 'authorisation')
        AND idempotency_key NOT LIKE '%:failed:%' ORDER BY created_at DESC LIMIT 1`,
    [b.id, [orderId, paymentId]],
  );
  return other?.idempotency_key ?? null;
}

/**
 * The bookings module's side of Razorpay's webhook (payments/razorpay-webhook.service.ts): a payment taken
 * confirms or requests its booking (the payer may have closed the tab), one that failed is a decline, and a
 * capture's outcome is the booking's (captureOutcomes). `failedCaptures` collects the bookings whose release a
 * failed capture decided.
 */
export function razorpayBookingSide(deps: BookingDeps, failedCaptures: Set<string>): RazorpayBookingSide {
  return {
    ...captureOutcomes(deps, failedCaptures),
    async paid(tx, bookingId, orderId, payment) {
      const b = await repo.findBookingRow(tx, bookingId, { lock: true });
      if (!b) return { kind: 'known' };
      const key = await attemptOf(tx, b, orderId, payment.ref);
      if (!key) return { kind: 'known' };
      return { kind: (await recordRazorpayPaid(tx, deps, b, key, payment)).kind };
    },
    async renewal(tx, p, outcome) {
      // by its line (the job's charge, the driver's order), else the key the charge carries in its notes (the job died before recording it)
      const noted = !Array.isArray(p.notes) && typeof p.notes?.parkly_key === 'string' ? p.notes.parkly_key : null;
      const key = (await findRenewalLineKey(tx, [p.id, p.order_id])) ?? (noted && parseRenewalKey(noted) ? noted : null);
      if (!key) return { handled: false, settle: null };
      // authorised: its capture follows (the charge's order captures automatically)
      if (outcome === 'authorized') return { handled: true, settle: null };
      const payment = outcome === 'captured' ? { ref: p.id, state: 'captured' as const, method: p.method, card: cardOf(p), token: tokenOf(p) } : { failed: true as const, method: p.method };
      return { handled: true, settle: await renewalWebhook(tx, deps, key, payment) };
    },
    mandate: (tx, token, at) => mandateChanged(tx, deps, token.id, token.state, at),
    async declined(tx, bookingId, orderId, payment) {
      const b = await repo.findBookingRow(tx, bookingId, { lock: true });
      if (!b) return { released: false };
      const key = await attemptOf(tx, b, orderId, payment.ref);
      if (!key) return { released: false };
      return { released: (await recordRazorpayDecline(tx, deps, b, key, payment)).released };
    },
  };
}
