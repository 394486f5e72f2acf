/**
 * POST bookings/:id/pay {payment_intent_id}: after a 402 PAYMENT_ACTION_REQUIRED, the payer confirmed
 * with their bank in the browser (Stripe.js), and the booking learns how it went. The same steps as
 * paying (decision 003), for the attempt the booking already waits on:
 * 1. claim: the intent must be that attempt's (its pending ledger line); mark the booking 'processing';
 * 2. ask the provider where the intent stands, outside any transaction, and check it is this booking's
 *    (the key in its metadata, the amount, the currency);
 * 3. record: went through -> the line succeeds and the booking is confirmed or requested, once (the
 *    webhook may have marked the line already: it never records the booking's side); failed or
 *    cancelled -> the line fails, the intent is let go and the booking is payable with another card;
 *    still waiting -> 402 PAYMENT_ACTION_REQUIRED again.
 * Sent again once the booking is paid with this intent, it answers the booking (a retried request).
 */
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { findLineByKey, insertEntry } from '../payments/ledger.repository';
import { findPaymentMethodByRef } from '../payments/payment-methods.repository';
import { decideAbandon, decideReturn, paymentActionRequired, paymentDeclined, providerUnavailable, ProviderUnavailableError } from '../payments/payments.service';
import type { PaymentLookup } from '../payments/provider';
import { upgradeToSucceeded } from '../payments/stripe-webhook.repository';
import { afterChange, viewBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { changePayment } from './lifecycle';
import { checkPayable, countDeclined, holdRanOut, isPaid, lockOwnBooking, markPaid, release } from './payment-steps';

const notThisPayment = () => new AppError('CONFLICT', 'This payment is not the one this booking is waiting for. Please pay again.');

interface Claim {
  attempt: number;
  total: number;
  currency: string;
  capture: boolean;
}

/** The claim, or 'done' when the booking is already paid with this very intent. */
async function claim(deps: BookingDeps, user: AuthUser, bookingId: string, intentId: string): Promise<Claim | 'done'> {
  const claimed = await deps.db.transaction(async (tx): Promise<Claim | 'done' | null> => {
    const b = await lockOwnBooking(tx, user, bookingId);
    const line = await findLineByKey(tx, `${b.id}:pay:${b.payment_attempt}`);
    if (isPaid(b) && line?.status === 'succeeded' && line.provider_ref === intentId) return 'done';
    if (!(await checkPayable(tx, deps, b))) return null;
    if (!line || line.provider_ref !== intentId || line.status === 'failed') throw notThisPayment();
    await changePayment(tx, b, 'processing', { payment_started_at: new Date() });
    return { attempt: b.payment_attempt, total: b.total, currency: b.currency, capture: b.instant_book };
  });
  if (!claimed) {
    throw holdRanOut();
  }
  return claimed;
}

async function lookUp(deps: BookingDeps, bookingId: string, c: Claim, intentId: string): Promise<PaymentLookup> {
  let found: PaymentLookup | null;
  try {
    found = deps.provider.lookup ? await deps.provider.lookup(intentId) : null;
  } catch (err) {
    await release(deps, bookingId, c.attempt);
    throw err instanceof ProviderUnavailableError ? providerUnavailable() : err;
  }
  // the ledger said so; Stripe must say the same: this booking's attempt, its amount, its currency
  if (!found || found.key !== `${bookingId}:pay:${c.attempt}` || found.amount !== c.total || found.currency !== c.currency) {
    await release(deps, bookingId, c.attempt);
    throw notThisPayment();
  }
  return found;
}

export async function confirmPayment(deps: BookingDeps, user: AuthUser, bookingId: string, intentId: string) {
  const c = await claim(deps, user, bookingId, intentId);
  if (c === 'done') return viewBooking(deps, user, bookingId);
  const found = await lookUp(deps, bookingId, c, intentId);
  const key = `${bookingId}:pay:${c.attempt}`;

  let lateError: AppError | null = null;
  let moneyBack = false;
  await deps.db.transaction(async (tx) => {
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    const ours = b.payment_attempt === c.attempt;
    if (found.state === 'action_required' && found.clientSecret) {
      if (ours) await changePayment(tx, b, 'unpaid', { payment_started_at: null });
      lateError = paymentActionRequired(found.ref, found.clientSecret);
      return;
    }
    if (found.state !== 'succeeded') {
      // the bank said no, or the intent is gone: let it go; another card can pay while the hold lasts
      const code = found.code ?? 'authentication_failed';
      await decideAbandon(tx, deps.provider, bookingId, code);
      moneyBack = true;
      if (ours) await changePayment(tx, b, 'unpaid', { payment_started_at: null });
      // a challenge the payer failed is a decline like any other (decision 012); an intent cancelled meanwhile is not
      lateError = found.state === 'failed' ? (await countDeclined(tx, deps, b, user.id, code)).error : paymentDeclined(code);
      return;
    }
    // the webhook may have recorded the success already: either way the line says it once
    const kind = c.capture ? 'charge' : 'authorisation';
    const inserted = await insertEntry(tx, { bookingId, kind, provider: deps.provider.name, amount: c.total, currency: c.currency, status: 'succeeded', idempotencyKey: key, providerRef: found.ref });
    if (!inserted) await upgradeToSucceeded(tx, key, found.ref);
    if (b.status !== 'pending_payment' || !ours) {
      await decideReturn(tx, deps.provider, b, c.total);
      moneyBack = true;
      lateError = holdRanOut();
      return;
    }
    const card = found.card ?? { ref: '', brand: 'unknown', last4: '0000' };
    const methodId = found.card ? ((await findPaymentMethodByRef(tx, user.id, found.card.ref))?.id ?? null) : null;
    await markPaid(tx, deps, b, user, { capture: c.capture, total: c.total, methodId, card });
  });
  await afterChange(deps, moneyBack ? bookingId : undefined);
  if (lateError) throw lateError;
  return viewBooking(deps, user, bookingId);
}
