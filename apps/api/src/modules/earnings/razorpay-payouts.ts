/**
 * Hosts paid automatically through RazorpayX (docs/decisions/033-razorpayx-payouts.md).
 *
 * - The sender: a payout request commits as 'requested' with no RazorpayX payout; the sender claims
 *   such rows (SKIP LOCKED, with a lease, as the push outbox does), makes the host's fund account if
 *   the account was saved before RazorpayX (dropping the full number), and calls `payout` with the
 *   request's id as the idempotency key, outside any transaction; then records the RazorpayX payout's
 *   id and status. Kicked after every request's commit, and swept by the workers.
 * - RazorpayX's word: `applyRazorpayxPayout` makes the payout say what RazorpayX says (the sender's
 *   answer, or the payout.processed / payout.reversed / payout.failed webhooks): processed -> paid;
 *   failed or reversed -> failed with the money back in the host's available balance (before it was
 *   paid: requested -> available; after, a reversal: paid out -> available). Failed is final, so events
 *   in any order, or twice, change the ledger once.
 * - Schedules: weekly (Mondays) or monthly (the 1st) on the host's clock, a request for the whole
 *   available balance once per due day (`runPayoutSchedules`, with a clock the caller gives).
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskAccountNumber, maskUpiId } from '@parkly/shared/earnings';
import { formatMoney } from '@parkly/shared/money';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { notify } from '../notifications/notify';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { payoutStatusOf, type RazorpayDriver, type RazorpayEvent } from '../payments/razorpay-provider';
import { contactName, createPayoutRequest, recordOutcome, type EarningsDeps } from './earnings.service';
import * as ledger from './host-ledger.repository';
import { dueOn, localDate } from './payout-schedule';
import * as payouts from './payouts.repository';

/** What of the Razorpay driver payouts use (tests may wrap it). */
export type PayoutDriver = Pick<RazorpayDriver, 'keyId' | 'payoutAccount' | 'payout' | 'fetchPayout'>;

