/**
 * POST bookings/:id/pay, as steps that can be undone (STYLE: medusa's reserve-inventory):
 * 1. claim: in a short transaction, check the booking awaits payment and its hold still runs, and mark
 *    it 'processing' with a new attempt number (a second payment of the same booking now gets a 409,
 *    however close behind it arrives: the row lock orders them, the mark turns the second away); an
 *    earlier attempt still waiting on its payer (3-D Secure) is let go;
 * 2. charge (instant book) or authorise (request to book) with the provider, outside any transaction,
 *    with the idempotency key `<booking>:pay:<attempt>`;
 * 3. record: the ledger line, and the transition to confirmed or requested; a decline or an outage
 *    puts the booking back to 'unpaid' (still held, so the driver can try another card). When the bank
 *    wants the payer to confirm (3-D Secure), the attempt is recorded as a pending line, the booking
 *    goes back to 'unpaid' and the answer is 402 PAYMENT_ACTION_REQUIRED; the browser then confirms and
 *    sends `{payment_intent_id}` (confirm-payment.service.ts, decision 005).
 * A decline is counted, for the booking and its payer (decision 012): the booking's last allowed decline
 * releases its hold, and a payer past their hourly cap is refused before anything is claimed or asked.
 */
import type { PayBookingFields as PayBookingInput } from '@parkly/shared/bookings';
import type { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { checkDeclineCap } from '../payments/decline-limits';
import {
  chargeCard,
  decideAbandon,
  decideReturn,
  keepCard,
  ownPaymentMethod,
  paymentActionRequired,
  providerUnavailable,
  recordEntry,
  tokenize,
  type ProviderCard,
  type Refusal,
} from '../payments/payments.service';
import { afterChange, viewBooking, type BookingDeps } from './bookings.service';
import { toBooking } from './booking-dto';
import { settleMoney } from './capture-steps';
import { confirmPayment } from './confirm-payment.service';
import { checkoutOnly, isRazorpayInput, payWithRazorpay } from './razorpay-pay.service';
import { isRazorpay } from '../payments/razorpay-payments';
import * as repo from './bookings.repository';
import { changePayment } from './lifecycle';
import { checkPayable, countDeclined, holdRanOut, lockOwnBooking, markPaid, release } from './payment-steps';

export { STALE_PAYMENT_MS } from './payment-steps';

type NewPaymentInput = Exclude<PayBookingInput, { payment_intent_id: string } | { razorpay: object } | { razorpay_payment_id: string }>;

interface Claim {
  attempt: number;
  total: number;
  currency: string;
  capture: boolean;
  title: string | null;
  /** an earlier attempt waiting on its payer was let go: its intent is to be cancelled */
  abandoned: boolean;
  /** a monthly pass: its new card is kept, for its renewals (decision 037) */
  pass: boolean;
  saved?: { id: string; ref: string; brand: string; last4: string };
}

async function claim(deps: BookingDeps, user: AuthUser, bookingId: string, input: NewPaymentInput): Promise<Claim> {
  const claimed = await deps.db.transaction(async (tx): Promise<Claim | null> => {
    const b = await lockOwnBooking(tx, user, bookingId);
    if (!(await checkPayable(tx, deps, b))) return null;
    const saved = 'payment_method_id' in input ? await ownPaymentMethod(tx, user.id, input.payment_method_id) : undefined;
    // only a booking paid at before can have an attempt waiting on its payer (its lines carry the attempt's key)
    const abandoned = b.payment_attempt > 0 && (await decideAbandon(tx, deps.provider, b.id)) > 0;
    const attempt = b.payment_attempt + 1;
    await changePayment(tx, b, 'processing', { payment_attempt: attempt, payment_started_at: new Date() });
    return {
      attempt,
      total: b.total,
      currency: b.currency,
      capture: b.instant_book,
      title: b.title,
      abandoned,
      pass: b.plan === 'monthly',
      ...(saved && { saved: { id: saved.id, ref: saved.provider_ref, brand: saved.brand, last4: saved.last4 } }),
    };
  });
  if (!claimed) {
    throw holdRanOut();
  }
  return claimed;
}

/** The card to charge: a saved one, or a new one the provider keeps; or the provider's refusal of the new card. */
async function cardFor(deps: BookingDeps, c: Claim, input: NewPaymentInput, key: string): Promise<{ card: ProviderCard | NonNullable<Claim['saved']> } | Refusal> {
  if (c.saved) return { card: c.saved };
  const t = await tokenize(deps.provider, (input as { card: ProviderCard & { number: string; cvc: string } }).card, `${key}:card`);
  return t.ok ? { card: t.card } : t;
}

export async function payBooking(deps: BookingDeps, user: AuthUser, bookingId: string, input: PayBookingInput) {
  // Razorpay Checkout's requests (decision 032); under Razorpay, nothing else pays
  if (isRazorpayInput(input)) return payWithRazorpay(deps, user, bookingId, input);
  if (isRazorpay(deps.provider)) throw checkoutOnly();
  if ('payment_intent_id' in input) return confirmPayment(deps, user, bookingId, input.payment_intent_id);
  // a payer past their hourly cap of declines is not let near the provider again
  await checkDeclineCap(deps.db, user.id, deps.limits);
  const c = await claim(deps, user, bookingId, input);
  const key = `${bookingId}:pay:${c.attempt}`;
  // the intent the payer never confirmed is cancelled before another is made
  if (c.abandoned) await settleMoney(deps, bookingId).catch(() => undefined);

  let chosen: Awaited<ReturnType<typeof cardFor>>;
  try {
    chosen = await cardFor(deps, c, input, key);
  } catch (err) {
    await release(deps, bookingId, c.attempt);
    throw err;
  }
  const card = 'card' in chosen ? chosen.card : null;
  const outcome = card
    ? await chargeCard(deps.provider, {
        amount: c.total,
        currency: c.currency,
        card: card.ref,
        capture: c.capture,
        idempotencyKey: key,
        description: `Parkly booking ${bookingId}${c.title ? `: ${c.title}` : ''}`,
      })
    : (chosen as Refusal);

  let lateError: AppError | null = null;
  /** a refund or release was decided, to carry out after the commit */
  let moneyBack = false;
  // a monthly pass renews with the card it was paid with: a new card is kept (the pay screen says so)
  const saveCard = !c.saved && (('save_card' in input && input.save_card === true) || c.pass);
  /** the booking's view as the payment left it (its payer is its guest), read in the recording transaction */
  let paidView: Awaited<ReturnType<typeof markPaid>> | undefined;
  await deps.db.transaction(async (tx) => {
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    const kind = c.capture ? 'charge' : 'authorisation';
    const line = { bookingId, kind, provider: deps.provider.name, amount: c.total, currency: c.currency, idempotencyKey: key } as const;
    if (!outcome.ok && outcome.code === 'action_required') {
      // nothing is taken until the payer confirms; the pending line is the attempt the booking waits on
      await recordEntry(tx, { ...line, status: 'pending', providerRef: outcome.ref });
      if (b.status !== 'pending_payment') {
        await decideAbandon(tx, deps.provider, bookingId);
        moneyBack = true;
        lateError = holdRanOut();
        return;
      }
      if (saveCard) await keepCard(tx, deps.provider, user.id, card as ProviderCard);
      if (b.payment_attempt === c.attempt) await changePayment(tx, b, 'unpaid', { payment_started_at: null });
      lateError = paymentActionRequired(outcome.ref, outcome.clientSecret);
      return;
    }
    if (!outcome.ok) {
      // a card refused when charged has its line; one refused before (when the provider first saw it) has none
      if (card && outcome.code !== 'unavailable') await recordEntry(tx, { ...line, status: 'failed', failureCode: outcome.code });
      if (b.payment_attempt === c.attempt) await changePayment(tx, b, 'unpaid', { payment_started_at: null });
      if (outcome.code === 'unavailable') {
        lateError = providerUnavailable();
        return;
      }
      // a pending or payer_required answer is only ever a renewal's (off-session): here it is a refusal like any other
      const counted = await countDeclined(tx, deps, b, user.id, outcome.code === 'pending' || outcome.code === 'payer_required' ? 'card_declined' : outcome.code);
      lateError = counted.error;
      moneyBack = counted.released;
      return;
    }
    await recordEntry(tx, { ...line, status: 'succeeded', providerRef: outcome.ref });
    if (b.status !== 'pending_payment') {
      // the booking ended while the card was being charged: the money goes straight back
      await decideReturn(tx, deps.provider, b, c.total);
      moneyBack = true;
      lateError = holdRanOut();
      return;
    }
    const methodId = saveCard ? (await keepCard(tx, deps.provider, user.id, card as ProviderCard)).id : (c.saved?.id ?? null);
    paidView = await markPaid(tx, deps, b, user, { capture: c.capture, total: c.total, methodId, card: card! });
  });
  await afterChange(deps, moneyBack ? bookingId : undefined);
  if (lateError) throw lateError;
  return paidView ? toBooking(paidView, 'guest', deps.urlOf, paidView.events, { provider: deps.provider.name }) : viewBooking(deps, user, bookingId);
}
