/**
 * The console's payouts: the hosts' requests, and what became of each, recorded by the earnings
 * module's settlePayout (the host ledger's payout_paid or payout_returned entry, and the host's
 * notification and e-mail), with the audit entry written in its transaction.
 */
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { AdminPayout, AdminPayoutsQuery } from '@parkly/shared/admin-payouts';
import type { Database, Queryable } from '../../../db/database';
import type { PaymentProviderName } from '@parkly/shared/settings';
import { AppError, notFound } from '../../../lib/app-error';
import { settlePayout, type PayoutOutcome } from '../../earnings/earnings.service';
import { retryPayout, type PayoutSender } from '../../earnings/razorpay-payouts';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-payouts.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAdminPayout(r: repo.AdminPayoutRow): AdminPayout {
  return {
    id: r.id,
    host: { id: r.host_id, name: r.host_name, email: r.host_email },
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    method: r.method,
    destination: r.destination,
    requested_at: new Date(r.requested_at).toISOString(),
    paid_at: iso(r.paid_at),
    failed_at: iso(r.failed_at),
    failure_reason: r.failure_reason,
    reference: r.reference,
    simulated: r.payment_provider === 'simulated',
    razorpayx: r.provider_payout_id || r.provider_status ? { payout_id: r.provider_payout_id, status: r.provider_status } : null,
    retry_of: r.retry_of,
    retried: r.retried,
  };
}

/** GET admin/payouts. */
export async function listPayouts(db: Queryable, q: AdminPayoutsQuery, automatic: boolean) {
  const { rows, total } = await repo.listPayouts(db, q.status, ADMIN_PAGE_SIZE, (q.page - 1) * ADMIN_PAGE_SIZE);
  return { result: rows.map(toAdminPayout), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total }, automatic };
}

export interface AdminPayoutDeps {
  db: Database;
  publicUrl: string;
  currency: string;
  paymentProvider: PaymentProviderName;
  /** RazorpayX sends payouts: the console does not mark them, it retries failed ones */
  sender: PayoutSender | null;
}

/** POST admin/payouts/:id/paid and /failed: the outcome, once (the same again answers the payout as it is). */
export async function settle(deps: AdminPayoutDeps, actor: AdminActor, id: string, outcome: PayoutOutcome & { status: 'paid' | 'failed' }) {
  if (deps.sender) throw new AppError('CONFLICT', 'Payouts are sent through RazorpayX: their outcome comes from RazorpayX. Retry a failed one instead.');
  const reason = outcome.status === 'failed' ? (outcome.reason ?? undefined) : undefined;
  await settlePayout(deps, id, outcome, { id: actor.id }, (tx, before, after) =>
    recordAdminAction(tx, actor, {
      action: outcome.status === 'paid' ? 'payout.paid' : 'payout.failed',
      subjectType: 'payout',
      subjectId: id,
      before: { status: before.status, amount: before.amount, destination: before.destination },
      after: { status: after.status, reference: after.reference, failure_reason: after.failure_reason },
      ...(reason !== undefined && { reason }),
    }),
  );
  const row = await repo.findAdminPayout(deps.db, id);
  if (!row) throw notFound('Payout not found');
  return toAdminPayout(row);
}

/**
 * POST admin/payouts/:id/retry (RazorpayX only): a failed payout made again as a new request of the
 * same amount to the host's payout account now (a new idempotency key), once; audited; sent at once.
 */
export async function retry(deps: AdminPayoutDeps, actor: AdminActor, id: string) {
  const sender = deps.sender;
  if (!sender) throw new AppError('CONFLICT', 'Payouts are made by hand here: mark a payout paid or failed instead.');
  const again = await deps.db.transaction(async (tx) => {
    const row = await retryPayout(tx, { currency: deps.currency, publicUrl: deps.publicUrl, paymentProvider: deps.paymentProvider, razorpayx: sender.driver }, id);
    await recordAdminAction(tx, actor, {
      action: 'payout.retry',
      subjectType: 'payout',
      subjectId: id,
      before: { status: 'failed' },
      after: { retry: row.id, amount: row.amount, destination: row.destination },
    });
    return row;
  });
  sender.kick();
  const row = await repo.findAdminPayout(deps.db, again.id);
  if (!row) throw notFound('Payout not found');
  return toAdminPayout(row);
}
