/**
 * The renewal job of monthly passes (decision 037), safe on every instance at once and after a crash:
 * 1. claim, in a short transaction: the passes whose charge is due at `now` (bookings.next_charge_at), each taken
 *    FOR UPDATE SKIP LOCKED; its next period's row written (or found), the attempt counted and its idempotency key
 *    (`<booking>:renew:<n>:<attempt>`) kept on the period (pending_key), and the pass leased (next_charge_at moved
 *    CLAIM_LEASE_MS on) so no other run takes it while the provider is asked;
 * 2. charge the saved card the pass was paid with, off-session, outside any transaction, with that key;
 * 3. record, in a transaction: the payment line, and the event: `renew` (the period paid, the host's earning, its
 *    invoices, the next renewal), `renewal_failed` (tried again: a day before the period, then 1 and 3 days after
 *    the first try) or, after RENEWAL_ATTEMPTS, `renewal_lapsed` (the pass ends with its paid period).
 * A run that died between 1 and 3 leaves the key on the period: the next run, once the lease is over, asks the
 * provider again with the same key (the provider answers the first charge; never a second one).
 * `now` is a parameter: the tests move the clock.
 */
import type { Queryable } from '../../db/database';
import { chargeCard, decideRefund, recordEntry } from '../payments/payments.service';
import { afterChange, type BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { SYSTEM, transition } from './lifecycle';
import { findLastPeriod, findRenewalCard, insertPeriod, takeDueRenewals, updatePeriod } from './pass-periods.repository';
import { RENEWAL_ATTEMPTS, renewalAttemptAt } from '@parkly/shared/pass-dates';
import { passPeriod } from './quote.service';

const BATCH = 50;
/** How long a claimed renewal is left to the run that claimed it before another may take it again. */
export const CLAIM_LEASE_MS = 10 * 60_000;

interface Claim {
  bookingId: string;
  n: number;
  attempt: number;
  key: string;
  amount: number;
  currency: string;
  card: { ref: string } | null;
  description: string;
  renewsAt: Date;
  end: Date;
}

/** Step 1 for one locked pass: the claim, or null when there is nothing to charge (its end is reached). */
async function claimOne(tx: Queryable, bookingId: string, now: Date): Promise<Claim | null> {
  const b = (await repo.findBookingRow(tx, bookingId))!;
  if (!b.renews_at || (b.ends_at && new Date(b.renews_at) >= new Date(b.ends_at))) {
    await repo.updateBooking(tx, b.id, { next_charge_at: null });
    return null;
  }
  const renewsAt = new Date(b.renews_at);
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
  const row = (await findLastPeriod(tx, b.id))!;
  // an attempt a crashed run left: asked again with its key; else a new attempt
  const attempt = row.pending_key ? row.attempts : row.attempts + 1;
  const key = row.pending_key ?? `${b.id}:renew:${n}:${attempt}`;
  await updatePeriod(tx, b.id, n, { attempts: attempt, pending_key: key });
  await repo.updateBooking(tx, b.id, { next_charge_at: new Date(now.getTime() + CLAIM_LEASE_MS) });
  const card = await findRenewalCard(tx, b.payment_method_id);
  return {
    bookingId: b.id,
    n,
    attempt,
    key,
    amount: row.total,
    currency: row.currency,
    card: card ? { ref: card.provider_ref } : null,
    description: `Parkly monthly pass ${b.id}${b.title ? `: ${b.title}` : ''}, month ${n}`,
    renewsAt,
    end: new Date(row.ends),
  };
}

type Outcome = { ok: true; ref: string } | { ok: false; code: string };

/** Step 3: the payment line and the event, in one transaction; nothing when another run recorded this attempt. */
async function record(deps: BookingDeps, c: Claim, outcome: Outcome, now: Date) {
  return deps.db.transaction(async (tx) => {
    const b = await repo.findBookingRow(tx, c.bookingId, { lock: true });
    const period = await findLastPeriod(tx, c.bookingId);
    if (!b || !period || period.n !== c.n || period.pending_key !== c.key) return 'skipped';
    const line = { bookingId: c.bookingId, kind: 'charge', provider: deps.provider.name, amount: c.amount, currency: c.currency, idempotencyKey: c.key } as const;
    if (outcome.ok) {
      await recordEntry(tx, { ...line, status: 'succeeded', providerRef: outcome.ref });
      const paymentId = (await tx.query<{ id: string }>(`SELECT id FROM payments WHERE idempotency_key = $1`, [c.key]))[0]?.id ?? null;
      if (b.status !== 'confirmed') {
        // the pass ended while its card was charged: the money goes straight back (refunded after the commit)
        await updatePeriod(tx, c.bookingId, c.n, { pending_key: null });
        await decideRefund(tx, deps.provider, b, { provider_ref: outcome.ref, amount: c.amount }, c.amount, `${c.key}:return`);
        return 'ended';
      }
      await transition(tx, deps, b, 'renew', SYSTEM, { input: { renewal: { n: c.n, end: c.end, attempts: c.attempt, paymentId, at: now } } });
      return 'renewed';
    }
    await recordEntry(tx, { ...line, status: 'failed', failureCode: outcome.code });
    if (b.status !== 'confirmed') {
      await updatePeriod(tx, c.bookingId, c.n, { pending_key: null });
      return 'ended';
    }
    if (c.attempt >= RENEWAL_ATTEMPTS) {
      await transition(tx, deps, b, 'renewal_lapsed', SYSTEM, { input: { renewal: { n: c.n, end: c.end, attempts: c.attempt, at: now } } });
      return 'lapsed';
    }
    const nextAttemptAt = new Date(Math.max(renewalAttemptAt(c.renewsAt, c.attempt + 1).getTime(), now.getTime() + 3600_000));
    await transition(tx, deps, b, 'renewal_failed', SYSTEM, { input: { renewal: { n: c.n, end: c.end, attempts: c.attempt, nextAttemptAt, at: now } } });
    return 'failed';
  });
}

/** One run of the renewal job at `now` (of one pass only, with `bookingId`): what it did, by outcome. */
export async function runRenewals(deps: BookingDeps, now = new Date(), opts: { bookingId?: string } = {}) {
  const claims = await deps.db.transaction(async (tx) => {
    const out: Claim[] = [];
    for (const r of await takeDueRenewals(tx, now, BATCH, opts.bookingId)) {
      const c = await claimOne(tx, r.id, now);
      if (c) out.push(c);
    }
    return out;
  });
  const done = { renewed: 0, failed: 0, lapsed: 0, ended: 0, skipped: 0 };
  for (const c of claims) {
    // step 2: the provider, outside any transaction; a card removed since is a failed attempt
    const charged = c.card
      ? await chargeCard(deps.provider, { amount: c.amount, currency: c.currency, card: c.card.ref, capture: true, idempotencyKey: c.key, description: c.description, offSession: true })
      : ({ ok: false, code: 'no_saved_card' } as const);
    // off-session there is no payer to confirm with their bank: such an answer is a failed attempt
    const outcome: Outcome = charged.ok ? { ok: true, ref: charged.ref } : { ok: false, code: charged.code === 'action_required' ? 'authentication_required' : charged.code };
    const result = await record(deps, c, outcome, now);
    if (result === 'ended') await afterChange(deps, c.bookingId);
    done[result] += 1;
  }
  return done;
}
