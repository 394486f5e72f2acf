/**
 * The renewal job of monthly passes (decision 037), safe on every instance at once and after a crash:
 * 1. claim, in a short transaction: the passes whose charge is due at `now` (bookings.next_charge_at), each taken
 *    FOR UPDATE SKIP LOCKED; its next period's row written (or found), the attempt counted and its idempotency key
 *    (`<booking>:renew:<n>:<attempt>`) kept on the period (pending_key), and the pass leased (next_charge_at moved
 *    CLAIM_LEASE_MS on) so no other run takes it while the provider is asked;
 * 2. charge what the pass renews with (the saved card, or its Razorpay mandate: decision 042), off-session, outside
 *    any transaction, with that key;
 * 3. record, in a transaction: the payment line, and the event: `renew` (the period paid, the host's earning, its
 *    invoices, the next renewal), `renewal_failed` (tried again: a day before the period, then 1 and 3 days after
 *    the first try), `renewal_action_required` (the provider will not take it without the driver: 3-D Secure, a
 *    mandate revoked or expired; the driver is asked to confirm, and it is tried again on the same days) or, after
 *    RENEWAL_ATTEMPTS, `renewal_lapsed` (the pass ends with its paid period).
 * A run that died between 1 and 3 leaves the key on the period: the next run, once the lease is over, asks the
 * provider again with the same key (Stripe answers the first charge; Razorpay's order, found by the key's receipt,
 * answers its payment): never a second charge. So does an answer that never came (the provider's outage) and a
 * charge the provider settles later (a UPI AutoPay debit, `pending`: its webhook records it through
 * `recordRenewal`, and the job looks again every PENDING_LOOK_MS should the webhook be lost).
 * `now` is a parameter: the tests move the clock.
 */
