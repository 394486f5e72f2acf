/**
 * POST bookings/:id/periods/:n/pay (decision 042): the driver confirms a monthly pass's renewal that the provider
 * would not take without them (its period `action_required`: a 3-D Secure challenge, a Razorpay mandate cancelled,
 * paused or expired). It is an attempt of the period's own, made by its driver, with the renewal job's steps
 * (monthly-renewals.ts): claimed in a short transaction (the period's pending_key, `<booking>:renew:<n>:driver:<k>`,
 * so the job leaves the period to the driver for DRIVER_LEASE_MS), the provider asked outside any transaction,
 * and recorded by the job's `recordRenewal` (the `renew` event in the driver's name, or nothing when the period
 * was paid meanwhile: money taken then goes back).
 *
 * - Stripe and the simulated provider, `{}`: the saved card charged on-session; a 3-D Secure challenge answers the
 *   402 PAYMENT_ACTION_REQUIRED of the pay flow (decision 005), then `{payment_intent_id}` records it.
 * - Razorpay, `{razorpay: {method?}}`: a Checkout order for the month that is also a recurring authorisation (a new
 *   mandate replaces the one that stopped), answered as the pay flow's 402 (decision 032); then Checkout's fields,
 *   checked as for a booking (signature first), record the month and keep the new mandate. Its webhook does the same.
 */
