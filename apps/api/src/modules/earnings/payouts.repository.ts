/**
 * SQL of payout accounts and payout requests. The full account number is written here and read by
 * findPayoutDestination alone (the payout step); every other read selects the masked columns only.
 */
import type { PayoutMethod, PayoutStatus } from '@parkly/shared/earnings';
import type { PaymentProviderName } from '@parkly/shared/settings';
import { one, type Queryable } from '../../db/database';

export interface PayoutAccountRow {
  method: PayoutMethod;
  account_holder: string | null;
  account_last4: string | null;
  ifsc: string | null;
  upi_id: string | null;
  updated_at: Date;
}

const ACCOUNT_COLUMNS = 'method, account_holder, account_last4, ifsc, upi_id, updated_at';

export function findPayoutAccount(db: Queryable, hostId: string, opts: { lock?: boolean } = {}) {
  return one<PayoutAccountRow>(
    db,
    `SELECT ${ACCOUNT_COLUMNS} FROM host_payout_accounts WHERE host_id = $1${opts.lock ? ' FOR UPDATE' : ''}`,
    [hostId],
  );
}

export type SavedAccount =
  | { method: 'bank'; accountHolder: string; accountNumber: string; ifsc: string }
  | { method: 'upi'; upiId: string };

export async function upsertPayoutAccount(db: Queryable, hostId: string, a: SavedAccount) {
  const bank = a.method === 'bank' ? a : null;
  const rows = await db.query<PayoutAccountRow>(
    `INSERT INTO host_payout_accounts (host_id, method, account_holder, account_number, account_last4, ifsc, upi_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (host_id) DO UPDATE SET method = EXCLUDED.method, account_holder = EXCLUDED.account_holder,
       account_number = EXCLUDED.account_number, account_last4 = EXCLUDED.account_last4, ifsc = EXCLUDED.ifsc,
       upi_id = EXCLUDED.upi_id, updated_at = now()
     RETURNING ${ACCOUNT_COLUMNS}`,
    [hostId, a.method, bank?.accountHolder ?? null, bank?.accountNumber ?? null, bank?.accountNumber.slice(-4) ?? null, bank?.ifsc ?? null, a.method === 'upi' ? a.upiId : null],
  );
  return rows[0]!;
}

/** Where to send a payout, in full: for the step that makes the transfer (the admin console), never for an answer. */
export function findPayoutDestination(db: Queryable, hostId: string) {
  return one<{ method: PayoutMethod; account_holder: string | null; account_number: string | null; ifsc: string | null; upi_id: string | null }>(
    db,
    `SELECT method, account_holder, account_number, ifsc, upi_id FROM host_payout_accounts WHERE host_id = $1`,
    [hostId],
  );
}

export interface PayoutRow {
  id: string;
  host_id: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  method: PayoutMethod;
  destination: string;
  requested_at: Date;
  paid_at: Date | null;
  failed_at: Date | null;
  failure_reason: string | null;
  reference: string | null;
  /** whose money it is: 'simulated' is none */
  payment_provider: PaymentProviderName;
}

const PAYOUT_COLUMNS = 'id, host_id, amount, currency, status, method, destination, requested_at, paid_at, failed_at, failure_reason, reference, payment_provider';

export async function insertPayout(
  db: Queryable,
  p: { hostId: string; amount: number; currency: string; method: PayoutMethod; destination: string; paymentProvider: PaymentProviderName; requestedAt?: Date },
) {
  const rows = await db.query<PayoutRow>(
    `INSERT INTO host_payouts (host_id, amount, currency, method, destination, payment_provider, requested_at)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now())) RETURNING ${PAYOUT_COLUMNS}`,
    [p.hostId, p.amount, p.currency, p.method, p.destination, p.paymentProvider, p.requestedAt?.toISOString() ?? null],
  );
  return rows[0]!;
}

export function findPayout(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<PayoutRow>(db, `SELECT ${PAYOUT_COLUMNS} FROM host_payouts WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
}

export function findPayoutsOf(db: Queryable, hostId: string, limit: number) {
  return db.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM host_payouts WHERE host_id = $1 ORDER BY requested_at DESC, id LIMIT $2`, [hostId, limit]);
}

export async function markPayout(
  db: Queryable,
  id: string,
  s: { status: Exclude<PayoutStatus, 'requested'>; reference?: string | null; reason?: string | null; by?: string | null; at?: Date },
) {
  const rows = await db.query<PayoutRow>(
    `UPDATE host_payouts
        SET status = $2,
            paid_at = CASE WHEN $2 = 'paid' THEN COALESCE($6::timestamptz, now()) END,
            failed_at = CASE WHEN $2 IN ('failed', 'cancelled') THEN COALESCE($6::timestamptz, now()) END,
            reference = $3, failure_reason = $4, settled_by = $5
      WHERE id = $1 RETURNING ${PAYOUT_COLUMNS}`,
    [id, s.status, s.reference ?? null, s.reason ?? null, s.by ?? null, s.at?.toISOString() ?? null],
  );
  return rows[0]!;
}

/** The user, when they are a host: the name their notices greet. */
export async function findHost(db: Queryable, userId: string) {
  return one<{ name: string }>(db, `SELECT name FROM users WHERE id = $1 AND deleted_at IS NULL AND host_user`, [userId]);
}