export interface PayoutSenderDeps {
  db: Database;
  publicUrl: string;
  driver: PayoutDriver;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** How many payouts one claim takes, how long a claim holds them, and the waits after an unreachable RazorpayX. */
const BATCH = 10;
const LEASE_SECONDS = 120;
const RETRY_SECONDS = [30, 120, 600, 1800];
/** How often the workers look for payouts nobody was kicked for, and for due schedules. */
export const PAYOUT_SWEEP_EVERY_MS = 60_000;

const EARNINGS_SCREEN = '/earning';

/** What the host reads when a payout did not arrive (never RazorpayX's own words). */
const REASONS = {
  reversed: 'The bank sent the payout back',
  failed: 'The bank could not take the payout',
  rejected: 'Our payout partner could not send the payout',
  cancelled: 'The payout was cancelled before it was sent',
  refused: 'Our payout partner did not accept the payout account. Check it on this page',
  changed: 'Your payout account changed before this payout was sent',
  simulated: 'Test money: a payout of the simulated payment provider is not sent with live RazorpayX keys',
} as const;
const reasonOf = (providerStatus: string) => REASONS[providerStatus as keyof typeof REASONS] ?? REASONS.failed;

/**
 * Makes a payout say what RazorpayX says of it, in the caller's transaction (the row is locked):
 * processed -> paid (reference: the UTR); failed, rejected, reversed -> failed, money back to available;
 * cancelled -> cancelled, money back; queued, pending, processing -> on its way (status only). A failed
 * or cancelled payout stays so; a paid one changes only by a reversal. Answers whether the ledger moved.
 */
export async function applyRazorpayxPayout(
  tx: Queryable,
  deps: { publicUrl: string },
  found: { payoutId: string } | { providerPayoutId: string; referenceId: string | null },
  rx: { id: string; status: string; utr?: string | null; fundAccountId?: string },
): Promise<boolean> {
  const p =
    'payoutId' in found
      ? await payouts.findPayout(tx, found.payoutId, { lock: true })
      : await payouts.findPayoutByProvider(tx, found.providerPayoutId, found.referenceId, { lock: true });
  if (!p) return false;
  // the first RazorpayX payout recorded for a request is its payout: another one's events are not its
  if (p.provider_payout_id && p.provider_payout_id !== rx.id) return false;
  const ours = payoutStatusOf(rx.status);
  const moves = (p.status === 'requested' && ours !== 'requested') || (p.status === 'paid' && (ours === 'failed' || ours === 'cancelled'));
  if (p.status === 'requested' || moves) {
    await payouts.recordProviderPayout(tx, p.id, { providerPayoutId: rx.id, providerStatus: rx.status, ...(rx.fundAccountId && { fundAccountId: rx.fundAccountId }) });
  }
  if (!moves) return false;
  if (p.status === 'requested') {
    await recordOutcome(tx, deps, p, ours === 'paid' ? { status: 'paid', reference: rx.utr ?? null } : { status: ours as 'failed' | 'cancelled', reason: reasonOf(rx.status) }, { id: null });
    return true;
  }
  // paid, then the bank sent it back: paid out -> available, once (the failed status is final)
  await payouts.markPayout(tx, p.id, { status: 'failed', reason: REASONS.reversed, reference: p.reference });
  await ledger.insertEntry(tx, { hostId: p.host_id, kind: 'payout_paid', key: `payout:${p.id}:reversed`, currency: p.currency, payoutId: p.id, paidOut: -p.amount, available: p.amount });
  const money = formatMoney(p.amount, p.currency);
  await notify(tx, {
    userId: p.host_id,
    title: 'Payout returned',
    push: { kind: 'payouts', url: EARNINGS_SCREEN },
    description: `The payout of ${money} to ${p.destination} came back from the bank. The amount is back in your available balance: check your payout account and ask again.`,
    mail: {
      subject: `Payout of ${money} returned`,
      text: `The bank sent back the payout of ${money} to ${p.destination}. The amount is back in your available balance.\n\nCheck your payout account, then ask for a payout again on ${deps.publicUrl}/earning.`,
    },
  });
  return true;
}

/** The fund account a payout goes to: its own, else the account it was requested for (made now if it was saved before RazorpayX). */
async function fundAccountFor(deps: PayoutSenderDeps, p: payouts.PayoutRow): Promise<string | { changed: true }> {
  if (p.fund_account_id) return p.fund_account_id;
  const dest = await payouts.findPayoutDestination(deps.db, p.host_id);
  const host = await payouts.findHost(deps.db, p.host_id);
  const label = dest && (dest.method === 'bank' ? `Bank account ${maskAccountNumber(dest.account_last4 ?? '')} (${dest.ifsc})` : `UPI ${maskUpiId(dest.upi_id ?? '')}`);
  // the account was saved again since the request (or removed): this payout's destination is gone
  if (!dest || dest.method !== p.method || label !== p.destination) return { changed: true };
  if (dest.fund_account_id) return dest.fund_account_id;
  if (dest.method === 'bank' && !dest.account_number) return { changed: true };
  const { fundAccountId } = await deps.driver.payoutAccount(
    p.host_id,
    dest.method === 'bank'
      ? { kind: 'bank', name: contactName(host?.name ?? '', dest.account_holder), ifsc: dest.ifsc!, accountNumber: dest.account_number! }
      : { kind: 'upi', name: contactName(host?.name ?? '', null), upiId: dest.upi_id! },
  );
  // RazorpayX has the account now: the full number is not kept (unless the host saved another meanwhile)
  await payouts.setFundAccount(deps.db, p.host_id, fundAccountId, dest);
  return fundAccountId;
}

/** Sends one claimed payout; every outcome is recorded, a transient one by releasing the claim for later. */
async function sendOne(deps: PayoutSenderDeps, p: payouts.PayoutRow & { send_attempts: number }) {
  // earnings of the simulated provider are no real money: never paid out of a live RazorpayX account
  if (p.payment_provider === 'simulated' && deps.driver.keyId.startsWith('rzp_live_')) {
    await deps.db.transaction((tx) => applyRazorpayxOutcomeWithoutPayout(tx, deps, p.id, REASONS.simulated));
    return;
  }
  try {
    const fa = await fundAccountFor(deps, p);
    if (typeof fa !== 'string') {
      await deps.db.transaction((tx) => applyRazorpayxOutcomeWithoutPayout(tx, deps, p.id, REASONS.changed));
      return;
    }
    const rx = await deps.driver.payout({ fundAccountId: fa, kind: p.method, amount: p.amount, idempotencyKey: p.id, referenceId: p.id, narration: 'Parkly payout' });
    await deps.db.transaction((tx) => applyRazorpayxPayout(tx, deps, { payoutId: p.id }, { id: rx.id, status: rx.providerStatus, fundAccountId: fa }));
  } catch (err) {
    if (err instanceof ProviderRefusedError) {
      deps.log?.warn({ payout: p.id, code: err.code }, 'RazorpayX refused a payout');
      await deps.db.transaction((tx) => applyRazorpayxOutcomeWithoutPayout(tx, deps, p.id, REASONS.refused));
      return;
    }
    if (!(err instanceof ProviderUnavailableError)) deps.log?.error({ err, payout: p.id }, 'payout sender failed');
    await payouts.releasePayoutClaim(deps.db, p.id, RETRY_SECONDS[Math.min(p.send_attempts - 1, RETRY_SECONDS.length - 1)]!);
  }
}

/** A payout RazorpayX never made (refused, or its account changed): failed, the money back to available. */
async function applyRazorpayxOutcomeWithoutPayout(tx: Queryable, deps: { publicUrl: string }, payoutId: string, reason: string) {
  const p = await payouts.findPayout(tx, payoutId, { lock: true });
  if (!p || p.status !== 'requested' || p.provider_payout_id) return;
  await recordOutcome(tx, deps, p, { status: 'failed', reason }, { id: null });
}

/**
 * Sends every due payout request not yet at RazorpayX, a batch at a time, until none is left. Two
 * senders never take one row (the claim skips locked rows and leases what it takes), and the request's
 * id is RazorpayX's idempotency key, so a send repeated after a crash answers the same payout.
 */
export async function sendPayouts(deps: PayoutSenderDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await payouts.claimUnsentPayouts(deps.db, BATCH, LEASE_SECONDS);
    if (batch.length === 0) return sent;
    for (const p of batch) await sendOne(deps, p);
    sent += batch.length;
  }
}

