/**
 * The console's bookings area: `GET admin/bookings` (search), `GET admin/bookings/:id` (a booking's whole
 * history: status changes, payments, refunds, the host's ledger) and `POST admin/bookings/:id/refund`
 * (docs/decisions/009-admin-refunds.md).
 */
import { z } from 'zod';
import { adminListQuerySchema, adminPageInfoSchema, adminReasonSchema } from './admin';
import { bookingEventSchema, PAYMENT_STATUSES, quoteLineSchema } from './bookings';
import { BOOKING_STATUSES, CANCELLATION_POLICY_KEYS } from './catalog';

/** An empty filter in the address (?status=) means no filter. */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/**
 * ?q= matches the booking id (or its start, as in the reference 'PK-1A2B3C4D'), the guest's or the host's
 * name or e-mail, or the listing's title; ?status= one status.
 */
export const adminBookingsQuerySchema = adminListQuerySchema.extend({ status: optionalFilter(BOOKING_STATUSES) });
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

export const adminBookingIdParamsSchema = z.object({ id: z.guid({ error: 'Not a booking id' }) });

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A row of the bookings list. Money in minor units (paise). */
export const adminBookingSummarySchema = z.object({
  id: z.string(),
  /** 'PK-1A2B3C4D', as guests and hosts read it */
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start: z.string(),
  end: z.string(),
  /** the listing's zone, to show the times on its clock */
  time_zone: z.string(),
  listing: z.object({ id: z.string(), title: z.string().nullable() }),
  guest: personSchema,
  host: personSchema,
  currency: z.string(),
  total: z.number(),
  /** what the guest's card was charged (0 while only authorised) */
  paid: z.number(),
  /** everything given back to the guest so far */
  refunded: z.number(),
  created_at: z.string(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;
export const adminBookingsAnswerSchema = z.object({ result: z.array(adminBookingSummarySchema), page: adminPageInfoSchema });

export const PAYMENT_LINE_KINDS = ['charge', 'authorisation', 'capture', 'refund', 'release'] as const;
export const PAYMENT_LINE_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A line of the payments ledger (charge, authorisation, capture, refund, release) as the provider saw it. */
export const adminPaymentLineSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_LINE_KINDS),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** pending: decided, not yet carried out with the provider (retried by the lifecycle job) */
  status: z.enum(PAYMENT_LINE_STATUSES),
  idempotency_key: z.string(),
  provider_ref: z.string().nullable(),
  failure_code: z.string().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type AdminPaymentLine = z.infer<typeof adminPaymentLineSchema>;

export const REFUND_SOURCES = ['admin', 'cancellation', 'provider'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** A refund of the booking: who gave it and why (an admin's), or what caused it. */
export const adminRefundSchema = z.object({
  payment_id: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_LINE_STATUSES),
  /** admin: from the console; cancellation: the booking's cancellation; provider: done at the provider (its dashboard, a late payment given back) */
  source: z.enum(REFUND_SOURCES),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** An entry of the host's ledger for this booking (decision 004): signed amounts and bucket moves. */
export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  entry_key: z.string(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  pending: z.number(),
  available: z.number(),
  guest_refund: z.number().nullable(),
  occurred_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** A status change, with the person who made it (null for the system or a deleted account). */
export const adminBookingEventSchema = bookingEventSchema.extend({ actor: z.object({ id: z.string(), name: z.string() }).nullable() });
export type AdminBookingEvent = z.infer<typeof adminBookingEventSchema>;

const contactSchema = personSchema.extend({ phone: z.string().nullable() });

export const adminBookingDetailSchema = adminBookingSummarySchema.extend({
  guest: contactSchema,
  host: contactSchema,
  payment_status: z.enum(PAYMENT_STATUSES),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  price: z.object({
    lines: z.array(quoteLineSchema),
    subtotal: z.number(),
    service_fee: z.number(),
    /** Parkly's commission, taken from the host's side */
    host_fee: z.number(),
    /** a promotion code's discount, Parkly's (decision 036): 0 and null without one */
    discount: z.number(),
    promo_code: z.string().nullable(),
    total: z.number(),
    cancellation_policy: z.enum(CANCELLATION_POLICY_KEYS).nullable(),
    guest_fee_percent: z.number().nullable(),
    host_commission_percent: z.number().nullable(),
  }),
  cancelled_by: z.enum(['guest', 'host', 'admin', 'system']).nullable(),
  cancel_reason: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** what an admin can still refund: paid minus refunded (0 when nothing was charged) */
  refundable: z.number(),
  /** the guest's and host's chat about this listing */
  messages: z.number(),
  /** oldest first */
  events: z.array(adminBookingEventSchema),
  /** oldest first */
  payments: z.array(adminPaymentLineSchema),
  /** oldest first */
  refunds: z.array(adminRefundSchema),
  /** oldest first */
  ledger: z.array(adminLedgerEntrySchema),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;
export const adminBookingAnswerSchema = z.object({ result: adminBookingDetailSchema });

/**
 * POST admin/bookings/:id/refund: `{ amount }` in paise, or `{ full: true }` for all that is left, with a
 * reason (the guest and the host read it) and a key the console makes once per dialog, so a double click
 * or a retry refunds once.
 */
export const adminRefundInputSchema = z
  .object({
    full: z.literal(true, { error: 'full is true or left out' }).optional(),
    amount: z
      .number({ error: 'Enter the amount in paise, as a whole number' })
      .int('Enter the amount in paise, as a whole number')
      .min(1, 'Refund at least ₹0.01')
      .max(100_000_000, 'That is more than any booking')
      .optional(),
    reason: adminReasonSchema,
    idempotency_key: z.guid({ error: 'Send a key (a UUID) made once for this refund' }),
  })
  .superRefine((v, ctx) => {
    if (v.full === undefined && v.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount, or refund in full' });
    if (v.full && v.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Either an amount or in full, not both' });
  });
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>;
