/**
 * Money for bookings, through the configured provider. Captures, refunds and releases are decided
 * inside the caller's transaction (a 'pending' ledger line with its idempotency key) and carried
 * out with the provider after the commit (settle); what fails then is retried by the lifecycle job,
 * never doubled, because the provider sees the same key. A capture's outcome is the booking's too: it is
 * recorded together with what the booking makes of it (CaptureOutcomes, decision 011).
 */
import { PAYMENT_SETTLE_RETRY } from '@parkly/shared/bookings';
import type { PaymentMethod } from '@parkly/shared/payment-methods';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { retryDelayMs } from '../mail/outbox-sender';
import { deferLine, failAwaitingLines, findLineByKey, findPaymentOf, insertEntry, liveLines, markAttempt, markFailed, markSettled, takePending, type LedgerEntry, type PendingEntry } from './ledger.repository';
import * as methods from './payment-methods.repository';
import { checkDeclineCap, countDecline } from './decline-limits';
import { lockBooking } from './stripe-webhook.repository';
import { DECLINE_MESSAGES, ProviderRefusedError, ProviderUnavailableError, type CardDetails, type ChargeRequest, type DeclineCode, type PaymentProvider, type ProviderCard } from './provider';

export { ProviderUnavailableError, type DeclineCode, type PaymentProvider, type ProviderCard } from './provider';

export const paymentDeclined = (code: keyof typeof DECLINE_MESSAGES) => new AppError('PAYMENT_DECLINED', DECLINE_MESSAGES[code]);
export const providerUnavailable = () =>
  new AppError('PAYMENT_UNAVAILABLE', 'The payment service did not answer. No money was taken; please try again in a moment.');
/** 402 PAYMENT_ACTION_REQUIRED with what the browser needs to let the payer confirm with their bank. */
export const paymentActionRequired = (ref: string, clientSecret: string) =>
  new AppError('PAYMENT_ACTION_REQUIRED', 'Your bank asks you to confirm this payment. Nothing has been taken yet.', {
    action: { type: 'stripe_next_action', payment_intent_id: ref, client_secret: clientSecret },
  });

/** A card refused by the provider, or the provider's outage: what a tokenize or a charge came to when it failed. */
export type Refusal = { ok: false; code: DeclineCode | 'unavailable' };

/** Turns a new card into a provider reference; a refusal or the provider's outage is the outcome, not an error. */
export async function tokenize(provider: PaymentProvider, card: CardDetails, key: string): Promise<{ ok: true; card: ProviderCard } | Refusal> {
  try {
    const result = await provider.tokenize(card, key);
    return 'ok' in result ? result : { ok: true, card: result };
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return { ok: false, code: 'unavailable' };
    throw err;
  }
}

/**
 * Saving a card: the person's hourly cap on declines is checked before the provider is asked, and a
 * refusal counts towards it (a card tester can try numbers here as well as on a booking).
 */
async function keptOrThrown(db: Queryable, userId: string, limits: boolean, result: { ok: true; card: ProviderCard } | Refusal) {
  if (result.ok) return result.card;
  if (result.code === 'unavailable') throw providerUnavailable();
  await countDecline(db, userId, limits);
  throw paymentDeclined(result.code);
}

/** Charges or authorises: the outcome, with the provider's outage as `unavailable`. */
export async function chargeCard(provider: PaymentProvider, req: ChargeRequest) {
  try {
    return await provider.charge(req);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return { ok: false as const, code: 'unavailable' as const };
    throw err;
  }
}

export const recordEntry = (db: Queryable, e: LedgerEntry) => insertEntry(db, e);

/**
 * Decides, in the caller's transaction, what goes back for a booking: a refund of `amount` of a
 * charge (or captured authorisation), or the release of an authorisation that was never captured.
 */
export async function decideReturn(db: Queryable, provider: PaymentProvider, booking: { id: string; currency: string }, amount: number) {
  await decideAbandon(db, provider, booking.id);
  const paid = await findPaymentOf(db, booking.id);
  if (!paid) return;
  const captured = paid.kind === 'charge' || (await hasCapture(db, booking.id));
  if (!captured) {
    // the webhook may have decided this release already (money for an attempt the booking stopped waiting on)
    if ((await liveLines(db, paid.provider_ref, 'release')).count > 0) return;
    await insertEntry(db, { bookingId: booking.id, kind: 'release', provider: provider.name, amount: paid.amount, currency: booking.currency, status: 'pending', idempotencyKey: `${booking.id}:release`, providerRef: paid.provider_ref });
    return;
  }
  await decideRefund(db, provider, booking, paid, amount, `${booking.id}:refund`);
}

