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
  /** the RazorpayX fund account made of it (automatic payouts); the full number is gone once it exists */
  fund_account_id: string | null;
  updated_at: Date;
}

const ACCOUNT_COLUMNS = 'method, account_holder, account_last4, ifsc, upi_id, fund_account_id, updated_at';

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

/**
 * Saves where payouts go. With `fundAccountId` (RazorpayX has the account) the full number is not
 * written, only its last 4 digits; without it the number is kept until the fund account is made.
 */
export async function upsertPayoutAccount(db: Queryable, hostId: string, a: SavedAccount, fundAccountId: string | null = null) {
  const bank = a.method === 'bank' ? a : null;
  const rows = await db.query<PayoutAccountRow>(
    `INSERT INTO host_payout_accounts (host_id, method, account_holder, account_number, account_last4, ifsc, upi_id, fund_account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (host_id) DO UPDATE SET method = EXCLUDED.method, account_holder = EXCLUDED.account_holder,
       account_number = EXCLUDED.account_number, account_last4 = EXCLUDED.account_last4, ifsc = EXCLUDED.ifsc,
       upi_id = EXCLUDED.upi_id, fund_account_id = EXCLUDED.fund_account_id, updated_at = now()
     RETURNING ${ACCOUNT_COLUMNS}`,
    [
      hostId, a.method, bank?.accountHolder ?? null, fundAccountId ? null : (bank?.accountNumber ?? null), bank?.accountNumber.slice(-4) ?? null,
      bank?.ifsc ?? null, a.method === 'upi' ? a.upiId : null, fundAccountId,
    ],
  );
  return rows[0]!;
}

export interface PayoutDestinationRow {
  method: PayoutMethod;
  account_holder: string | null;
  account_number: string | null;
  account_last4: string | null;
  ifsc: string | null;
  upi_id: string | null;
  fund_account_id: string | null;
  updated_at: Date;
}

/** Where to send a payout, in full: for the step that makes the transfer (the payout sender), never for an answer. */
export function findPayoutDestination(db: Queryable, hostId: string) {
  return one<PayoutDestinationRow>(
    db,
    `SELECT method, account_holder, account_number, account_last4, ifsc, upi_id, fund_account_id, updated_at FROM host_payout_accounts WHERE host_id = $1`,
    [hostId],
  );
}

/**
 * Keeps the RazorpayX fund account made of an account saved before it, and drops its full number:
 * only when the account is still the one the fund account was made of (not saved again since).
 */
export async function setFundAccount(db: Queryable, hostId: string, fundAccountId: string, madeOf: Pick<PayoutDestinationRow, 'method' | 'account_number' | 'ifsc' | 'upi_id'>) {
  const rows = await db.query(
    `UPDATE host_payout_accounts SET fund_account_id = $2, account_number = NULL
      WHERE host_id = $1 AND fund_account_id IS NULL AND method = $3
        AND account_number IS NOT DISTINCT FROM $4 AND ifsc IS NOT DISTINCT FROM $5 AND upi_id IS NOT DISTINCT FROM $6
      RETURNING host_id`,
    [hostId, fundAccountId, madeOf.method, madeOf.account_number, madeOf.ifsc, madeOf.upi_id],
  );
  return rows.length > 0;
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
  /** RazorpayX (automatic payouts): the fund account it goes to, the payout made and its last status */
  fund_account_id: string | null;
  provider_payout_id: string | null;
  provider_status: string | null;
  /** the failed payout this one retries */
  retry_of: string | null;
}

const PAYOUT_COLUMNS =
  'id, host_id, amount, currency, status, method, destination, requested_at, paid_at, failed_at, failure_reason, reference, payment_provider, fund_account_id, provider_payout_id, provider_status, retry_of';

export async function insertPayout(
  db: Queryable,
  p: {
    hostId: string;
    amount: number;
    currency: string;
    method: PayoutMethod;
    destination: string;
    paymentProvider: PaymentProviderName;
    requestedAt?: Date;
    fundAccountId?: string | null;
    retryOf?: string | null;
  },
) {
  const rows = await db.query<PayoutRow>(
    `INSERT INTO host_payouts (host_id, amount, currency, method, destination, payment_provider, requested_at, fund_account_id, retry_of)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now()), $8, $9) RETURNING ${PAYOUT_COLUMNS}`,
    [p.hostId, p.amount, p.currency, p.method, p.destination, p.paymentProvider, p.requestedAt?.toISOString() ?? null, p.fundAccountId ?? null, p.retryOf ?? null],
  );
  return rows[0]!;
}

