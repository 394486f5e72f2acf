/**
 * A host's earnings, read from the host ledger (never recomputed from bookings), and their payouts:
 * the account they go to (masked in every answer), a request of what is available, and the payout
 * step's outcome (paid, failed or cancelled), each also written to the ledger.
 */
import {
  EARNINGS_MONTHS,
  EARNINGS_TIME_ZONE,
  MIN_PAYOUT,
  lastMonths,
  maskAccountNumber,
  maskUpiId,
  type Earnings,
  type EarningsMonth,
  type PayoutAccount,
  type PayoutAccountFields,
  type Payout,
  type PayoutSchedule,
  type PayoutScheduleInput,
} from '@parkly/shared/earnings';
import { formatMoney } from '@parkly/shared/money';
import type { PaymentProviderName } from '@parkly/shared/settings';
import { formatDateTime, zonedIso, zoneAbbreviation } from '@parkly/shared/time';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { insertAuditEntry } from '../accounts/accounts.repository';
import { confirmCurrentPassword } from '../accounts/current-password';
import { payoutAccountChangedMail } from '../mail/templates/payout-account-mails';
import { notify } from '../notifications/notify';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import * as ledger from './host-ledger.repository';
import { localDate, nextRunOn } from './payout-schedule';
import * as payouts from './payouts.repository';
import type { PayoutDriver } from './razorpay-payouts';

export interface EarningsDeps {
  db: Database;
  /** the currency of a host with no ledger yet */
  currency: string;
  publicUrl: string;
  /** the clock the payout-account notice tells the time on (DEFAULT_TIMEZONE) */
  timeZone: string;
  supportEmail: string;
  /** count wrong current passwords toward the account's login lock (off when rate limits are) */
  lockAccounts: boolean;
  /** the provider the server runs: a payout requested under the simulated one is marked simulated */
  paymentProvider: PaymentProviderName;
  /** RazorpayX, when payouts are automatic (RAZORPAY_KEY_ID/SECRET and RAZORPAYX_ACCOUNT_NUMBER set); null: an admin pays them */
  razorpayx: PayoutDriver | null;
  /** called after a payout request commits: the sender sends it now (its sweep would, later) */
  onPayoutRequested?: () => void;
}

/** How many payouts the earnings answer lists. */
const PAYOUT_HISTORY = 50;
/** Where a push about a payout opens: the host's earnings and payouts. */
const EARNINGS_SCREEN = '/earning';

async function requireHost(db: Queryable, user: AuthUser) {
  const host = await payouts.findHost(db, user.id);
  if (!host) throw new AppError('FORBIDDEN', 'Become a host to see earnings and payouts');
  return host;
}

