/**
 * A host's money (docs/decisions/004-host-ledger.md): the totals, months and listings of
 * `GET host/earnings`, all read from the host ledger, the payout account a host enters (validated
 * here once for the form and the API) and the payouts they request. Money is integer paise.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from './constants';

/** Months are calendar months in this zone (the product's home market); by_month covers this many. */
export const EARNINGS_TIME_ZONE = 'Asia/Kolkata';
export const EARNINGS_MONTHS = 12;

/** The smallest payout a host can ask for (₹1): anything less is not worth a bank transfer. */
export const MIN_PAYOUT = 100;

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** name@bank: a handle of letters, digits, dots, hyphens or underscores, then the bank's handle. */
export const UPI_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,254}@[a-z][a-z0-9]{1,63}$/;

/** gross - commission - refunds = net; pending + available + requested + paid_out = net (to the paisa). */
export const earningsTotalsSchema = z.object({
  /** what guests paid for the stays (the bookings' subtotals), before anything is taken off */
  gross: z.number(),
  /** Parkly's commission on the gross */
  commission: z.number(),
  /** the host's share of refunds to guests (gross refunded less the commission given back) */
  refunds: z.number(),
  net: z.number(),
  /** earned on bookings that have not finished yet */
  pending: z.number(),
  /** can be paid out now; negative when a refund came after a payout (carried, never lost) */
  available: z.number(),
  /** asked for, not paid yet */
  requested: z.number(),
  paid_out: z.number(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const earningsMonthSchema = z.object({
  /** 'YYYY-MM' in EARNINGS_TIME_ZONE */
  month: z.string(),
  gross: z.number(),
  commission: z.number(),
  refunds: z.number(),
  net: z.number(),
  /** bookings confirmed in the month */
  bookings: z.number(),
});
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

export const earningsListingSchema = z.object({
  parking_id: z.string(),
  title: z.string().nullable(),
  bookings: z.number(),
  gross: z.number(),
  commission: z.number(),
  refunds: z.number(),
  net: z.number(),
});
export type EarningsListing = z.infer<typeof earningsListingSchema>;

export const PAYOUT_METHODS = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Where payouts go, as the API answers it: masked, never the full account number. */
export const payoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  account_holder: z.string().nullable(),
  /** '••••••1234' */
  account_number_masked: z.string().nullable(),
  ifsc: z.string().nullable(),
  /** 'ra•••@okaxis' */
  upi_id_masked: z.string().nullable(),
  /** one line for people: 'Bank account ••••1234 (HDFC0001234)' or 'UPI ra•••@okaxis' */
  label: z.string(),
  updated_at: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const PAYOUT_STATUSES = ['requested', 'paid', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Requested',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** the masked account it goes to, as it was when requested */
  destination: z.string(),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** the bank's reference (UTR) once paid */
  reference: z.string().nullable(),
  /** requested while the server ran the simulated payment provider: the balance it pays out is no real money */
  simulated: z.boolean(),
  /** made at RazorpayX and not settled yet: on its way to the bank (automatic payouts only) */
  sent: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * A payout's status in the host's words: Requested (waiting to be sent), On its way (RazorpayX has it),
 * Paid, or Failed with the money back in the available balance.
 */
export function payoutStageLabel(p: Pick<Payout, 'status' | 'sent'>): string {
  if (p.status === 'requested') return p.sent ? 'On its way' : 'Requested';
  if (p.status === 'paid') return 'Paid';
  return `${PAYOUT_STATUS_LABELS[p.status]} — money back in your balance`;
}

/** When a host is paid without asking (docs/decisions/033-razorpayx-payouts.md): weekly is Mondays, monthly the 1st. */
export const PAYOUT_SCHEDULES = ['manual', 'weekly', 'monthly'] as const;
export type PayoutFrequency = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_SCHEDULE_LABELS: Record<PayoutFrequency, string> = {
  manual: 'When I ask',
  weekly: 'Weekly, on Mondays',
  monthly: 'Monthly, on the 1st',
};

export const payoutScheduleSchema = z.object({
  frequency: z.enum(PAYOUT_SCHEDULES),
  /** the host's clock the day is counted on */
  time_zone: z.string(),
  /** 'YYYY-MM-DD' on that clock: the next day the whole available balance is paid out; null when manual */
  next_run_on: z.string().nullable(),
});
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** PUT host/payout-schedule. */
export const payoutScheduleInputSchema = z.object({
  frequency: z.enum(PAYOUT_SCHEDULES, { error: 'Choose manual, weekly or monthly' }),
  time_zone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Not a time zone such as Asia/Kolkata')
    .optional(),
});
export type PayoutScheduleInput = z.infer<typeof payoutScheduleInputSchema>;
export const payoutScheduleAnswerSchema = z.object({ result: payoutScheduleSchema });

export const earningsSchema = z.object({
  currency: z.string(),
  time_zone: z.string(),
  totals: earningsTotalsSchema,
  /** the month so far and the one before, as in by_month (for the dashboard) */
  this_month: earningsMonthSchema,
  last_month: earningsMonthSchema,
  /** the last EARNINGS_MONTHS months, oldest first, the current one last (empty months included) */
  by_month: z.array(earningsMonthSchema),
  /** every listing that has earned, highest net first */
  by_listing: z.array(earningsListingSchema),
  payout_account: payoutAccountSchema.nullable(),
  /** true when payouts are sent through RazorpayX (RAZORPAYX_ACCOUNT_NUMBER is set), false when an admin makes them */
  automatic_payouts: z.boolean(),
  payout_schedule: payoutScheduleSchema,
  /** newest first (the last 50) */
  payouts: z.array(payoutSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
export const earningsAnswerSchema = z.object({ result: earningsSchema });

/**
 * Where the money goes is changed only by someone who knows the account's password, not by anyone
 * holding a signed-in device or a stolen token.
 */
const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX, 'Your current password is not correct.');

const bankAccountInput = z.object({
  method: z.literal('bank'),
  account_holder: z
    .string({ error: 'Enter the name on the account' })
    .trim()
    .min(2, 'Enter the name on the account')
    .max(80, 'Keep the name under 80 characters'),
  account_number: z
    .string({ error: 'Enter the account number' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => ACCOUNT_NUMBER_PATTERN.test(s), 'The account number is 9 to 18 digits'),
  ifsc: z
    .string({ error: 'Enter the IFSC' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => IFSC_PATTERN.test(s), 'The IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits (such as HDFC0001234)'),
  current_password: currentPassword,
});

const upiInput = z.object({
  method: z.literal('upi'),
  upi_id: z
    .string({ error: 'Enter the UPI ID' })
    .trim()
    .transform((s) => s.toLowerCase())
    .refine((s) => UPI_ID_PATTERN.test(s), 'Enter a UPI ID such as name@bank'),
  current_password: currentPassword,
});

/** PUT host/payout-account: the account and the host's current password. */
export const payoutAccountInputSchema = z.discriminatedUnion('method', [bankAccountInput, upiInput], {
  error: "Send {method:'bank', account_holder, account_number, ifsc, current_password} or {method:'upi', upi_id, current_password}",
});
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccountFields = z.output<typeof payoutAccountInputSchema>;
export const payoutAccountAnswerSchema = z.object({ result: payoutAccountSchema });

/** POST host/payouts: an amount in paise, or nothing for all that is available. */
export const payoutRequestSchema = z
  .object({
    amount: z
      .number({ error: 'The amount must be a whole number of paise' })
      .int('The amount must be a whole number of paise')
      .min(MIN_PAYOUT, `The smallest payout is ${MIN_PAYOUT} paise (₹1)`)
      .optional(),
  })
  // no body at all asks for everything available
  .nullish();
export type PayoutRequestInput = z.input<typeof payoutRequestSchema>;
export const payoutAnswerSchema = z.object({ result: payoutSchema });

/** The masked forms shown everywhere (shared so the form can preview them). */
export const maskAccountNumber = (n: string) => `••••${n.slice(-4)}`;
export function maskUpiId(id: string) {
  const [name = '', bank = ''] = id.split('@');
  return `${name.slice(0, 2)}•••@${bank}`;
}

/** The `n` months up to the one `now` falls in, in `timeZone`, oldest first: ['2025-08', …, '2026-07']. */
export function lastMonths(n: number, timeZone: string = EARNINGS_TIME_ZONE, now: Date = new Date()): string[] {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const months: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** '2026-07' -> 'Jul 2026' (or 'Jul' with short); months are named the same everywhere. */
export function monthLabel(month: string, short = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const name = new Date(Date.UTC(y, m - 1, 15)).toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' });
  return short ? name : `${name} ${y}`;
}
