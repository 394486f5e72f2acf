/**
 * The console's payouts area: `GET admin/payouts?status=` (hosts' payout requests), `POST
 * admin/payouts/:id/paid {reference}` and `POST admin/payouts/:id/failed {reason}`, both written to the
 * host ledger by the earnings module's settlePayout (decision 004).
 */
import { z } from 'zod';
import { adminPageInfoSchema, adminReasonSchema } from './admin';
import { PAYOUT_METHODS, PAYOUT_STATUS_LABELS, PAYOUT_STATUSES } from './earnings';

/** The statuses the console lists by; requested (the queue to pay) unless the admin picks another. */
export const ADMIN_PAYOUT_FILTERS = ['requested', 'paid', 'failed'] as const;
export type AdminPayoutFilter = (typeof ADMIN_PAYOUT_FILTERS)[number];

export const adminPayoutsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ADMIN_PAYOUT_FILTERS).default('requested')),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;

export const adminPayoutIdParamsSchema = z.object({ id: z.guid({ error: 'Not a payout id' }) });

export const adminPayoutSchema = z.object({
  id: z.string(),
  host: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  method: z.enum(PAYOUT_METHODS),
  /** the masked account as it was when requested ('Bank account ••••1234 (HDFC0001234)'): never the full number */
  destination: z.string(),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  reference: z.string().nullable(),
  /** requested under the simulated payment provider: no real money to transfer */
  simulated: z.boolean(),
  /** the RazorpayX payout made for it (automatic payouts), with RazorpayX's last status */
  razorpayx: z.object({ payout_id: z.string().nullable(), status: z.string().nullable() }).nullable(),
  /** the failed payout this one retries */
  retry_of: z.string().nullable(),
  /** a failed payout already retried (once) */
  retried: z.boolean(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsAnswerSchema = z.object({
  result: z.array(adminPayoutSchema),
  page: adminPageInfoSchema,
  /** payouts are sent through RazorpayX: no manual paid/failed, a failed one can be retried */
  automatic: z.boolean(),
});
export const adminPayoutAnswerSchema = z.object({ result: adminPayoutSchema });

/** The bank's reference of the transfer (a UTR, an IMPS or UPI reference). */
export const payoutReferenceSchema = z
  .string({ error: 'Enter the bank reference' })
  .trim()
  .min(4, 'Enter the bank reference of the transfer')
  .max(100, 'Keep the reference under 100 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/, 'Letters, digits, spaces and . / _ - only');

export const adminPayoutPaidSchema = z.object({ reference: payoutReferenceSchema });
export type AdminPayoutPaidInput = z.infer<typeof adminPayoutPaidSchema>;

/** The host reads this reason; the payouts table keeps up to 500 characters of it. */
export const PAYOUT_FAILURE_REASON_MAX = 500;
export const adminPayoutFailedSchema = z.object({
  reason: adminReasonSchema.max(PAYOUT_FAILURE_REASON_MAX, `Keep the reason under ${PAYOUT_FAILURE_REASON_MAX} characters`),
});

/**
 * The console's words for a payout's status. By hand a requested payout is a request to pay; with
 * RazorpayX (`automatic`) nobody pays it by hand: it is in flight at RazorpayX, or awaiting RazorpayX
 * (not sent yet: the sender has not reached RazorpayX).
 */
export function adminPayoutStatusLabel(p: Pick<AdminPayout, 'status' | 'razorpayx'>, automatic: boolean): string {
  if (p.status !== 'requested') return PAYOUT_STATUS_LABELS[p.status];
  if (!automatic) return PAYOUT_STATUS_LABELS.requested;
  return p.razorpayx?.payout_id ? 'In flight' : 'Awaiting RazorpayX';
}

/** The console's filter of payouts, in the words of how payouts are made. */
export function adminPayoutFilterOptions(automatic: boolean): { value: '' | Exclude<AdminPayoutFilter, 'requested'>; label: string }[] {
  return [
    { value: '', label: automatic ? 'In flight' : 'Requested (to pay)' },
    { value: 'paid', label: 'Paid' },
    { value: 'failed', label: 'Failed or cancelled' },
  ];
}