import type { Queryable } from '../../db/database';
import { failPendingLine, findLineByKey, insertEntry } from '../payments/ledger.repository';
import { chargeCard, decideRefund, recordEntry } from '../payments/payments.service';
import type { ChargeResult } from '../payments/provider';
import { upgradeToSucceeded } from '../payments/stripe-webhook.repository';
import { afterChange, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { SYSTEM, transition, type Actor } from './lifecycle';
import { findLastPeriod, findPayer, findRenewalMethod, insertPeriod, takeDueRenewals, updatePeriod, type PeriodRow } from './pass-periods.repository';
import { RENEWAL_ATTEMPTS, renewalAttemptAt } from '@parkly/shared/pass-dates';
import { passPeriod } from './quote.service';

const BATCH = 50;
/** How long a claimed renewal is left to the run that claimed it before another may take it again. */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** How often a charge the provider settles later (a UPI AutoPay debit) is looked at again, should its webhook be lost. */
export const PENDING_LOOK_MS = 6 * 3600_000;
/** How long a driver's own confirmation of a month (their bank's check, Checkout) holds the period before the job may try again. */
export const DRIVER_LEASE_MS = 30 * 60_000;

/** `<booking>:renew:<n>:<attempt>`, or a driver's `<booking>:renew:<n>:driver:<k>`: the period and who tried. */
const KEY = /^([0-9a-f-]{36}):renew:(\d+):(driver:)?(\d+)$/;
export const parseRenewalKey = (key: string) => {
  const m = KEY.exec(key);
  return m ? { bookingId: m[1]!, n: Number(m[2]), driver: !!m[3], attempt: Number(m[4]) } : null;
};
export const isDriverKey = (key: string | null | undefined) => !!key && parseRenewalKey(key)?.driver === true;

export interface RenewalClaim {
  bookingId: string;
  n: number;
  attempt: number;
  key: string;
  amount: number;
  currency: string;
  card: { ref: string } | null;
  payer: { email: string; contact: string | null };
  description: string;
  renewsAt: Date;
  end: Date;
}

/**
 * How an attempt went. `unknown`: the provider did not answer (it may have charged): the attempt stays open and is
 * asked again with its key. `pending`: taken, settled later. `needs_driver`: only the driver can let it through
 * (`ref`: a 3-D Secure intent left open, cancelled now: the driver confirms with a payment of their own).
 */
export type RenewalOutcome =
  | { kind: 'paid'; ref: string }
  | { kind: 'failed'; code: string }
  | { kind: 'pending'; ref: string }
  | { kind: 'needs_driver'; code: string; ref?: string }
  | { kind: 'unknown' };

export function outcomeOf(charged: ChargeResult | { ok: false; code: 'unavailable' }): RenewalOutcome {
  if (charged.ok) return { kind: 'paid', ref: charged.ref };
  if (charged.code === 'unavailable') return { kind: 'unknown' };
  if (charged.code === 'pending') return { kind: 'pending', ref: charged.ref };
  if (charged.code === 'action_required') return { kind: 'needs_driver', code: 'authentication_required', ref: charged.ref };
  if (charged.code === 'payer_required') return { kind: 'needs_driver', code: 'mandate_inactive' };
  return { kind: 'failed', code: charged.code };
}

/** A claim's money and words, for a period (`attempt` and `key` given by the claimer). */
export async function claimFor(tx: Queryable, b: repo.BookingRow, period: { n: number; total: number; currency: string; starts: Date; ends: Date }, key: string, attempt: number): Promise<RenewalClaim> {
  const method = await findRenewalMethod(tx, b);
  const payer = await findPayer(tx, b.guest_id);
  return {
    bookingId: b.id,
    n: period.n,
    attempt,
    key,
    amount: period.total,
    currency: period.currency,
    // a mandate its payer stopped (decision 045) is not tried: the month goes straight to its driver
    card: method && method.state === 'active' ? { ref: method.ref } : null,
    payer: { email: payer?.email ?? '', contact: method?.contact ?? payer?.phone?.replace(/[\s()-]/g, '') ?? null },
    description: `Parkly monthly pass ${b.id}${b.title ? `: ${b.title}` : ''}, month ${period.n}`,
    renewsAt: new Date(period.starts),
    end: new Date(period.ends),
  };
}

/** Step 1 for one locked pass: the claim, or null when there is nothing to charge now (its end is reached; the driver is confirming). */
async function claimOne(tx: Queryable, bookingId: string, now: Date): Promise<RenewalClaim | null> {
  const b = (await repo.findBookingRow(tx, bookingId))!;
  if (!b.renews_at || (b.ends_at && new Date(b.renews_at) >= new Date(b.ends_at))) {
    await repo.updateBooking(tx, b.id, { next_charge_at: null });
    return null;
  }
  const last = await findLastPeriod(tx, b.id);
  // the period that begins at renews_at: the one being tried already, or the next one
  let n = last && last.payment_status !== 'paid' && last.payment_status !== 'refunded' ? last.n : (last?.n ?? 0) + 1;
  if (n === 1) n = 2;
  const period = passPeriod(b.starts, n, b.time_zone);
  await insertPeriod(tx, {
    bookingId: b.id,
    n,
    start: period.start,
    end: period.end,
    currency: b.currency,
    subtotal: b.subtotal,
    serviceFee: b.service_fee,
    hostFee: b.host_fee,
    discount: 0,
    total: b.subtotal + b.service_fee,
  });
  let row = (await findLastPeriod(tx, b.id))!;
  if (isDriverKey(row.pending_key)) {
    // the driver is confirming this month themselves: left to them for a while, then let go
    const until = new Date((row.pending_at ? new Date(row.pending_at).getTime() : 0) + DRIVER_LEASE_MS);
    if (until > now) {
      await repo.updateBooking(tx, b.id, { next_charge_at: until });
      return null;
    }
    await letDriverAttemptGo(tx, b.id, row.pending_key!);
    await updatePeriod(tx, b.id, n, { pending_key: null, pending_at: null });
    row = (await findLastPeriod(tx, b.id))!;
  }
  // an attempt a crashed run left (or one the provider has not settled): asked again with its key; else a new attempt
  const attempt = row.pending_key ? row.attempts : row.attempts + 1;
  const key = row.pending_key ?? `${b.id}:renew:${n}:${attempt}`;
  await updatePeriod(tx, b.id, n, { attempts: attempt, pending_key: key, pending_at: row.pending_at ?? now });
  await repo.updateBooking(tx, b.id, { next_charge_at: new Date(now.getTime() + CLAIM_LEASE_MS) });
  return claimFor(tx, b, row, key, attempt);
}

/**
 * A driver's confirmation left open (their bank's check, or Checkout, never finished): its line fails, and a
 * 3-D Secure intent is cancelled after the commit (a release of nothing). Should they finish it after all, the
 * money goes back (recordRenewal: the period no longer carries that key).
 */
export async function letDriverAttemptGo(tx: Queryable, bookingId: string, key: string) {
  const line = await findLineByKey(tx, key);
  if (!line || line.status !== 'pending') return;
  await failPendingLine(tx, line.id, 'abandoned');
  if (line.provider_ref?.startsWith('pi_')) {
    await insertEntry(tx, { bookingId, kind: 'release', provider: line.provider, amount: 0, currency: line.currency, status: 'pending', idempotencyKey: `${key}:abandon`, providerRef: line.provider_ref });
  }
}

/** When the attempt after `attempt` is made (never within the hour). */
const nextAttemptAt = (c: RenewalClaim, now: Date) => new Date(Math.max(renewalAttemptAt(c.renewsAt, c.attempt + 1).getTime(), now.getTime() + 3600_000));

export type RecordResult = 'renewed' | 'failed' | 'action_required' | 'lapsed' | 'ended' | 'skipped' | 'pending' | 'unknown';

/**
 * Step 3, in the caller's transaction (the job's, a webhook's, or the driver's confirmation): the payment line and
 * the event. Nothing when the period no longer carries this attempt's key (another run, or the webhook, recorded
 * it), except that money taken for it goes back. `by`: who made the attempt (the job, or the driver).
 */
export async function recordRenewal(tx: Queryable, deps: BookingDeps, c: RenewalClaim, outcome: RenewalOutcome, now: Date, by: Actor = SYSTEM): Promise<RecordResult> {
  const b = await repo.findBookingRow(tx, c.bookingId, { lock: true });
  let period = await findLastPeriod(tx, c.bookingId);
  if (b && period && outcome.kind === 'paid' && (await adoptLatePayment(tx, b, period, c))) period = await findLastPeriod(tx, c.bookingId);
  const line = { bookingId: c.bookingId, kind: 'charge', provider: deps.provider.name, amount: c.amount, currency: c.currency, idempotencyKey: c.key } as const;
  if (!b || !period || period.n !== c.n || period.pending_key !== c.key) {
    // recorded already, or let go: money it took after all goes back (once: the line says it)
    if (b && outcome.kind === 'paid' && (await findLineByKey(tx, c.key))?.status !== 'succeeded') {
      await succeed(tx, line, outcome.ref);
      await decideRefund(tx, deps.provider, b, { provider_ref: outcome.ref, amount: c.amount }, c.amount, `${c.key}:return`);
      return 'ended';
    }
    return 'skipped';
  }
  switch (outcome.kind) {
    case 'unknown':
      // the provider did not answer: it may have charged. The attempt stays open (its key), asked again after the lease
      return 'unknown';
    case 'pending':
      // taken, settled later (a UPI AutoPay debit): the webhook records it; looked at again should it be lost
      await insertEntry(tx, { ...line, status: 'pending', providerRef: outcome.ref });
      await repo.updateBooking(tx, c.bookingId, { next_charge_at: new Date(now.getTime() + PENDING_LOOK_MS) });
      return 'pending';
    case 'paid': {
      await succeed(tx, line, outcome.ref);
      const paymentId = (await findLineByKey(tx, c.key))?.id ?? null;
      if (b.status !== 'confirmed') {
        // the pass ended while it was charged: the money goes straight back (refunded after the commit)
        await updatePeriod(tx, c.bookingId, c.n, { pending_key: null, pending_at: null });
        await decideRefund(tx, deps.provider, b, { provider_ref: outcome.ref, amount: c.amount }, c.amount, `${c.key}:return`);
        return 'ended';
      }
      await transition(tx, deps, b, 'renew', by, { input: { renewal: { n: c.n, end: c.end, attempts: period.attempts, paymentId, at: now } } });
      return 'renewed';
    }
    case 'failed':
    case 'needs_driver': {
      const failed = await findLineByKey(tx, c.key);
      if (failed) await failPendingLine(tx, failed.id, outcome.code);
      else await recordEntry(tx, { ...line, status: 'failed', failureCode: outcome.code });
      // a 3-D Secure intent is not left open: the driver confirms with a payment of their own
      if (outcome.kind === 'needs_driver' && outcome.ref) {
        await insertEntry(tx, { bookingId: c.bookingId, kind: 'release', provider: deps.provider.name, amount: 0, currency: c.currency, status: 'pending', idempotencyKey: `${c.key}:abandon`, providerRef: outcome.ref });
      }
      if (b.status !== 'confirmed') {
        await updatePeriod(tx, c.bookingId, c.n, { pending_key: null, pending_at: null });
        return 'ended';
      }
      if (isDriverKey(c.key)) {
        // the driver's own try: they are told on the page, and the period waits as it did
        await updatePeriod(tx, c.bookingId, c.n, { pending_key: null, pending_at: null });
        return outcome.kind === 'failed' ? 'failed' : 'action_required';
      }
      const renewal = { n: c.n, end: c.end, attempts: c.attempt, at: now };
      if (c.attempt >= RENEWAL_ATTEMPTS) {
        await transition(tx, deps, b, 'renewal_lapsed', SYSTEM, { input: { renewal } });
        return 'lapsed';
      }
      const next = { ...renewal, nextAttemptAt: nextAttemptAt(c, now) };
      if (outcome.kind === 'needs_driver') {
        await transition(tx, deps, b, 'renewal_action_required', SYSTEM, { input: { renewal: next } });
        return 'action_required';
      }
      await transition(tx, deps, b, 'renewal_failed', SYSTEM, { input: { renewal: next } });
      return 'failed';
    }
  }
}

/**
 * A driver's payment for a month that came after their try was let go (its page report and webhook lost, found by the
 * reconciliation or a late webhook; decision 045): when the month still waits for its money and no attempt of the
 * job's is under way, it pays the month (the try takes the period back) rather than going back to a driver who needs
 * the month. A Checkout try of theirs opened since is let go (should it be paid too, that money goes back). Answers
 * whether it took the period back.
 */
async function adoptLatePayment(tx: Queryable, b: repo.BookingRow, period: PeriodRow, c: RenewalClaim) {
  if (!isDriverKey(c.key) || period.pending_key === c.key || period.n !== c.n || b.status !== 'confirmed') return false;
  if (!AWAITING.includes(period.payment_status)) return false;
  if (period.pending_key && !isDriverKey(period.pending_key)) return false;
  // a 3-D Secure intent let go is being cancelled: what it took after all goes back, as before
  if (await findLineByKey(tx, `${c.key}:abandon`)) return false;
  if (period.pending_key) await letDriverAttemptGo(tx, b.id, period.pending_key);
  await updatePeriod(tx, b.id, c.n, { pending_key: c.key, pending_at: period.pending_at ?? new Date() });
  return true;
}
/** A period still waiting for its money (not paid, refunded, or failed for good). */
const AWAITING: readonly string[] = ['due', 'retrying', 'action_required'];

/** The attempt's line says it succeeded with `ref` (written now, or its pending line upgraded). */
async function succeed(tx: Queryable, line: Omit<Parameters<typeof recordEntry>[1], 'status'>, ref: string) {
  if (!(await recordEntry(tx, { ...line, status: 'succeeded', providerRef: ref }))) await upgradeToSucceeded(tx, line.idempotencyKey, ref);
}

/** One run of the renewal job at `now` (of one pass only, with `bookingId`): what it did, by outcome. */
export async function runRenewals(deps: BookingDeps, now = new Date(), opts: { bookingId?: string } = {}) {
  const claims = await deps.db.transaction(async (tx) => {
    const out: RenewalClaim[] = [];
    for (const r of await takeDueRenewals(tx, now, BATCH, opts.bookingId)) {
      const c = await claimOne(tx, r.id, now);
      if (c) out.push(c);
    }
    return out;
  });
  const done: Record<RecordResult, number> = { renewed: 0, failed: 0, action_required: 0, lapsed: 0, ended: 0, skipped: 0, pending: 0, unknown: 0 };
  for (const c of claims) {
    // step 2: the provider, outside any transaction; nothing saved to charge is the driver's to set up again
    const charged = c.card
      ? await chargeCard(deps.provider, { amount: c.amount, currency: c.currency, card: c.card.ref, capture: true, idempotencyKey: c.key, description: c.description, offSession: true, payer: c.payer })
      : ({ ok: false, code: 'payer_required' } as const);
    const result = await deps.db.transaction((tx) => recordRenewal(tx, deps, c, outcomeOf(charged), now));
    // a refund, or an intent to cancel, decided in it
    await afterChange(deps, c.bookingId);
    done[result] += 1;
  }
  return done;
}