/** The payout a RazorpayX payout (or its reference id, our payout's id) is for. */
export function findPayoutByProvider(db: Queryable, providerPayoutId: string, referenceId: string | null, opts: { lock?: boolean } = {}) {
  return one<PayoutRow>(
    db,
    `SELECT ${PAYOUT_COLUMNS} FROM host_payouts WHERE provider_payout_id = $1 OR (provider_payout_id IS NULL AND id::text = $2)
      ORDER BY provider_payout_id NULLS LAST LIMIT 1${opts.lock ? ' FOR UPDATE' : ''}`,
    [providerPayoutId, referenceId ?? ''],
  );
}

/**
 * The sender's claim: up to `limit` requested payouts not yet at RazorpayX and due, each leased for
 * `leaseSeconds` (another sender skips them) with its attempt counted, in one autocommitted statement.
 */
export function claimUnsentPayouts(db: Queryable, limit: number, leaseSeconds: number) {
  return db.query<PayoutRow & { send_attempts: number }>(
    `UPDATE host_payouts SET sending_until = now() + make_interval(secs => $2), send_attempts = send_attempts + 1
      WHERE id IN (SELECT id FROM host_payouts
                    WHERE status = 'requested' AND provider_payout_id IS NULL AND next_attempt_at <= now()
                      AND (sending_until IS NULL OR sending_until < now())
                    ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${PAYOUT_COLUMNS}, send_attempts`,
    [limit, leaseSeconds],
  );
}

/** A send that could not reach RazorpayX: tried again after `delaySeconds`. */
export async function releasePayoutClaim(db: Queryable, id: string, delaySeconds: number) {
  await db.query(`UPDATE host_payouts SET sending_until = NULL, next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1`, [id, delaySeconds]);
}

/** The RazorpayX payout made for a request (the first one recorded stays) and RazorpayX's status of it. */
export async function recordProviderPayout(db: Queryable, id: string, s: { providerPayoutId: string; providerStatus: string; fundAccountId?: string }) {
  await db.query(
    `UPDATE host_payouts SET provider_payout_id = COALESCE(provider_payout_id, $2), provider_status = $3, sending_until = NULL,
            fund_account_id = COALESCE(fund_account_id, $4)
      WHERE id = $1`,
    [id, s.providerPayoutId, s.providerStatus, s.fundAccountId ?? null],
  );
}

/** Whether a failed payout was retried already (a retry is made once). */
export async function isRetried(db: Queryable, id: string) {
  return (await db.query(`SELECT 1 FROM host_payouts WHERE retry_of = $1`, [id])).length > 0;
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

export interface PayoutScheduleRow {
  host_id: string;
  frequency: 'manual' | 'weekly' | 'monthly';
  time_zone: string;
  /** 'YYYY-MM-DD' */
  last_run_on: string;
}

const SCHEDULE_COLUMNS = `host_id, frequency, time_zone, to_char(last_run_on, 'YYYY-MM-DD') AS last_run_on`;

export function findPayoutSchedule(db: Queryable, hostId: string) {
  return one<PayoutScheduleRow>(db, `SELECT ${SCHEDULE_COLUMNS} FROM host_payout_schedules WHERE host_id = $1`, [hostId]);
}

/** Chooses a schedule; it counts from `today` (the host's date): a day that is already due now is not paid for. */
export async function upsertPayoutSchedule(db: Queryable, hostId: string, s: { frequency: PayoutScheduleRow['frequency']; timeZone: string; today: string }) {
  const rows = await db.query<PayoutScheduleRow>(
    `INSERT INTO host_payout_schedules (host_id, frequency, time_zone, last_run_on) VALUES ($1, $2, $3, $4::date)
     ON CONFLICT (host_id) DO UPDATE SET frequency = EXCLUDED.frequency, time_zone = EXCLUDED.time_zone,
       last_run_on = EXCLUDED.last_run_on, updated_at = now()
     RETURNING ${SCHEDULE_COLUMNS}`,
    [hostId, s.frequency, s.timeZone, s.today],
  );
  return rows[0]!;
}

/** Every schedule that pays without asking (the job works out which are due on each host's clock). */
export function findActiveSchedules(db: Queryable) {
  return db.query<PayoutScheduleRow>(`SELECT ${SCHEDULE_COLUMNS} FROM host_payout_schedules WHERE frequency <> 'manual' ORDER BY host_id`);
}

/** Takes a schedule's run for `due` (the host's date), once: false when it ran for that day (or later) already. */
export async function claimScheduleRun(db: Queryable, hostId: string, due: string) {
  const rows = await db.query(
    `UPDATE host_payout_schedules SET last_run_on = $2::date WHERE host_id = $1 AND frequency <> 'manual' AND last_run_on < $2::date RETURNING host_id`,
    [hostId, due],
  );
  return rows.length > 0;
}
