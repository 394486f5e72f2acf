/**
 * PAYMENT_PROVIDER=razorpay (decision 032): the Razorpay driver (razorpay-provider.ts) behind the one
 * PaymentProvider door the booking process settles money through (captures, refunds, releases after the
 * commit: payments.service settlePending), with the driver itself at hand for what only Razorpay has: the
 * order a payer pays in Checkout, and the check of what Checkout hands back (bookings/razorpay-pay.service.ts).
 *
 * - No card is tokenized here, and nothing is charged on-session: `tokenize` and an on-session `charge`
 *   refuse (the pay route never calls them under this provider: it answers "Pay with Razorpay Checkout").
 *   An off-session `charge` (a monthly pass's renewal, decision 042) charges the pass's recurring token
 *   (`cust_…/token_…`) under an order whose receipt is made from the renewal's idempotency key, looked up
 *   before anything is charged (Razorpay does not de-duplicate): captured, pending (a UPI AutoPay debit,
 *   settled by its webhook), refused, or `payer_required` when the token can no longer be charged.
 * - `capture` captures the authorisation in full (Razorpay's rule), done-is-done.
 * - `refund` refunds under a receipt made from the ledger line's idempotency key (Razorpay does not
 *   de-duplicate refunds, and a receipt is at most 40 characters: a booking's key is longer), so a retry
 *   finds the same refund; 'pending' until Razorpay has processed it (refund.processed settles the line).
 * - `release`: Razorpay has no call to void an authorisation; it gives one back itself when the order's
 *   manual_expiry_period ends. 'pending' while it still holds it (refund.processed with captured:false
 *   settles the line). A pending line whose reference is an order (an attempt the payer never paid, let
 *   go) holds nothing: done.
 */
import { createHash } from 'node:crypto';
import type { PaymentProvider } from './provider';
import { ProviderRefusedError } from './provider';
import { MANDATE_REF, razorpayDriver, type RazorpayDriver, type RazorpayOptions } from './razorpay-provider';

export interface RazorpayPaymentProvider extends PaymentProvider {
  readonly name: 'razorpay';
  readonly razorpay: RazorpayDriver;
  /** RAZORPAY_KEY_SECRET: the handler's signature is checked with it before anything is looked up */
  readonly keySecret: string;
}

export const isRazorpay = (p: PaymentProvider): p is RazorpayPaymentProvider => p.name === 'razorpay' && 'razorpay' in p;

/**
 * The Razorpay refund receipt of a ledger line: `rf_` and 32 characters of the SHA-256 of its idempotency
 * key (`<booking>:refund`, `<booking>:refund:admin:<key>`, ...): the same line always has the same receipt.
 */
export const refundReceiptOf = (idempotencyKey: string) => `rf_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32)}`;

/** The receipt of a recurring charge's order: `rc_` and 32 characters of the SHA-256 of its idempotency key. */
export const recurringReceiptOf = (idempotencyKey: string) => `rc_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32)}`;

const ORDER = /^order_/;

export function razorpayPaymentProvider(opts: RazorpayOptions): RazorpayPaymentProvider {
  const driver = razorpayDriver(opts);
  return {
    name: 'razorpay',
    razorpay: driver,
    keySecret: opts.keySecret,
    async tokenize() {
      throw new ProviderRefusedError('razorpay_checkout_only');
    },
    async charge(req) {
      if (!req.offSession) throw new ProviderRefusedError('razorpay_checkout_only');
      // a card saved with another provider, or no phone number to name: only the payer can set renewals up again
      const ref = MANDATE_REF.exec(req.card);
      if (!ref || !req.payer?.contact) return { ok: false, code: 'payer_required' };
      const r = await driver.chargeToken({
        customerId: ref[1]!,
        tokenId: ref[2]!,
        amount: req.amount,
        currency: req.currency,
        receipt: recurringReceiptOf(req.idempotencyKey),
        description: req.description,
        notes: { parkly_key: req.idempotencyKey },
        email: req.payer.email,
        contact: req.payer.contact,
      });
      if (r.kind === 'captured') return { ok: true, ref: r.ref };
      if (r.kind === 'pending') return { ok: false, code: 'pending', ref: r.ref };
      if (r.kind === 'mandate_inactive') return { ok: false, code: 'payer_required' };
      return { ok: false, code: 'card_declined' };
    },
    async capture(ref, amount) {
      await driver.capture(ref, amount);
    },
    async refund(ref, amount, idempotencyKey) {
      const r = await driver.refund(ref, { amount, receipt: refundReceiptOf(idempotencyKey) });
      return r.status === 'processed' ? undefined : 'pending';
    },
    async release(ref) {
      // an order's attempt that was let go: nothing was authorised on our side of it
      if (ORDER.test(ref)) return;
      return (await driver.release(ref)) === 'released' ? undefined : 'pending';
    },
  };
}