function toPayoutAccount(row: payouts.PayoutAccountRow): PayoutAccount {
  const masked = row.account_last4 ? maskAccountNumber(row.account_last4) : null;
  const upi = row.upi_id ? maskUpiId(row.upi_id) : null;
  return {
    method: row.method,
    account_holder: row.account_holder,
    account_number_masked: masked,
    ifsc: row.ifsc,
    upi_id_masked: upi,
    label: row.method === 'bank' ? `Bank account ${masked} (${row.ifsc})` : `UPI ${upi}`,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toPayout(row: payouts.PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    destination: row.destination,
    requested_at: new Date(row.requested_at).toISOString(),
    paid_at: iso(row.paid_at),
    failed_at: iso(row.failed_at),
    failure_reason: row.failure_reason,
    reference: row.reference,
    simulated: row.payment_provider === 'simulated',
    sent: row.status === 'requested' && row.provider_payout_id !== null,
  };
}

function toSchedule(row: payouts.PayoutScheduleRow | undefined): PayoutSchedule {
  if (!row) return { frequency: 'manual', time_zone: EARNINGS_TIME_ZONE, next_run_on: null };
  return { frequency: row.frequency, time_zone: row.time_zone, next_run_on: nextRunOn(row.frequency, row.last_run_on) };
}

const sums = (r: ledger.Sums) => ({ gross: r.gross, commission: r.commission, refunds: r.refunds, net: r.net });

/** GET host/earnings. */
export async function getEarnings(deps: Pick<EarningsDeps, 'db' | 'currency'> & { razorpayx?: PayoutDriver | null }, user: AuthUser): Promise<Earnings> {
  const { db } = deps;
  await requireHost(db, user);
  const currency = (await ledger.findLedgerCurrency(db, user.id)) ?? deps.currency;
  const months = lastMonths(EARNINGS_MONTHS, EARNINGS_TIME_ZONE);
  const since = new Date(zonedIso(`${months[0]}-01`, '00:00', EARNINGS_TIME_ZONE));
  const [balances, monthly, listings, account, history, schedule] = [
    await ledger.findBalances(db, user.id, currency),
    await ledger.findMonthly(db, user.id, currency, since),
    await ledger.findByListing(db, user.id, currency),
    await payouts.findPayoutAccount(db, user.id),
    await payouts.findPayoutsOf(db, user.id, PAYOUT_HISTORY),
    await payouts.findPayoutSchedule(db, user.id),
  ];
  const byMonth: EarningsMonth[] = months.map((month) => {
    const row = monthly.find((r) => r.month === month);
    return { month, ...(row ? sums(row) : { gross: 0, commission: 0, refunds: 0, net: 0 }), bookings: row?.bookings ?? 0 };
  });
  return {
    currency,
    time_zone: EARNINGS_TIME_ZONE,
    totals: {
      ...sums(balances),
      pending: balances.pending,
      available: balances.available,
      requested: balances.requested,
      paid_out: balances.paid_out,
    },
    this_month: byMonth[byMonth.length - 1]!,
    last_month: byMonth[byMonth.length - 2]!,
    by_month: byMonth,
    by_listing: listings.map((l) => ({ parking_id: l.listing_id, title: l.title, bookings: l.bookings, ...sums(l) })),
    payout_account: account ? toPayoutAccount(account) : null,
    automatic_payouts: !!deps.razorpayx,
    payout_schedule: toSchedule(schedule),
    payouts: history.map(toPayout),
  };
}

/**
 * PUT host/payout-schedule: manual (the host asks), weekly (Mondays) or monthly (the 1st) on the host's
 * clock (Asia/Kolkata unless they give theirs). A schedule counts from today: choosing weekly on a
 * Monday pays next Monday, not today.
 */
export async function savePayoutSchedule(deps: Pick<EarningsDeps, 'db'>, user: AuthUser, input: PayoutScheduleInput, now = new Date()): Promise<PayoutSchedule> {
  await requireHost(deps.db, user);
  const timeZone = input.time_zone ?? EARNINGS_TIME_ZONE;
  const row = await payouts.upsertPayoutSchedule(deps.db, user.id, { frequency: input.frequency, timeZone, today: localDate(now, timeZone) });
  return toSchedule(row);
}

/**
 * PUT host/payout-account: replaces where payouts go (payouts already requested keep theirs), only
 * with the host's current password. The host is told by notification and e-mail, and the change is in
 * the audit log, all in the transaction that makes it; no answer or mail carries the full account.
 */
export async function savePayoutAccount(deps: EarningsDeps, user: AuthUser, input: PayoutAccountFields, client: { ip: string | null }): Promise<PayoutAccount> {
  const host = await requireHost(deps.db, user);
  await confirmCurrentPassword(deps.db, user.id, input.current_password, { lockAccounts: deps.lockAccounts });
  const saved: payouts.SavedAccount =
    input.method === 'bank'
      ? { method: 'bank', accountHolder: input.account_holder, accountNumber: input.account_number, ifsc: input.ifsc }
      : { method: 'upi', upiId: input.upi_id };
  // with RazorpayX the account becomes a fund account first (outside the transaction: a provider call),
  // and then the full number is not stored; RazorpayX unreachable keeps it until the first payout makes one
  const fundAccountId = deps.razorpayx ? await makeFundAccount(deps.razorpayx, user.id, host.name, saved) : null;
  const account = await deps.db.transaction(async (tx) => {
    const before = await payouts.findPayoutAccount(tx, user.id, { lock: true });
    const after = toPayoutAccount(await payouts.upsertPayoutAccount(tx, user.id, saved, fundAccountId));
    const previous = before ? toPayoutAccount(before) : null;
    await tellHost(tx, deps, { userId: user.id, name: host.name }, after, previous);
    await insertAuditEntry(tx, {
      actorId: user.id,
      action: 'payout_account.update',
      subjectType: 'user',
      subjectId: user.id,
      details: { before: previous && auditedAccount(previous), after: auditedAccount(after) },
      ip: client.ip,
    });
    return after;
  });
  return account;
}

/** The name RazorpayX's contact and bank account carry: the holder's, else the host's (a UPI ID has none). */
export const contactName = (hostName: string, holder: string | null) => {
  const name = (holder ?? hostName).trim();
  return name.length >= 3 ? name : 'Parkly host';
};

async function makeFundAccount(driver: PayoutDriver, hostId: string, hostName: string, a: payouts.SavedAccount): Promise<string | null> {
  try {
    const { fundAccountId } = await driver.payoutAccount(
      hostId,
      a.method === 'bank'
        ? { kind: 'bank', name: contactName(hostName, a.accountHolder), ifsc: a.ifsc, accountNumber: a.accountNumber }
        : { kind: 'upi', name: contactName(hostName, null), upiId: a.upiId },
    );
    return fundAccountId;
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return null;
    if (err instanceof ProviderRefusedError) {
      const field = a.method === 'bank' ? 'account_number' : 'upi_id';
      throw new AppError('VALIDATION', 'Our payout partner did not accept this account. Check the details and try again.', {
        errors: { [field]: a.method === 'bank' ? 'Check the account number and IFSC' : 'Check the UPI ID' },
      });
    }
    throw err;
  }
}

const auditedAccount = (a: PayoutAccount) => ({ label: a.label, account_holder: a.account_holder });

async function tellHost(tx: Queryable, deps: EarningsDeps, host: { userId: string; name: string }, now: PayoutAccount, previous: PayoutAccount | null) {
  const at = new Date(now.updated_at);
  const mail = payoutAccountChangedMail({
    name: host.name,
    account: now.label,
    accountHolder: now.account_holder,
    previous: previous?.label ?? null,
    when: `${formatDateTime(at, deps.timeZone)} ${zoneAbbreviation(deps.timeZone, at)}`,
    changePasswordUrl: `${deps.publicUrl}/change_password`,
    contactUrl: `${deps.publicUrl}/contact`,
    supportEmail: deps.supportEmail,
  });
  await notify(
    tx,
    {
      userId: host.userId,
      title: previous ? 'Payout account changed' : 'Payout account added',
      description: `Payouts now go to ${now.label}. If you did not make this change, change your password and contact support.`,
      mail,
      push: { kind: 'payouts', url: EARNINGS_SCREEN },
    },
  );
}

/** POST host/payouts: asks for `amount` (all that is available by default) to be paid to the payout account. */
export async function requestPayout(
  deps: Pick<EarningsDeps, 'db' | 'currency' | 'publicUrl' | 'paymentProvider'> & Partial<Pick<EarningsDeps, 'razorpayx' | 'onPayoutRequested'>>,
  user: AuthUser,
  input: { amount?: number } = {},
): Promise<Payout> {
  const payout = await deps.db.transaction(async (tx) => {
    await requireHost(tx, user);
    return createPayoutRequest(tx, deps, user.id, input);
  });
  deps.onPayoutRequested?.();
  return toPayout(payout);
}

/**
 * A payout request, in the caller's transaction: `amount` (all that is available by default) moves
 * from available to requested in the ledger and the host is told. With RazorpayX the sender pays it
 * after the commit. `scheduled` (the schedule's run) asks for the whole balance and makes no request
 * when less than the minimum payout is available; `retryOf` repeats a failed payout (an admin's retry).
 */
export async function createPayoutRequest(
  tx: Queryable,
  deps: Pick<EarningsDeps, 'currency' | 'publicUrl' | 'paymentProvider'> & Partial<Pick<EarningsDeps, 'razorpayx'>>,
  hostId: string,
  input: { amount?: number; scheduled?: boolean; retryOf?: string } = {},
): Promise<payouts.PayoutRow> {
  // the account row is the host's lock: two requests at once are taken one after the other
  const account = await payouts.findPayoutAccount(tx, hostId, { lock: true });
  if (!account) throw new AppError('UNPROCESSABLE', 'Add a bank account or UPI ID for payouts first', { errors: { payout_account: 'Add where payouts should go' } });
  const currency = (await ledger.findLedgerCurrency(tx, hostId)) ?? deps.currency;
  const { available } = await ledger.findBalances(tx, hostId, currency);
  if (available <= 0 || (input.scheduled && available < MIN_PAYOUT)) throw new AppError('CONFLICT', 'Nothing is available to pay out yet: earnings become available once a stay is over');
  const amount = input.amount ?? available;
  if (amount > available) {
    throw new AppError('CONFLICT', `You can ask for at most ${formatMoney(available, currency)}, the balance available now`, { errors: { amount: `At most ${formatMoney(available, currency)}` } });
  }
  const row = await payouts.insertPayout(tx, {
    hostId,
    amount,
    currency,
    method: account.method,
    destination: toPayoutAccount(account).label,
    paymentProvider: deps.paymentProvider,
    fundAccountId: account.fund_account_id,
    retryOf: input.retryOf ?? null,
  });
  await ledger.insertEntry(tx, { hostId, kind: 'payout_requested', key: `payout:${row.id}:requested`, currency, payoutId: row.id, available: -amount, requested: amount });
  const money = formatMoney(amount, currency);
  const when = deps.razorpayx ? 'We are sending it now: most bank and UPI transfers arrive within a few hours.' : 'Payouts are usually made within 3 working days.';
  await notify(
    tx,
    {
      userId: hostId,
      title: input.scheduled ? 'Scheduled payout requested' : 'Payout requested',
      push: { kind: 'payouts', url: EARNINGS_SCREEN },
      description: `${input.scheduled ? 'Your payout schedule asked' : 'We have your request'} to pay out ${money} to ${row.destination}. We will tell you when it is paid.`,
      mail: {
        subject: `Payout of ${money} requested`,
        text: `Your payout of ${money} to ${row.destination} is requested.\n\n${when} You can follow it on ${deps.publicUrl}/earning.`,
      },
    },
  );
  return row;
}

export type PayoutOutcome =
  | { status: 'paid'; reference?: string | null }
  | { status: 'failed' | 'cancelled'; reason?: string | null };

const payoutNotFound = () => new AppError('NOT_FOUND', 'Payout not found');

/** Runs in settlePayout's transaction once the outcome is written (the admin console's audit entry). */
export type PayoutSettled = (tx: Queryable, before: Payout, after: Payout) => Promise<void>;

/**
 * Records what became of a requested payout (the admin console calls this): paid moves it from
 * requested to paid out; failed or cancelled gives it back to available. The same outcome twice
 * changes nothing; a different outcome after the first is a 409. `onSettled` runs in the same
 * transaction when something changed.
 */
export async function settlePayout(
  deps: Pick<EarningsDeps, 'db' | 'publicUrl'>,
  payoutId: string,
  outcome: PayoutOutcome,
  by: { id: string | null } = { id: null },
  onSettled?: PayoutSettled,
): Promise<Payout> {
  const row = await deps.db.transaction(async (tx) => {
    const p = isUuid(payoutId) ? await payouts.findPayout(tx, payoutId, { lock: true }) : undefined;
    if (!p) throw payoutNotFound();
    if (p.status === outcome.status) return p;
    if (p.status !== 'requested') throw new AppError('CONFLICT', `This payout is already ${p.status}`);
    const done = await recordOutcome(tx, deps, p, outcome, by);
    await onSettled?.(tx, toPayout(p), toPayout(done));
    return done;
  });
  return toPayout(row);
}

export async function recordOutcome(tx: Queryable, deps: Pick<EarningsDeps, 'publicUrl'>, p: payouts.PayoutRow, outcome: PayoutOutcome, by: { id: string | null }) {
  const money = formatMoney(p.amount, p.currency);
  if (outcome.status === 'paid') {
    const done = await payouts.markPayout(tx, p.id, { status: 'paid', reference: outcome.reference ?? null, by: by.id });
    await ledger.insertEntry(tx, { hostId: p.host_id, kind: 'payout_paid', key: `payout:${p.id}:paid`, currency: p.currency, payoutId: p.id, requested: -p.amount, paidOut: p.amount });
    await notify(
      tx,
      {
        userId: p.host_id,
        title: 'Payout paid',
        push: { kind: 'payouts', url: EARNINGS_SCREEN },
        description: `${money} was sent to ${p.destination}${outcome.reference ? ` (reference ${outcome.reference})` : ''}.`,
        mail: {
          subject: `Payout of ${money} paid`,
          text: `We have paid ${money} to ${p.destination}.${outcome.reference ? `\nBank reference: ${outcome.reference}` : ''}\n\nIt may take a few hours to show in your account. Your earnings: ${deps.publicUrl}/earning.`,
        },
      },
    );
    return done;
  }
  const done = await payouts.markPayout(tx, p.id, { status: outcome.status, reason: outcome.reason ?? null, by: by.id });
  await ledger.insertEntry(tx, { hostId: p.host_id, kind: 'payout_returned', key: `payout:${p.id}:returned`, currency: p.currency, payoutId: p.id, requested: -p.amount, available: p.amount });
  await notify(
    tx,
    {
      userId: p.host_id,
      title: outcome.status === 'failed' ? 'Payout failed' : 'Payout cancelled',
      push: { kind: 'payouts', url: EARNINGS_SCREEN },
      description: `The payout of ${money} to ${p.destination} was not made${outcome.reason ? `: ${outcome.reason}` : ''}. The amount is back in your available balance.`,
    },
  );
  return done;
}
