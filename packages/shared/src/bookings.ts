/**
 * The bookings contract: the quote, a booking as its guest and host see it, and the inputs of
 * POST bookings, pay and cancel. The API validates with these and the web app reads them.
 */
import { z } from 'zod';
import { BOOKING_ACTORS, BOOKING_EVENTS, EXTENSION_EVENTS, GATE_EVENTS, PASS_EVENTS, PAYMENT_STATUSES } from './booking-lifecycle';
import { BOOKING_STATUSES, CANCELLATION_POLICY_KEYS, PARKING_TYPE_KEYS, VEHICLE_TYPE_KEYS } from './catalog';
import { cardInputSchema } from './payment-methods';
import { promoCodeField } from './promo-codes';
import { bookingReviewSchema } from './reviews';
import { isIsoInstant } from './time';

/** A booking may last at most this long (a year). */
export const MAX_BOOKING_DAYS = 366;
/** ... and start at most this far ahead. */
export const MAX_BOOKING_LEAD_DAYS = 366;

const MINUTE = 60_000;

/**
 * Abuse limits of booking and paying (docs/decisions/012-holds-and-declines.md), each well above what a
 * real driver ever does. Windows are in milliseconds (`timeWindow`, as the rate-limit plugin takes them).
 */
export const BOOKING_LIMITS = {
  /** unpaid holds (pending_payment, hold still running) one driver may have at once: the next POST bookings is a 409 */
  unpaidHolds: 3,
  /** POST bookings per driver, and per client address (many drivers can share one: an office, a carrier's NAT) */
  createPerUser: { max: 20, timeWindow: 15 * MINUTE },
  createPerAddress: { max: 60, timeWindow: 15 * MINUTE },
  /** POST bookings/:id/cancel per person (driver or host), and per client address */
  cancelPerUser: { max: 20, timeWindow: 15 * MINUTE },
  cancelPerAddress: { max: 60, timeWindow: 15 * MINUTE },
  /** declined payments of one booking: the last one allowed releases its hold */
  declinesPerBooking: 5,
  /**
   * declined payments and card saves of one person in an hour, across all their bookings (POST payment-methods
   * tokenizes a card too): past it, a 429 before the payment provider is called
   */
  declinesPerUser: { max: 10, timeWindow: 60 * MINUTE },
} as const;

/**
 * Captures, refunds and releases the provider did not carry out are tried again by the lifecycle job: the first
 * retry 15 s after a failure, each next one twice as late (jittered) up to 30 minutes apart. A capture still
 * failing after `maxAttempts` (about 7 hours) has failed for good: its booking is cancelled (decision 011).
 */
export const PAYMENT_SETTLE_RETRY = { firstDelayMs: 15_000, maxDelayMs: 30 * MINUTE, maxAttempts: 20 } as const;

/** An ISO 8601 instant with its offset ('2026-12-24T18:30:00+05:30' or '…Z'). */
export const isoInstant = (what: string) =>
  z
    .string({ error: `${what} is required: an ISO 8601 time with its offset` })
    .trim()
    .refine(isIsoInstant, {
      message: `${what} must be an ISO 8601 time with its offset, such as 2026-12-24T18:30:00+05:30`,
    });

/** start and end of a stay; end after start, at most a year long. */
export const stayWindowShape = { start: isoInstant('start'), end: isoInstant('end') };

function checkWindow(w: { start: string; end: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(w.start);
  const end = Date.parse(w.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return;
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
  else if (end - start > MAX_BOOKING_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['end'], message: 'A booking can last at most a year' });
}

/** A booking's plan: a stay (start and end), or a rolling monthly pass (start only; decision 037). */
export const BOOKING_PLANS = ['stay', 'monthly'] as const;
export type BookingPlan = (typeof BOOKING_PLANS)[number];
const planField = z.enum(BOOKING_PLANS, { error: 'plan must be stay or monthly' }).optional();

/** What POST bookings answers (422) to a monthly pass sent with an end, and the quote (400). */
export const PASS_HAS_NO_END = 'A monthly pass has no end: leave end out (it renews each month until notice is given)';

/**
 * A stay needs its end; a monthly pass has none (it rolls on until notice). `passEnd`: what an end sent with a
 * pass is to the schema (POST bookings lets it through: the server answers 422, as the contract says).
 */
const checkPlanWindow = (passEnd: 'issue' | 'pass') => (w: { start: string; end?: string | undefined; plan?: BookingPlan | undefined }, ctx: z.RefinementCtx) => {
  if (w.plan === 'monthly') {
    if (w.end !== undefined && passEnd === 'issue') ctx.addIssue({ code: 'custom', path: ['end'], message: PASS_HAS_NO_END });
    return;
  }
  if (w.end === undefined) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'end is required: an ISO 8601 time with its offset' });
    return;
  }
  checkWindow(w as { start: string; end: string }, ctx);
};

