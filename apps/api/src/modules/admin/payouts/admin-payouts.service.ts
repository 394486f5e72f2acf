/**
 * The console's payouts: the hosts' requests, and what became of each, recorded by the earnings
 * module's settlePayout (the host ledger's payout_paid or payout_returned entry, and the host's
 * notification and e-mail), with the audit entry written in its transaction.
 */
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { AdminPayout, AdminPayoutsQuery } from '@parkly/shared/admin-payouts';
import type { Database, Queryable } from '../../../db/database';
import { notFound } from '../../../lib/app-error';
import { settlePayout, type PayoutOutcome } from '../../earnings/earnings.service';
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
  };
}

/** GET admin/payouts. */
export async function listPayouts(db: Queryable, q: AdminPayoutsQuery) {
  const { rows, total } = await repo.listPayouts(db, q.status, ADMIN_PAGE_SIZE, (q.page - 1) * ADMIN_PAGE_SIZE);
  return { result: rows.map(toAdminPayout), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

/** POST admin/payouts/:id/paid and /failed: the outcome, once (the same again answers the payout as it is). */
export async function settle(deps: { db: Database; publicUrl: string }, actor: AdminActor, id: string, outcome: PayoutOutcome & { status: 'paid' | 'failed' }) {
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
