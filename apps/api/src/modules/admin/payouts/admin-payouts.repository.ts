/** SQL of the console's payouts list: hosts' payout requests with the host, the account masked as requested. */
import type { AdminPayoutFilter } from '@parkly/shared/admin-payouts';
import { one, type Queryable } from '../../../db/database';
import type { PayoutRow } from '../../earnings/payouts.repository';

/** A payout as the earnings module reads it, with its host's name and e-mail. */
export type AdminPayoutRow = PayoutRow & { host_name: string; host_email: string; retried: boolean };

// 'failed' lists the cancelled ones too: both gave the money back to the host's available balance
const STATUSES: Record<AdminPayoutFilter, string[]> = { requested: ['requested'], paid: ['paid'], failed: ['failed', 'cancelled'] };
// the queue is worked oldest first; what is done, newest first
const ORDER: Record<AdminPayoutFilter, string> = { requested: 'p.requested_at ASC, p.id', paid: 'p.paid_at DESC, p.id', failed: 'p.failed_at DESC, p.id' };

const SELECT = `
  SELECT p.id, p.host_id, u.name AS host_name, COALESCE(u.email::text, '') AS host_email, p.amount, p.currency, p.status, p.method,
         p.destination, p.requested_at, p.paid_at, p.failed_at, p.failure_reason, p.reference, p.payment_provider,
         p.fund_account_id, p.provider_payout_id, p.provider_status, p.retry_of,
         EXISTS (SELECT 1 FROM host_payouts r WHERE r.retry_of = p.id) AS retried
    FROM host_payouts p JOIN users u ON u.id = p.host_id`;

export async function listPayouts(db: Queryable, status: AdminPayoutFilter, limit: number, offset: number) {
  const rows = await db.query<AdminPayoutRow>(`${SELECT} WHERE p.status = ANY($1::text[]) ORDER BY ${ORDER[status]} LIMIT $2 OFFSET $3`, [STATUSES[status], limit, offset]);
  const count = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM host_payouts p WHERE p.status = ANY($1::text[])`, [STATUSES[status]]);
  return { rows, total: count?.n ?? 0 };
}

export function findAdminPayout(db: Queryable, id: string) {
  return one<AdminPayoutRow>(db, `${SELECT} WHERE p.id = $1`, [id]);
}