/** The driver's vehicle type, when the quote or the busy times depend on it: a motorcycle takes one two-wheeler bay (decision 040). */
const vehicleTypeParam = z.enum(VEHICLE_TYPE_KEYS, { error: 'Choose a vehicle type from the list' }).optional();

export const quoteQuerySchema = z
  .object({ start: stayWindowShape.start, end: stayWindowShape.end.optional(), plan: planField, promo_code: promoCodeField, vehicle_type: vehicleTypeParam })
  .superRefine(checkPlanWindow('issue'));
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/** 'extension': more time after a stay, priced as the whole stay less what the stay cost (decision 039) */
export const QUOTE_LINE_KINDS = ['hourly', 'daily', 'weekly', 'monthly', 'extension', 'service_fee'] as const;
export const quoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  /** '3 hours × ₹50' is built by the client from these; label is the plain name ('Hourly rate') */
  label: z.string(),
  quantity: z.number(),
  unit_amount: z.number(),
  amount: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** Why a window cannot be booked. */
export const UNAVAILABLE_REASONS = ['past', 'too_far_ahead', 'too_short', 'too_long', 'closed', 'blacked_out', 'taken', 'not_priced', 'paused', 'own_listing'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export const quoteSchema = z.object({
  parking_id: z.string(),
  available: z.boolean(),
  reason: z.enum(UNAVAILABLE_REASONS).optional(),
  /** a sentence for people when not available */
  message: z.string().optional(),
  start: z.string(),
  end: z.string(),
  minutes: z.number(),
  time_zone: z.string(),
  /** the price lines: which rates apply and how many of each, then the guest's service fee */
  lines: z.array(quoteLineSchema),
  subtotal: z.number(),
  service_fee: z.number(),
  /** a promotion code's discount (decision 036), 0 without one; total = subtotal + service_fee - discount */
  discount: z.number().optional(),
  /** the code applied, as the admin wrote it; null without one */
  promo_code: z.string().nullable().optional(),
  total: z.number(),
  currency: z.string(),
  instant_book: z.boolean(),
  cancellation_policy: z.enum(CANCELLATION_POLICY_KEYS),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteAnswerSchema = z.object({ result: quoteSchema });

/** POST bookings. Any price in the body is ignored: the server prices the stay. */
export const createBookingSchema = z
  .object(
    {
      parking_id: z.string({ error: 'parking_id is required: the id of the listing to book' }).trim().min(1, 'parking_id is required'),
      start: stayWindowShape.start,
      /** a stay's end; absent for a monthly pass */
      end: stayWindowShape.end.optional(),
      /** 'stay' (the default) or 'monthly': a pass from start that renews each month until notice (decision 037) */
      plan: planField,
      vehicle_id: z.string().trim().min(1).nullable().optional(),
      /** a promotion code (decision 036): checked and priced by the server */
      promo_code: promoCodeField,
    },
    { error: 'Send {parking_id, start, end, vehicle_id?, promo_code?, extends_booking_id?} or {parking_id, start, plan: "monthly", vehicle_id?, promo_code?}' },
  )
  .superRefine(checkPlanWindow('pass'));
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** How a monthly pass paid through Razorpay renews (decision 042): a UPI AutoPay mandate, or a card Razorpay keeps. */
export const RECURRING_METHODS = ['upi', 'card'] as const;
export type RecurringMethod = (typeof RECURRING_METHODS)[number];
/**
 * Whether a pass's mandate can still be charged (decision 045): `active`, or stopped by its payer or their bank
 * (`paused` or `cancelled` in their UPI app or by the card's bank, `rejected`); a stopped one is never charged, and
 * the next month waits on the driver, whose Checkout payment sets up a new one.
 */
export const MANDATE_STATES = ['active', 'paused', 'cancelled', 'rejected'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

const razorpayPaymentId = z.string({ error: 'razorpay_payment_id must be text' }).trim().regex(/^pay_[A-Za-z0-9]{14,40}$/, 'razorpay_payment_id is the id of a Razorpay payment (pay_…)');
const razorpayOrderId = z.string({ error: 'razorpay_order_id must be text' }).trim().regex(/^order_[A-Za-z0-9]{14,40}$/, 'razorpay_order_id is the id of a Razorpay order (order_…)');

/**
 * Razorpay Checkout's start. A monthly pass (decision 042) says how its renewals are paid: `upi` (UPI AutoPay, the
 * default) or `card` (a card Razorpay keeps); its first month's payment authorises that, once.
 */
const razorpayStart = z.object(
  { method: z.enum(RECURRING_METHODS, { error: 'method is upi or card' }).optional() },
  { error: 'Send {razorpay: {}} to pay with Razorpay Checkout' },
);

/**
 * POST bookings/:id/pay: a new card (optionally saved) or a saved card's id; or, after a 402
 * PAYMENT_ACTION_REQUIRED the payer confirmed with their bank, that answer's payment_intent_id. With
 * Razorpay (decision 032): `{razorpay: {}}` starts a Checkout payment (a 402 with the order), then
 * Checkout's handler fields record it (the signature checked on the server), or its payment.failed's two
 * ids report a failure (the server asks Razorpay how it went).
 */
export const payBookingSchema = z.union(
  [
    z.object({ card: cardInputSchema, save_card: z.boolean().optional() }),
    z.object({ payment_method_id: z.string({ error: 'payment_method_id must be the id of a saved card' }).trim().min(1, 'Choose a saved card') }),
    z.object({ payment_intent_id: z.string({ error: 'payment_intent_id must be text' }).trim().regex(/^pi_\w{1,200}$/, 'payment_intent_id is the id of a Stripe payment (pi_…)') }),
    // Razorpay Checkout: start (or restart) a payment; then Checkout's handler fields; or its payment.failed (no signature)
    z.object({ razorpay: razorpayStart }),
    z.object({ razorpay_payment_id: razorpayPaymentId, razorpay_order_id: razorpayOrderId, razorpay_signature: z.string({ error: 'razorpay_signature must be text' }).trim().min(1, 'razorpay_signature is the signature Razorpay Checkout gave').max(200, 'razorpay_signature is the signature Razorpay Checkout gave') }),
    z.strictObject({ razorpay_payment_id: razorpayPaymentId, razorpay_order_id: razorpayOrderId }),
  ],
  { error: 'Send {card:{number, exp_month, exp_year, cvc}}, {payment_method_id}, {payment_intent_id} or, with Razorpay, {razorpay: {}}' },
);
export type PayBookingInput = z.input<typeof payBookingSchema>;
export type PayBookingFields = z.output<typeof payBookingSchema>;

/** A cancellation or decline reason: the other party reads it. */
export const BOOKING_REASON_MAX = 500;
const reasonText = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(BOOKING_REASON_MAX, `Keep the reason under ${BOOKING_REASON_MAX} characters`)
  .optional();
export const cancelBookingSchema = z.object({ reason: reasonText }).optional();
export const declineBookingSchema = z.object({ reason: reasonText }).optional();

export const BOOKING_LIST_KINDS = ['upcoming', 'past', 'cancelled'] as const;
export type BookingListKind = (typeof BOOKING_LIST_KINDS)[number];
export const bookingListQuerySchema = z.object({
  status: z.enum(BOOKING_LIST_KINDS, { error: 'status must be upcoming, past or cancelled' }).default('upcoming'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(50).default(20),
  cursor: z.string().max(200).optional(),
});

/** Where a booking's money stands, and the changes allowed between them: booking-lifecycle.ts (PAYMENT_STATUS_CHANGES). */
export { PAYMENT_STATUSES, type PaymentStatus } from './booking-lifecycle';

export const bookingVehicleSchema = z.object({
  id: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPE_KEYS),
  make: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  plate: z.string(),
});

export const bookingEventSchema = z.object({
  event: z.enum([...BOOKING_EVENTS, ...GATE_EVENTS, ...EXTENSION_EVENTS, ...PASS_EVENTS, 'create']),
  from: z.enum(BOOKING_STATUSES).nullable(),
  to: z.enum(BOOKING_STATUSES),
  by: z.enum(BOOKING_ACTORS),
  reason: z.string().nullable(),
  at: z.string(),
});

export const refundPreviewSchema = z.object({
  /** what would come back, in minor units, and as a share of what was paid */
  amount: z.number(),
  percent: z.number(),
  /** when the refund drops next, if it will */
  changes_at: z.string().nullable(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

/**
 * Where a monthly pass's period's money stands (decision 037); `action_required`: the provider will not take the
 * renewal without its driver (3-D Secure, a mandate revoked or expired), who is asked to confirm it (decision 042).
 */
export const PERIOD_PAYMENT_STATUSES = ['paid', 'due', 'retrying', 'action_required', 'failed', 'refunded'] as const;
export type PeriodPaymentStatus = (typeof PERIOD_PAYMENT_STATUSES)[number];

/** A period of a monthly pass: n from 1, its times, price and payment. */
export const bookingPeriodSchema = z.object({
  n: z.number(),
  start: z.string(),
  end: z.string(),
  total: z.number(),
  payment_status: z.enum(PERIOD_PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
});
export type BookingPeriod = z.infer<typeof bookingPeriodSchema>;

/** The fields a monthly pass adds to a booking (all optional: older clients and answers go on working). */
export const passFieldsShape = {
  plan: z.enum(BOOKING_PLANS).optional(),
  /** a pass: the end of the period paid for (or being paid); null for a stay */
  period_end: z.string().nullable().optional(),
  /** a pass: when its next period begins (charged a day before); null once notice is given or the pass has ended */
  renews_at: z.string().nullable().optional(),
  /** a pass: the listing's notice in days, frozen on the pass */
  notice_days: z.number().nullable().optional(),
  /** a pass: when it ends (notice, or a final failed renewal); null while it rolls on */
  ends_at: z.string().nullable().optional(),
  notice_given_by: z.enum(['guest', 'host']).nullable().optional(),
  notice_given_at: z.string().nullable().optional(),
  /** a pass's periods, from 1; null for a stay */
  periods: z.array(bookingPeriodSchema).nullable().optional(),
  /**
   * a pass: what its renewals are charged to (a saved card, or a Razorpay card or UPI AutoPay mandate) and whether it
   * still can be (`state`, decision 045); null when nothing this server can charge is kept (each month then waits on
   * its driver)
   */
  renews_with: z.object({ method: z.enum(RECURRING_METHODS), label: z.string(), state: z.enum(MANDATE_STATES) }).nullable().optional(),
};

/**
 * POST bookings/:id/periods/:n/pay (decision 042): the driver confirms a renewal that waits on them. `{}` pays the
 * period with the pass's saved card, on-session (a 402 PAYMENT_ACTION_REQUIRED when the bank wants its 3-D Secure
 * challenge, then `{payment_intent_id}`); with Razorpay, `{razorpay: {method?}}` answers the 402 with a Checkout
 * order for the month that also authorises the renewals again, then Checkout's fields as for POST bookings/:id/pay.
 */
export const payPeriodSchema = z.union(
  [
    z.object({ payment_intent_id: z.string({ error: 'payment_intent_id must be text' }).trim().regex(/^pi_\w{1,200}$/, 'payment_intent_id is the id of a Stripe payment (pi_…)') }),
    z.object({ razorpay: razorpayStart }),
    z.object({ razorpay_payment_id: razorpayPaymentId, razorpay_order_id: razorpayOrderId, razorpay_signature: z.string({ error: 'razorpay_signature must be text' }).trim().min(1, 'razorpay_signature is the signature Razorpay Checkout gave').max(200, 'razorpay_signature is the signature Razorpay Checkout gave') }),
    z.strictObject({ razorpay_payment_id: razorpayPaymentId, razorpay_order_id: razorpayOrderId }),
    z.strictObject({}),
  ],
  { error: 'Send {} to pay with the saved card, {payment_intent_id} after your bank’s check or, with Razorpay, {razorpay: {}}' },
);
export type PayPeriodInput = z.input<typeof payPeriodSchema>;
export type PayPeriodFields = z.output<typeof payPeriodSchema>;
export const periodParamsSchema = z.object({ id: z.string(), n: z.coerce.number({ error: 'n must be a number' }).int('n must be a whole number').min(2, 'Only a renewal (month 2 on) is confirmed this way').max(10_000) });

/** POST bookings/:id/notice: nothing to send (an empty object, or no body). */
export const giveNoticeSchema = z.object({}, { error: 'Send {} to give notice' }).optional();

/** GET bookings/:id/invoice.pdf?period=n: a pass's period (1 when absent). */
export const invoiceQuerySchema = z.object({
  period: z.coerce.number({ error: 'period must be a number' }).int('period must be a whole number').min(1, 'period starts at 1').max(10_000).optional(),
});

/** A booking as its guest or the space's host sees it (GET bookings, GET bookings/:id, every write). */
export const bookingSchema = z.object({
  id: z.string(),
  /** short, for people: 'PK-7F3A2C91' */
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  parking_id: z.string(),
  listing: z.object({
    id: z.string(),
    title: z.string().nullable(),
    parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    time_zone: z.string(),
    cover_thumb_url: z.string().nullable(),
    instant_book: z.boolean(),
    cancellation_policy: z.enum(CANCELLATION_POLICY_KEYS),
  }),
  start: z.string(),
  end: z.string(),
  unit_label: z.string().nullable(),
  vehicle: bookingVehicleSchema.nullable(),
  lines: z.array(quoteLineSchema),
  currency: z.string(),
  subtotal: z.number(),
  service_fee: z.number(),
  /** a promotion code's discount, frozen at booking (decision 036), 0 without one; total = subtotal + service_fee - discount */
  discount: z.number().optional(),
  promo_code: z.string().nullable().optional(),
  total: z.number(),
  /** the host's side: commission and payout (shown to the host only; null for the guest) */
  host_fee: z.number().nullable(),
  host_payout: z.number().nullable(),
  /** the commission rate frozen at booking, in percent (host side only; null for the guest) */
  host_commission_percent: z.number().nullable().optional(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** the card that paid, if any */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** until when an unpaid hold lasts, or a request waits for the host */
  expires_at: z.string().nullable(),
  /** the exact place and how to get in: only once confirmed (or completed) */
  access: z
    .object({
      address: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      access_instructions: z.string().nullable(),
    })
    .nullable(),
  host: z.object({ name: z.string(), profile_image: z.string().nullable() }),
  guest: z.object({ name: z.string() }),
  /** which side of the booking the viewer is on */
  viewer_role: z.enum(['guest', 'host', 'admin']),
  refund_if_cancelled_now: refundPreviewSchema.nullable(),
  refund_amount: z.number().nullable(),
  cancelled_by: z.enum(['guest', 'host', 'admin', 'system']).nullable(),
  cancel_reason: z.string().nullable(),
  decline_reason: z.string().nullable(),
  events: z.array(bookingEventSchema),
  created_at: z.string(),
  /** the driver's review of this stay once left (its host sees it too) */
  review: bookingReviewSchema.nullable().optional(),
  /** more time (decision 039): the booking this one extends (null for any other booking) */
  extends_booking_id: z.string().nullable().optional(),
  /** the paid bookings that extend this one, in order */
  extended_by: z.array(z.string()).optional(),
  /** true while the driver may review this completed stay: not yet reviewed, until review_deadline */
  can_review: z.boolean().optional(),
  /** when reviewing closes (REVIEW_WINDOW_DAYS after the end), while can_review */
  review_deadline: z.string().nullable().optional(),
  ...passFieldsShape,
});
export type Booking = z.infer<typeof bookingSchema>;
export type BookingViewerRole = Booking['viewer_role'];

export const bookingAnswerSchema = z.object({ result: bookingSchema });
export const bookingsAnswerSchema = z.object({ result: z.array(bookingSchema), next_cursor: z.string().optional() });

/** When a listing is taken in the coming days (GET parkings/:id/busy): blocks, no guest's details. */
export const busyQuerySchema = z.object({
  from: isoInstant('from').optional(),
  days: z.coerce.number().int().min(1).max(62).default(14),
  vehicle_type: vehicleTypeParam,
});
export const busyAnswerSchema = z.object({
  result: z.object({
    time_zone: z.string(),
    capacity: z.number(),
    /** periods when every unit is taken */
    full: z.array(z.object({ start: z.string(), end: z.string() })),
  }),
});