/** What is left to refund of a booking's payment: charged, less the refunds decided or made (the webhook's too). */
export async function refundableOf(db: Queryable, paid: { provider_ref: string; amount: number }) {
  return Math.max(0, paid.amount - (await liveLines(db, paid.provider_ref, 'refund')).amount);
}

/**
 * Decides, in the caller's transaction, a refund of `amount` of a captured payment under `key` (a
 * cancellation's `<booking>:refund`, an admin's `<booking>:refund:admin:<key>`), carried out by
 * settlePending after the commit. Never more than is left of the payment. Answers the line's id, or null
 * when nothing was left or the key was already used.
 */
export async function decideRefund(
  db: Queryable,
  provider: PaymentProvider,
  booking: { id: string; currency: string },
  paid: { provider_ref: string; amount: number },
  amount: number,
  key: string,
) {
  const value = Math.min(amount, await refundableOf(db, paid));
  if (value <= 0) return null;
  const inserted = await insertEntry(db, { bookingId: booking.id, kind: 'refund', provider: provider.name, amount: value, currency: booking.currency, status: 'pending', idempotencyKey: key, providerRef: paid.provider_ref });
  return inserted ? ((await findLineByKey(db, key))?.id ?? null) : null;
}

/**
 * Lets go, in the caller's transaction, of the booking's payments still waiting on the payer
 * (3-D Secure never completed: they paid another way, the booking ended, or the challenge failed):
 * each is marked failed and its intent is to be cancelled (a release of nothing, carried out after
 * the commit). Should the payer have confirmed meanwhile, the webhook gives that money back.
 */
export async function decideAbandon(db: Queryable, provider: PaymentProvider, bookingId: string, code = 'abandoned') {
  const lines = await failAwaitingLines(db, bookingId, code);
  for (const l of lines) {
    await insertEntry(db, { bookingId, kind: 'release', provider: provider.name, amount: 0, currency: l.currency, status: 'pending', idempotencyKey: `${l.idempotency_key}:abandon`, providerRef: l.provider_ref });
  }
  return lines.length;
}

async function hasCapture(db: Queryable, bookingId: string) {
  const rows = await db.query(`SELECT 1 FROM payments WHERE booking_id = $1 AND kind = 'capture' AND status <> 'failed'`, [bookingId]);
  return rows.length > 0;
}

/**
 * Decides the capture of a booking's authorisation (the host accepted): its line, or null when the booking
 * has no authorisation to capture. The line may already be done (Stripe captured it and the webhook said so).
 */
export async function decideCapture(db: Queryable, provider: PaymentProvider, booking: { id: string; currency: string; total: number }) {
  const paid = await findPaymentOf(db, booking.id);
  if (!paid || paid.kind !== 'authorisation') return null;
  const key = `${booking.id}:capture`;
  await insertEntry(db, { bookingId: booking.id, kind: 'capture', provider: provider.name, amount: paid.amount, currency: booking.currency, status: 'pending', idempotencyKey: key, providerRef: paid.provider_ref });
  return (await findLineByKey(db, key)) ?? null;
}

/**
 * What a booking makes of its capture, written in the transaction that records the capture's outcome (the
 * booking locked first): the bookings module confirms it, or cancels it (decision 011). Each is a no-op for a
 * booking not waiting on its capture, so a second worker or a webhook after the first changes nothing.
 */
export interface CaptureOutcomes {
  captured(tx: Queryable, bookingId: string): Promise<void>;
  failed(tx: Queryable, bookingId: string, code: string): Promise<void>;
}

/** A capture's outcome, with its booking: the line marked and the booking told, in one transaction. */
async function recordCapture(db: Database, line: PendingEntry, captures: CaptureOutcomes, failure?: string) {
  return db.transaction(async (tx) => {
    // the booking first, as the webhook takes them: the two never wait on each other crosswise
    await lockBooking(tx, line.booking_id);
    if (failure === undefined) {
      if (await markSettled(tx, line.id)) await captures.captured(tx, line.booking_id);
    } else if (await markFailed(tx, line.id, failure)) await captures.failed(tx, line.booking_id, failure);
  });
}

/** How long a refund or release the provider is still carrying out waits before it is looked at again (its webhook is expected first). */
export const PROVIDER_WAIT_MS = 6 * 3600_000;

/**
 * Carries out pending captures, refunds and releases (of one booking, or any that are due): each line once. A
 * failure is tried again later (PAYMENT_SETTLE_RETRY); a capture the provider refuses, or one still failing on
 * its last attempt, has failed for good.
 */
