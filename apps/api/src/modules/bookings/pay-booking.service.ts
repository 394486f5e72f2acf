/**
 * POST bookings/:id/pay, as steps that can be undone (STYLE: medusa's reserve-inventory):
 * 1. claim: in a short transaction, check the booking awaits payment and its hold still runs, and mark
 *    it 'processing' with a new attempt number (a second payment of the same booking now gets a 409,
 *    however close behind it arrives: the row lock orders them, the mark turns the second away);
 * 2. charge (instant book) or authorise (request to book) with the provider, outside any transaction,
 *    with the idempotency key `<booking>:pay:<attempt>`;
 * 3. record: the ledger line, and the transition to confirmed or requested; a decline or an outage
 *    puts the booking back to 'unpaid' (still held, so the driver can try another card).
 */
import type { PayBookingFields as PayBookingInput } from '@parkly/shared/bookings';
import { REQUEST_ANSWER_HOURS } from '@parkly/shared/booking-lifecycle';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { PendingPushes } from '../notifications/notify';
import {
  chargeCard,
  decideReturn,
  keepCard,
  ownPaymentMethod,
  paymentDeclined,
  providerUnavailable,
  recordEntry,
  tokenizeCard,
  type ProviderCard,
} from '../payments/payments.service';
import { afterChange, bookingNotFound, expireBooking, tellAbout, viewBooking, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { transition } from './lifecycle';

/** A payment marked 'processing' longer than this is taken to have died with its process. */
export const STALE_PAYMENT_MS = 2 * 60_000;

const holdRanOut = () => new AppError('CONFLICT', 'The 15 minutes to pay for this booking have run out, and the space was released. Please book again.');

interface Claim {
  attempt: number;
  total: number;
  currency: string;
  capture: boolean;
  title: string | null;
  saved?: { id: string; ref: string; brand: string; last4: string };
}

async function claim(deps: BookingDeps, user: AuthUser, bookingId: string, input: PayBookingInput): Promise<Claim> {
  const pushes: PendingPushes = [];
  let lapsed = false;
  const claimed = await deps.db.transaction(async (tx): Promise<Claim | null> => {
    const b = isUuid(bookingId) ? await repo.findBookingRow(tx, bookingId, { lock: true }) : undefined;
    if (!b || b.guest_id !== user.id) throw bookingNotFound();
    if (b.status === 'confirmed' || b.status === 'requested' || b.status === 'completed') throw new AppError('CONFLICT', 'This booking is already paid.');
    if (b.status !== 'pending_payment') throw new AppError('CONFLICT', 'This booking is no longer awaiting payment.');
    const processing = b.payment_status === 'processing' && b.payment_started_at && Date.now() - new Date(b.payment_started_at).getTime() < STALE_PAYMENT_MS;
    if (processing) throw new AppError('CONFLICT', 'A payment for this booking is already under way.');
    if (b.hold_expires_at && new Date(b.hold_expires_at) <= new Date()) {
      lapsed = await expireBooking(tx, deps, b.id, pushes);
      return null;
    }
    const saved = 'payment_method_id' in input ? await ownPaymentMethod(tx, user.id, input.payment_method_id) : undefined;
    const attempt = b.payment_attempt + 1;
    await repo.updateBooking(tx, b.id, { payment_status: 'processing', payment_attempt: attempt, payment_started_at: new Date() });
    return {
      attempt,
      total: b.total,
      currency: b.currency,
      capture: b.instant_book,
      title: b.title,
      ...(saved && { saved: { id: saved.id, ref: saved.provider_ref, brand: saved.brand, last4: saved.last4 } }),
    };
  });
  if (!claimed) {
    if (lapsed) await afterChange(deps, pushes);
    throw holdRanOut();
  }
  return claimed;
}

/** Gives the booking back to 'unpaid' after a decline or an outage: still held, ready for another card. */
async function release(deps: BookingDeps, bookingId: string, attempt: number) {
  await deps.db.transaction(async (tx) => {
    const b = await repo.findBookingRow(tx, bookingId, { lock: true });
    if (b && b.payment_status === 'processing' && b.payment_attempt === attempt) {
      await repo.updateBooking(tx, bookingId, { payment_status: 'unpaid', payment_started_at: null });
    }
  });
}

export async function payBooking(deps: BookingDeps, user: AuthUser, bookingId: string, input: PayBookingInput) {
  const c = await claim(deps, user, bookingId, input);
  const key = `${bookingId}:pay:${c.attempt}`;

  let card: ProviderCard | { ref: string; brand: string; last4: string };
  try {
    card = c.saved ?? (await tokenizeCard(deps.provider, (input as { card: ProviderCard & { number: string; cvc: string } }).card, `${key}:card`));
  } catch (err) {
    await release(deps, bookingId, c.attempt);
    throw err;
  }

  const outcome = await chargeCard(deps.provider, {
    amount: c.total,
    currency: c.currency,
    card: card.ref,
    capture: c.capture,
    idempotencyKey: key,
    description: `Parkly booking ${bookingId}${c.title ? `: ${c.title}` : ''}`,
  });

  const pushes: PendingPushes = [];
  let lateError: AppError | null = null;
  /** a refund or release was decided, to carry out after the commit */
  let moneyBack = false;
  await deps.db.transaction(async (tx) => {
    const b = (await repo.findBookingRow(tx, bookingId, { lock: true }))!;
    const kind = c.capture ? 'charge' : 'authorisation';
    if (!outcome.ok) {
      if (outcome.code !== 'unavailable') {
        await recordEntry(tx, { bookingId, kind, provider: deps.provider.name, amount: c.total, currency: c.currency, status: 'failed', idempotencyKey: key, failureCode: outcome.code });
      }
      if (b.payment_attempt === c.attempt) await repo.updateBooking(tx, bookingId, { payment_status: 'unpaid', payment_started_at: null });
      lateError = outcome.code === 'unavailable' ? providerUnavailable() : paymentDeclined(outcome.code);
      return;
    }
    await recordEntry(tx, { bookingId, kind, provider: deps.provider.name, amount: c.total, currency: c.currency, status: 'succeeded', idempotencyKey: key, providerRef: outcome.ref });
    if (b.status !== 'pending_payment') {
      // the booking ended while the card was being charged: the money goes straight back
      await decideReturn(tx, deps.provider, b, c.total);
      moneyBack = true;
      lateError = holdRanOut();
      return;
    }
    let methodId = c.saved?.id ?? null;
    if (!c.saved && 'save_card' in input && input.save_card) methodId = (await keepCard(tx, deps.provider, user.id, card as ProviderCard)).id;
    await transition(tx, b, c.capture ? 'pay_instant' : 'pay_request', { role: 'guest', id: user.id }, {
      changes: {
        payment_status: c.capture ? 'paid' : 'authorised',
        amount_paid: c.capture ? c.total : 0,
        payment_method_id: methodId,
        card_brand: card.brand,
        card_last4: card.last4,
        payment_started_at: null,
        hold_expires_at: c.capture ? null : new Date(Date.now() + REQUEST_ANSWER_HOURS * 3600_000),
      },
    });
    await tellAbout(tx, deps, c.capture ? 'confirmed' : 'requested', bookingId, pushes);
  });
  await afterChange(deps, pushes, moneyBack ? bookingId : undefined);
  if (lateError) throw lateError;
  return viewBooking(deps, user, bookingId);
}
