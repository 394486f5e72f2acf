/** Stable error codes: the client branches on these, never on English text. */
export const ERROR_CODES = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** an admin suspended the account: it cannot log in until reinstated */
  ACCOUNT_SUSPENDED: 403,
  PAYMENT_DECLINED: 402,
  /** declined again, and that was the booking's last try (BOOKING_LIMITS.declinesPerBooking): its hold is released */
  TOO_MANY_DECLINES: 402,
  /** the card's bank asks the payer to confirm (3-D Secure): the answer carries `action`; nothing was taken yet */
  PAYMENT_ACTION_REQUIRED: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** the unit was just taken by someone else (a race decided by the database) */
  SLOT_TAKEN: 409,
  EMAIL_TAKEN: 409,
  /** more time was asked for a booking that cannot be extended (not a confirmed stay, a monthly pass, a stay that has ended) */
  NOT_EXTENDABLE: 409,
  /** the driver already holds as many unpaid bookings as allowed (BOOKING_LIMITS.unpaidHolds): pay for or cancel one first */
  TOO_MANY_HOLDS: 409,
  /** notice is given on a monthly pass only (decision 037): this booking is a stay */
  NOT_A_PASS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  /** the window cannot be booked (closed, blacked out, too long, in the past, ...) */
  NOT_BOOKABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** the payment provider failed or timed out: nothing was taken, the hold stands */
  PAYMENT_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string>;
  /** with PAYMENT_ACTION_REQUIRED: what the payer's browser does next */
  action?: PaymentAction;
}

/**
 * A payment waiting on the payer (3-D Secure): the browser passes `client_secret` to Stripe.js
 * (`stripe.handleNextAction`), then calls `POST bookings/:id/pay {payment_intent_id}` again.
 */
export type PaymentAction = StripeNextAction | RazorpayCheckoutAction;

export interface StripeNextAction {
  type: 'stripe_next_action';
  payment_intent_id: string;
  client_secret: string;
}

/**
 * Pay the booking's Razorpay order in Razorpay Checkout (`new Razorpay({key: key_id, order_id, amount, ...})`),
 * then send Checkout's handler fields `{razorpay_payment_id, razorpay_order_id, razorpay_signature}` to
 * `POST bookings/:id/pay`; on Checkout's `payment.failed`, send `{razorpay_order_id, razorpay_payment_id}`.
 */
export interface RazorpayCheckoutAction {
  type: 'razorpay_checkout';
  key_id: string;
  order_id: string;
  /** in paise */
  amount: number;
  currency: 'INR';
  name: 'Parkly';
  /** the listing's title */
  description: string;
  prefill: { name: string; email: string; contact?: string };
  /**
   * a monthly pass (decision 042): the payment also authorises its renewals: Checkout is opened with this
   * customer and `recurring: 1`, and only this way to pay (a UPI AutoPay mandate, or a card Razorpay keeps)
   */
  recurring?: { customer_id: string; method: 'upi' | 'card' };
}