/** The payout sender of one process: `kick` runs it now (folding kicks that come while it runs). */
export function createPayoutSender(deps: PayoutSenderDeps) {
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = (): Promise<unknown> => {
    if (running) {
      again = true;
      return running;
    }
    running = sendPayouts(deps)
      .catch((err: unknown) => deps.log?.warn({ err }, 'payout sender failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return {
    driver: deps.driver,
    kick: () => void run(),
    /** runs it and waits (tests, and the sweep) */
    run,
    /** waits for a send in flight (at close) */
    async idle() {
      while (running) await running;
    },
  };
}
export type PayoutSender = ReturnType<typeof createPayoutSender>;

/**
 * The payout.* webhook handlers (registered in the Razorpay webhook's handler map): each makes the
 * payout say what the event's payout entity says. Found by the RazorpayX payout id, or by its
 * reference id (our payout's id) when the event came before the sender recorded the id.
 */
export function razorpayxPayoutHandler(deps: { publicUrl: string }) {
  return async (tx: Queryable, event: RazorpayEvent): Promise<void> => {
    const e = event.payload.payout?.entity;
    if (!e || typeof e.id !== 'string' || typeof e.status !== 'string') return;
    const referenceId = typeof e.reference_id === 'string' && /^[0-9a-f-]{36}$/i.test(e.reference_id) ? e.reference_id : null;
    await applyRazorpayxPayout(tx, deps, { providerPayoutId: e.id, referenceId }, {
      id: e.id,
      status: e.status,
      utr: typeof e.utr === 'string' ? e.utr.slice(0, 100) : null,
      ...(typeof e.fund_account_id === 'string' && { fundAccountId: e.fund_account_id }),
    });
  };
}

/** The webhook events payouts handle. */
export const RAZORPAYX_PAYOUT_EVENTS = ['payout.processed', 'payout.reversed', 'payout.failed'] as const;

/**
 * Pays every host whose schedule is due on their clock at `now`: a request for the whole available
 * balance, once per due day, when at least the minimum payout is available and they have an account
 * (otherwise that day passes without one). A day missed while no worker ran is paid at the next run.
 */
export async function runPayoutSchedules(
  deps: Pick<EarningsDeps, 'db' | 'currency' | 'publicUrl' | 'paymentProvider' | 'razorpayx'> & { log?: Pick<FastifyBaseLogger, 'warn'> },
  now: Date = new Date(),
): Promise<number> {
  let made = 0;
  for (const s of await payouts.findActiveSchedules(deps.db)) {
    const due = dueOn(s.frequency, localDate(now, s.time_zone));
    if (!due || due <= s.last_run_on) continue;
    try {
      const requested = await deps.db.transaction(async (tx) => {
        if (!(await payouts.claimScheduleRun(tx, s.host_id, due))) return false;
        try {
          await createPayoutRequest(tx, deps, s.host_id, { scheduled: true });
          return true;
        } catch (err) {
          // nothing to pay (or no account: refused before anything is written): the day passes, its run is recorded
          if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'UNPROCESSABLE')) return false;
          throw err;
        }
      });
      if (requested) made += 1;
    } catch (err) {
      deps.log?.warn({ err, host: s.host_id }, 'scheduled payout failed');
    }
  }
  return made;
}

/**
 * An admin's retry of a failed (or cancelled) automatic payout: a new request of the same amount to
 * the host's payout account now, with its own id (so a new idempotency key at RazorpayX), once per
 * failed payout. The money had come back to available when it failed; the retry takes it again.
 */
export async function retryPayout(
  tx: Queryable,
  deps: Pick<EarningsDeps, 'currency' | 'publicUrl' | 'paymentProvider' | 'razorpayx'>,
  payoutId: string,
): Promise<payouts.PayoutRow> {
  const p = await payouts.findPayout(tx, payoutId, { lock: true });
  if (!p) throw new AppError('NOT_FOUND', 'Payout not found');
  if (p.status !== 'failed' && p.status !== 'cancelled') throw new AppError('CONFLICT', `Only a failed payout can be retried: this one is ${p.status}`);
  if (await payouts.isRetried(tx, p.id)) throw new AppError('CONFLICT', 'This payout was retried already: see the newer payout');
  return createPayoutRequest(tx, deps, p.host_id, { amount: p.amount, retryOf: p.id });
}