export async function settlePending(db: Database, provider: PaymentProvider, captures: CaptureOutcomes, opts: { bookingId?: string; limit?: number } = {}) {
  let settled = 0;
  for (const line of await takePending(db, opts.limit ?? 50, PAYMENT_SETTLE_RETRY.maxAttempts, opts.bookingId)) {
    let result: void | 'pending' = undefined;
    try {
      if (line.kind === 'capture') await provider.capture(line.provider_ref, line.amount, line.idempotency_key);
      else if (line.kind === 'refund') result = await provider.refund(line.provider_ref, line.amount, line.idempotency_key);
      else result = await provider.release(line.provider_ref, line.idempotency_key);
    } catch (err) {
      const attempt = line.attempts + 1;
      const hopeless = err instanceof ProviderRefusedError || attempt >= PAYMENT_SETTLE_RETRY.maxAttempts;
      if (line.kind === 'capture' && hopeless) await recordCapture(db, line, captures, err instanceof ProviderRefusedError ? err.code : 'retries_exhausted');
      else await markAttempt(db, line.id, (err as Error).message, retryDelayMs(attempt, PAYMENT_SETTLE_RETRY));
      continue;
    }
    if (result === 'pending') {
      // taken, not done yet: the provider's webhook settles it (or a later look finds it done)
      await deferLine(db, line.id, PROVIDER_WAIT_MS);
      continue;
    }
    if (line.kind === 'capture') await recordCapture(db, line, captures);
    else await markSettled(db, line.id);
    settled += 1;
  }
  return settled;
}

// ---- saved cards ----

const methodNotFound = () => new AppError('NOT_FOUND', 'Card not found');

export function toPaymentMethod(row: methods.PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    provider: row.provider,
    brand: row.brand as PaymentMethod['brand'],
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listPaymentMethods(db: Queryable, userId: string) {
  return (await methods.findPaymentMethods(db, userId)).map(toPaymentMethod);
}

/** A saved card of the user (someone else's id answers like an unknown one). */
export async function ownPaymentMethod(db: Queryable, userId: string, id: string) {
  const row = isUuid(id) ? await methods.findPaymentMethod(db, userId, id) : undefined;
  if (!row) throw methodNotFound();
  return row;
}

/** Keeps a tokenized card; the first card is the default. */
export async function keepCard(db: Queryable, provider: PaymentProvider, userId: string, card: ProviderCard, isDefault = false) {
  if ((await methods.countPaymentMethods(db, userId)) >= 10) {
    throw new AppError('CONFLICT', 'You can keep at most 10 cards. Remove one first.');
  }
  const first = (await methods.countPaymentMethods(db, userId)) === 0;
  return methods.insertPaymentMethod(db, userId, { provider: provider.name, ref: card.ref, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, isDefault: isDefault || first });
}

/** With Razorpay no card is saved here: Checkout keeps the payer's cards and UPI IDs itself, by phone number (decision 032). */
const savedInCheckout = () =>
  new AppError('VALIDATION', 'Cards are not saved here with Razorpay: Razorpay Checkout offers to keep your cards and UPI IDs with your phone number when you pay.');

export async function addPaymentMethod(db: Database, provider: PaymentProvider, userId: string, card: CardDetails, isDefault: boolean | undefined, limits: boolean) {
  if (provider.name === 'razorpay') throw savedInCheckout();
  await checkDeclineCap(db, userId, limits);
  const tokenized = await keptOrThrown(db, userId, limits, await tokenize(provider, card, `${userId}:card:${Date.now()}`));
  return toPaymentMethod(await db.transaction((tx) => keepCard(tx, provider, userId, tokenized, isDefault)));
}

/** Keeps a card the browser gave the provider directly (Stripe Elements' PaymentMethod id). */
export async function addProviderPaymentMethod(db: Database, provider: PaymentProvider, userId: string, paymentMethodId: string, isDefault: boolean | undefined, limits: boolean) {
  if (provider.name === 'razorpay') throw savedInCheckout();
  if (!provider.fromPaymentMethodId) throw new AppError('NOT_FOUND', 'This server takes cards through its own card form');
  await checkDeclineCap(db, userId, limits);
  let result: { ok: true; card: ProviderCard } | Refusal;
  try {
    const r = await provider.fromPaymentMethodId(paymentMethodId, `${userId}:${paymentMethodId}`);
    result = 'ok' in r ? r : { ok: true, card: r };
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw providerUnavailable();
    throw err;
  }
  const card = await keptOrThrown(db, userId, limits, result);
  return toPaymentMethod(await db.transaction((tx) => keepCard(tx, provider, userId, card, isDefault)));
}

export async function setDefaultPaymentMethod(db: Database, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await ownPaymentMethod(tx, userId, id);
    await methods.makeDefault(tx, userId, id);
    return toPaymentMethod((await methods.findPaymentMethod(tx, userId, id))!);
  });
}

export async function removePaymentMethod(db: Database, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await ownPaymentMethod(tx, userId, id);
    await methods.softDelete(tx, userId, row);
    return { id, deleted: true as const };
  });
}