import type { PayPeriodFields, RecurringMethod } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { findLineByKey, insertEntry } from '../payments/ledger.repository';
import { chargeCard, paymentActionRequired, paymentDeclined, providerUnavailable } from '../payments/payments.service';
import { ProviderRefusedError, ProviderUnavailableError, type PaymentLookup } from '../payments/provider';
import { isRazorpay, recurringReceiptOf, type RazorpayPaymentProvider } from '../payments/razorpay-payments';
import { checkoutSignatureValid, type ConfirmResult } from '../payments/razorpay-provider';
import { afterChange, viewBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { claimFor, isDriverKey, letDriverAttemptGo, parseRenewalKey, recordRenewal, type RenewalClaim, type RenewalOutcome } from './monthly-renewals';
import { countDriverAttempts, findPeriod, findPeriodPaymentRef, findRenewalMethod, findUsableCard, keepMandate, updatePeriod } from './pass-periods.repository';
import { notAPass } from './pass-steps';
import { lockOwnBooking } from './payment-steps';
import { checkoutAction, checkoutOnly, checkoutRequired, mandateLabel, notRazorpay, notThisPayment, payerOf, razorpayDeclined, recurringFor, type RazorpayPaid } from './razorpay-pay.service';

const GUEST = (user: AuthUser) => ({ role: 'guest' as const, id: user.id });
const notWaiting = () => new AppError('CONFLICT', 'This month does not need your confirmation: it is paid, or it is not due yet.');
const underWay = () => new AppError('CONFLICT', 'A payment for this month is under way. Try again in a moment.');
const noCard = () =>
  new AppError('CONFLICT', 'The card this pass renews with is no longer saved. Add the card under Payment cards and pay the month with it, or give notice.');


export async function payPeriod(deps: BookingDeps, user: AuthUser, bookingId: string, n: number, input: PayPeriodFields) {
  if ('razorpay' in input) return startCheckout(deps, razorpayOf(deps), user, bookingId, n, input.razorpay.method ?? 'upi');
  if ('razorpay_payment_id' in input) return finishCheckout(deps, razorpayOf(deps), user, bookingId, n, input as Sent);
  if (isRazorpay(deps.provider)) throw checkoutOnly();
  if ('payment_intent_id' in input) return finishIntent(deps, user, bookingId, n, input.payment_intent_id);
  return chargeSavedCard(deps, user, bookingId, n);
}

function razorpayOf(deps: BookingDeps): RazorpayPaymentProvider {
  if (!isRazorpay(deps.provider)) throw notRazorpay();
  return deps.provider;
}

/**
 * Claims the month for a new try of its driver's: their pass, running, this month waiting on them, no try of the
 * job's under way. A try of theirs left open is let go, or asked again with its key when the provider never
 * answered it (it has no line). Answers the claim, or 'paid' when the month was paid meanwhile.
 */
async function claimStart(deps: BookingDeps, user: AuthUser, bookingId: string, n: number): Promise<RenewalClaim | 'paid'> {
  return deps.db.transaction(async (tx) => {
    const b = await lockOwnBooking(tx, user, bookingId);
    if (b.plan !== 'monthly') throw notAPass();
    if (b.status !== 'confirmed') throw new AppError('CONFLICT', 'This monthly pass has ended: nothing more is paid on it.');
    const period = await findPeriod(tx, b.id, n);
    if (period?.payment_status === 'paid') return 'paid';
    if (!period || period.payment_status !== 'action_required') throw notWaiting();
    let key: string | null = null;
    if (period.pending_key && !isDriverKey(period.pending_key)) throw underWay();
    if (period.pending_key) {
      const line = await findLineByKey(tx, period.pending_key);
      if (line) await letDriverAttemptGo(tx, b.id, period.pending_key);
      else key = period.pending_key;
    }
    key ??= `${b.id}:renew:${n}:driver:${(await countDriverAttempts(tx, b.id, n)) + 1}`;
    const now = new Date();
    await updatePeriod(tx, b.id, n, { pending_key: key, pending_at: now });
    return claimFor(tx, b, period, key, period.attempts);
  });
}

/** Records how the driver's try went, in one transaction; a new mandate is kept when the month was paid with one. */
async function record(deps: BookingDeps, user: AuthUser, c: RenewalClaim, outcome: RenewalOutcome, paid?: RazorpayPaid) {
  const result = await deps.db.transaction(async (tx) => {
    const r = await recordRenewal(tx, deps, c, outcome, new Date(), GUEST(user));
    if (r === 'renewed' && paid?.token) {
      const t = paid.token;
      await keepMandate(tx, { bookingId: c.bookingId, customerRef: t.customerId, tokenRef: t.tokenId, method: paid.method === 'card' ? 'card' : 'upi', label: mandateLabel(paid.method, paid.card, t), paymentRef: paid.ref, contact: t.contact });
    }
    return r;
  });
  await afterChange(deps, c.bookingId);
  return result;
}

// ---- Stripe and the simulated provider: the saved card, on-session ----

/**
 * The card the month is paid with: the pass's own; or, when the driver removed it (or it belongs to another provider),
 * their default card here, which the pass then renews with (`adopt`).
 */
async function cardFor(deps: BookingDeps, user: AuthUser, bookingId: string) {
  const b = await repo.findBookingRow(deps.db, bookingId);
  const own = b && (await findRenewalMethod(deps.db, b));
  if (own && own.provider === deps.provider.name) return { ref: own.ref, adopt: null };
  const other = await findUsableCard(deps.db, user.id, deps.provider.name);
  return other ? { ref: other.provider_ref, adopt: other.id } : null;
}

async function chargeSavedCard(deps: BookingDeps, user: AuthUser, bookingId: string, n: number) {
  const c = await claimStart(deps, user, bookingId, n);
  if (c === 'paid') return viewBooking(deps, user, bookingId);
  const card = await cardFor(deps, user, bookingId);
  if (!card) {
    await deps.db.transaction((tx) => updatePeriod(tx, bookingId, n, { pending_key: null, pending_at: null }));
    throw noCard();
  }
  // the card that pays the month renews the pass from now on
  if (card.adopt) await deps.db.transaction((tx) => repo.updateBooking(tx, bookingId, { payment_method_id: card.adopt }));
  const charged = await chargeCard(deps.provider, { amount: c.amount, currency: c.currency, card: card.ref, capture: true, idempotencyKey: c.key, description: c.description });
  // the card may have been charged: the driver's next try asks again with the same key (the try has no line)
  if (!charged.ok && charged.code === 'unavailable') throw providerUnavailable();
  if (!charged.ok && charged.code === 'action_required') {
    // the bank's check, in the driver's browser: the try stays open, its line pending on the intent
    await deps.db.transaction((tx) =>
      insertEntry(tx, { bookingId, kind: 'charge', provider: deps.provider.name, amount: c.amount, currency: c.currency, status: 'pending', idempotencyKey: c.key, providerRef: charged.ref }),
    );
    throw paymentActionRequired(charged.ref, charged.clientSecret);
  }
  const outcome: RenewalOutcome = charged.ok ? { kind: 'paid', ref: charged.ref } : { kind: 'failed', code: charged.code };
  return answer(deps, user, c, outcome, await record(deps, user, c, outcome));
}

/** After Stripe.js's challenge: the intent must be the driver's open try at this month; Stripe says how it went. */
async function finishIntent(deps: BookingDeps, user: AuthUser, bookingId: string, n: number, intentId: string) {
  const c = await claimOpen(deps, user, bookingId, n, intentId);
  if (c === 'paid') return viewBooking(deps, user, bookingId);
  let found: PaymentLookup | null;
  try {
    found = deps.provider.lookup ? await deps.provider.lookup(intentId) : null;
  } catch (err) {
    throw err instanceof ProviderUnavailableError ? providerUnavailable() : err;
  }
  if (!found || found.key !== c.key || found.amount !== c.amount || found.currency !== c.currency) throw notThisPayment();
  if (found.state === 'action_required' && found.clientSecret) throw paymentActionRequired(found.ref, found.clientSecret);
  const outcome: RenewalOutcome = found.state === 'succeeded' ? { kind: 'paid', ref: found.ref } : { kind: 'failed', code: found.code ?? 'authentication_failed' };
  return answer(deps, user, c, outcome, await record(deps, user, c, outcome));
}

/**
 * The driver's open try a provider reference belongs to (an intent, or a Razorpay order): the claim to record it
 * with; 'paid' when this very payment paid the month already (the same request sent again, or the webhook first).
 */
async function claimOpen(deps: BookingDeps, user: AuthUser, bookingId: string, n: number, ref: string, paymentRef?: string): Promise<RenewalClaim | 'paid'> {
  return deps.db.transaction(async (tx) => {
    const b = await lockOwnBooking(tx, user, bookingId);
    if (b.plan !== 'monthly') throw notAPass();
    const period = await findPeriod(tx, b.id, n);
    if (!period) throw notWaiting();
    if (period.payment_status === 'paid') {
      const paidWith = await findPeriodPaymentRef(tx, period.payment_id);
      if (paidWith && (paidWith === ref || paidWith === paymentRef)) return 'paid';
      throw notWaiting();
    }
    const key = period.pending_key;
    const line = key && isDriverKey(key) ? await findLineByKey(tx, key) : undefined;
    if (!key || !line || line.status !== 'pending' || line.provider_ref !== ref) throw notThisPayment();
    return claimFor(tx, b, period, key, period.attempts);
  });
}

/** The booking as the try left it, or the error it came to. */
async function answer(deps: BookingDeps, user: AuthUser, c: RenewalClaim, outcome: RenewalOutcome, result: string) {
  if (outcome.kind === 'failed' && result !== 'renewed') throw paymentDeclined(outcome.code === 'authentication_failed' ? 'authentication_failed' : 'card_declined');
  if (result === 'ended') throw new AppError('CONFLICT', 'This pass ended before the payment came through, so the money taken goes back to you.');
  return viewBooking(deps, user, c.bookingId);
}

// ---- Razorpay: Checkout, for the month and a new mandate ----

async function startCheckout(deps: BookingDeps, provider: RazorpayPaymentProvider, user: AuthUser, bookingId: string, n: number, method: RecurringMethod) {
  const c = await claimStart(deps, user, bookingId, n);
  if (c === 'paid') return viewBooking(deps, user, bookingId);
  const b = (await repo.findBookingRow(deps.db, bookingId))!;
  const payer = await payerOf(deps.db, user.id);
  let recurring;
  let order;
  let taken: RazorpayPaid | null = null;
  try {
    recurring = await recurringFor(provider, payer, method, Math.max(b.subtotal + b.service_fee, c.amount));
    order = await provider.razorpay.createOrder({ bookingId, receipt: recurringReceiptOf(c.key), amount: c.amount, currency: c.currency, capture: true, recurring, notes: { parkly_key: c.key } });
    if (order.status !== 'created') {
      // paid already (the page never said so): recorded now
      const held = (await provider.razorpay.orderPayments(order.id)).find((p) => p.amount === c.amount && (p.status === 'captured' || p.status === 'authorized'));
      if (held) taken = { ref: held.ref, state: 'captured', method: held.method, card: held.card, token: held.token };
    }
  } catch (err) {
    // the driver's next try asks again with the same key (an order made meanwhile is found by its receipt)
    if (err instanceof ProviderUnavailableError || err instanceof ProviderRefusedError) throw providerUnavailable();
    throw err;
  }
  await deps.db.transaction((tx) =>
    insertEntry(tx, { bookingId, kind: 'charge', provider: 'razorpay', amount: c.amount, currency: c.currency, status: 'pending', idempotencyKey: c.key, providerRef: order.id }),
  );
  if (taken) return answer(deps, user, c, { kind: 'paid', ref: taken.ref }, await record(deps, user, c, { kind: 'paid', ref: taken.ref }, taken));
  throw checkoutRequired(checkoutAction(provider, order, `${b.title ?? 'Parking'}: monthly pass, month ${n}`, payer, recurring));
}

type Sent = Extract<PayPeriodFields, { razorpay_payment_id: string }>;

async function finishCheckout(deps: BookingDeps, provider: RazorpayPaymentProvider, user: AuthUser, bookingId: string, n: number, sent: Sent) {
  const signature = 'razorpay_signature' in sent ? sent.razorpay_signature : undefined;
  // a forged or mistyped signature is refused before the booking or Razorpay is looked at
  if (signature !== undefined && !checkoutSignatureValid(provider.keySecret, sent.razorpay_order_id, sent.razorpay_payment_id, signature)) throw notThisPayment();
  const c = await claimOpen(deps, user, bookingId, n, sent.razorpay_order_id, sent.razorpay_payment_id);
  if (c === 'paid') return viewBooking(deps, user, bookingId);
  let found: ConfirmResult;
  try {
    if (signature !== undefined) {
      found = await provider.razorpay.confirmPayment({ ...sent, razorpay_signature: signature }, { orderId: sent.razorpay_order_id, amount: c.amount, currency: c.currency, capture: true });
    } else {
      // Checkout said it failed: Razorpay's word, fetched here
      const p = await provider.razorpay.fetchPayment(sent.razorpay_payment_id);
      if (p.orderId !== sent.razorpay_order_id || p.amount !== c.amount) throw notThisPayment();
      found =
        p.status === 'captured' || p.status === 'authorized'
          ? { ok: true, ref: p.ref, state: 'captured', method: p.method, card: p.card, token: p.token }
          : { ok: false, code: p.status === 'failed' ? 'payment_failed' : 'payment_pending', method: p.method };
    }
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw providerUnavailable();
    if (err instanceof ProviderRefusedError) throw notThisPayment();
    throw err;
  }
  if (!found.ok) {
    // the try stays open: Checkout pays the same order again
    if (found.code === 'payment_failed') throw razorpayDeclined(found.method);
    if (found.code === 'payment_pending') throw new AppError('CONFLICT', 'Razorpay has not finished this payment yet. Try again in a moment.');
    throw notThisPayment();
  }
  const paid: RazorpayPaid = { ref: found.ref, state: found.state, method: found.method, card: found.card, token: found.token ?? null };
  return answer(deps, user, c, { kind: 'paid', ref: found.ref }, await record(deps, user, c, { kind: 'paid', ref: found.ref }, paid));
}

/**
 * Razorpay's webhook for a renewal's payment (the job's recurring charge, a UPI AutoPay debit settled later, or a
 * driver's Checkout payment): recorded as the job or the page would (recordRenewal, once; a driver's payment keeps
 * its new mandate). A driver's failed Checkout payment leaves their try open (Checkout pays the same order again).
 * Answers whether the payment was a renewal's, and the booking when money is to be settled after the commit.
 */
export async function renewalWebhook(tx: Queryable, deps: BookingDeps, key: string, payment: RazorpayPaid | { failed: true; method: string }): Promise<string | null> {
  const k = parseRenewalKey(key);
  if (!k) return null;
  const b = await repo.findBookingRow(tx, k.bookingId, { lock: true });
  const period = b ? await findPeriod(tx, k.bookingId, k.n) : undefined;
  if (!b || !period) return null;
  const claim = await claimFor(tx, b, period, key, k.driver ? period.attempts : k.attempt);
  if ('failed' in payment) {
    if (k.driver) return null;
    await recordRenewal(tx, deps, claim, { kind: 'failed', code: `razorpay_${payment.method.replace(/[^a-z_]/g, '').slice(0, 30)}_failed` }, new Date());
    return null;
  }
  const by = k.driver ? { role: 'guest' as const, id: b.guest_id } : undefined;
  const r = await recordRenewal(tx, deps, claim, { kind: 'paid', ref: payment.ref }, new Date(), by);
  if (r === 'renewed' && k.driver && payment.token) {
    const t = payment.token;
    await keepMandate(tx, { bookingId: k.bookingId, customerRef: t.customerId, tokenRef: t.tokenId, method: payment.method === 'card' ? 'card' : 'upi', label: mandateLabel(payment.method, payment.card, t), paymentRef: payment.ref, contact: t.contact });
  }
  return r === 'ended' ? k.bookingId : null;
}
