/**
 * The one door to a payment provider. Three drivers, chosen by PAYMENT_PROVIDER (config.ts):
 * `simulated` (the default on the embedded database only), `stripe` and `razorpay` (whose payments are
 * made in Razorpay Checkout, not charged here: razorpay-payments.ts). Every write carries an idempotency key, so a retried
 * call never takes money twice.
 */
import type { CardBrand } from '@parkly/shared/payment-methods';
import type { PaymentProviderName } from '@parkly/shared/settings';

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** A card as the provider keeps it: a reference, never the number. */
export interface ProviderCard {
  ref: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * Why a card was refused, in our words. The precise reason is kept in the ledger for the console; what the
 * payer is told is DECLINE_MESSAGES.
 */
export const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number', 'invalid_expiry', 'authentication_failed'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** The bank wants the payer to confirm (3-D Secure): nothing is taken until they do, in their browser. */
export interface ActionRequired {
  ok: false;
  code: 'action_required';
  ref: string;
  /** for the browser's Stripe.js only */
  clientSecret: string;
}

/** Taken by the provider and settled later (a UPI AutoPay debit, decision 042): its webhook says how it ended. */
export interface ChargePending {
  ok: false;
  code: 'pending';
  ref: string;
}

/** The saved method cannot be charged without its holder any more (a mandate cancelled, paused or expired: decision 042). */
export interface PayerRequired {
  ok: false;
  code: 'payer_required';
}

export type ChargeResult = { ok: true; ref: string } | { ok: false; code: DeclineCode } | ActionRequired | ChargePending | PayerRequired;

/** A payment that waited on the payer, as the provider sees it now. */
export interface PaymentLookup {
  ref: string;
  /** succeeded: charged or authorised (or on its way: Stripe's 'processing') */
  state: 'succeeded' | 'action_required' | 'failed' | 'canceled';
  amount: number;
  /** upper case, as bookings keep it */
  currency: string;
  /** the idempotency key the payment was made with (`<booking>:pay:<attempt>`) */
  key: string | null;
  card: ProviderCard | null;
  clientSecret: string | null;
  /** why it failed, when it did */
  code?: DeclineCode;
}

export interface ChargeRequest {
  amount: number;
  currency: string;
  card: string;
  /** false authorises only (request to book): the money is captured when the host accepts */
  capture: boolean;
  idempotencyKey: string;
  description: string;
  /** a charge with no payer present (a monthly pass's renewal, decision 037): a saved card, no 3-D Secure challenge to take */
  offSession?: boolean;
  /** who is charged, for a provider that names them on a recurring charge (Razorpay: decision 042) */
  payer?: { email: string; contact: string | null };
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Turns card details into the provider's reference; a card the provider refuses is a decline. */
  tokenize(card: CardDetails, idempotencyKey: string): Promise<ProviderCard | { ok: false; code: DeclineCode }>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  capture(ref: string, amount: number, idempotencyKey: string): Promise<void>;
  /**
   * Refunds `amount` of a captured payment. 'pending' when the provider has taken the refund but not
   * done it yet (Razorpay: refund.processed or refund.failed will say); otherwise it is done.
   */
  refund(ref: string, amount: number, idempotencyKey: string): Promise<void | 'pending'>;
  /** Gives back an authorisation in full; 'pending' while the provider still holds it (Razorpay: until its window ends). */
  release(ref: string, idempotencyKey: string): Promise<void | 'pending'>;
  /**
   * A card the browser already handed to the provider (Stripe Elements gives a PaymentMethod id), as a
   * reference this server can charge. Only drivers with a client-side card form have it.
   */
  fromPaymentMethodId?(id: string, idempotencyKey: string): Promise<ProviderCard | { ok: false; code: DeclineCode }>;
  /**
   * Where a payment that answered `action_required` stands now (the payer has confirmed with their
   * bank, or failed to); null when the provider does not know it. Only drivers that answer
   * `action_required` have it.
   */
  lookup?(ref: string): Promise<PaymentLookup | null>;
}

/** The provider failed or did not answer in time: nothing is known to have been taken. */
export class ProviderUnavailableError extends Error {
  constructor(message = 'The payment provider did not answer', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * The provider will not do a capture, refund or release however often it is asked (a capture of an
 * authorisation that expired or was released, a card refused): settling it has failed for good.
 */
export class ProviderRefusedError extends Error {
  readonly code: string;
  constructor(code: string, options?: { cause?: unknown }) {
    super(`The payment provider refused: ${code}`, options);
    this.name = 'ProviderRefusedError';
    this.code = code;
  }
}

/** Every refusal a payer cannot fix by correcting what they typed: the bank's reason stays with the bank. */
const DECLINED = 'Your card was declined. Try another card, or contact your bank.';

/**
 * What the payer is told for each decline. Only what they can act on is said: the card has expired, or the
 * number, expiry or security code is wrong. Insufficient funds, suspected fraud, a lost or stolen card, "do
 * not honour" and every other bank reason get the one generic message, so the answers tell someone trying
 * stolen card numbers nothing about a card beyond "no" (docs/decisions/012-holds-and-declines.md).
 */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: DECLINED,
  insufficient_funds: DECLINED,
  expired_card: 'Your card has expired. Check the expiry date, or use another card.',
  incorrect_cvc: 'The security code (CVC) does not match this card. Check it and try again.',
  incorrect_number: 'The card number is not right. Check it and try again.',
  invalid_expiry: 'The expiry date does not match this card. Check it and try again.',
  authentication_failed: 'Your bank could not confirm this payment, so nothing was taken. Try again, or use another card.',
};
