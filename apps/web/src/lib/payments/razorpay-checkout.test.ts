import type { RazorpayCheckoutAction } from '@parkly/shared/errors';
import type { PublicConfig } from '@parkly/shared/settings';
import { describe, expect, it } from 'vitest';
import {
  isRazorpayAction,
  openRazorpayCheckout,
  razorpaySettings,
  type RazorpayFailedEvent,
  type RazorpayOptions,
} from './razorpay-checkout';

const action: RazorpayCheckoutAction = {
  type: 'razorpay_checkout',
  key_id: 'rzp_test_abc',
  order_id: 'order_AAAAAAAAAAAAAA',
  amount: 12_345,
  currency: 'INR',
  name: 'Parkly',
  description: 'Koramangala driveway',
  prefill: { name: 'Asha', email: 'asha@example.com' },
};

/** A stand-in for Checkout: records the options, and lets a test say what the payer did. */
function fakeCheckout() {
  const seen: { options?: RazorpayOptions; opened: number; closed: number; failed: ((r: RazorpayFailedEvent) => void)[] } = { opened: 0, closed: 0, failed: [] };
  class Razorpay {
    constructor(options: RazorpayOptions) {
      seen.options = options;
    }
    open() {
      seen.opened += 1;
    }
    close() {
      seen.closed += 1;
    }
    on(_event: 'payment.failed', cb: (r: RazorpayFailedEvent) => void) {
      seen.failed.push(cb);
    }
  }
  return { Razorpay, seen };
}

describe('openRazorpayCheckout', () => {
  it("opens Checkout with the server's order, Parkly's colour and Checkout's own retry off", () => {
    const { Razorpay, seen } = fakeCheckout();
    void openRazorpayCheckout(Razorpay, action);
    expect(seen.opened).toBe(1);
    expect(seen.options).toMatchObject({
      key: 'rzp_test_abc',
      order_id: 'order_AAAAAAAAAAAAAA',
      amount: 12_345,
      currency: 'INR',
      name: 'Parkly',
      description: 'Koramangala driveway',
      prefill: { name: 'Asha', email: 'asha@example.com' },
      retry: { enabled: false },
      theme: { color: '#0f766e' },
    });
  });

  it('a monthly pass’s order (decision 042) opens with its customer and recurring: 1; any other opens without them', () => {
    const pass = fakeCheckout();
    void openRazorpayCheckout(pass.Razorpay, { ...action, recurring: { customer_id: 'cust_AAAAAAAAAAAAAA', method: 'upi' } });
    expect(pass.seen.options).toMatchObject({ customer_id: 'cust_AAAAAAAAAAAAAA', recurring: 1, order_id: 'order_AAAAAAAAAAAAAA' });
    const stay = fakeCheckout();
    void openRazorpayCheckout(stay.Razorpay, action);
    expect(stay.seen.options).not.toHaveProperty('customer_id');
    expect(stay.seen.options).not.toHaveProperty('recurring');
  });

  it("answers the handler's three fields when the payer pays", async () => {
    const { Razorpay, seen } = fakeCheckout();
    const outcome = openRazorpayCheckout(Razorpay, action);
    const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: action.order_id, razorpay_signature: 'ab'.repeat(32) };
    seen.options!.handler(response);
    // what Checkout says after the first thing changes nothing
    seen.options!.modal.ondismiss();
    await expect(outcome).resolves.toEqual({ kind: 'paid', response });
  });

  it('answers the failed attempt to report, and closes the window', async () => {
    const { Razorpay, seen } = fakeCheckout();
    const outcome = openRazorpayCheckout(Razorpay, action);
    seen.failed[0]!({ error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_timed_out', metadata: { order_id: action.order_id, payment_id: 'pay_2' } } });
    await expect(outcome).resolves.toEqual({ kind: 'failed', report: { razorpay_order_id: action.order_id, razorpay_payment_id: 'pay_2' } });
    expect(seen.closed).toBe(1);
  });

  it('a failure without a payment id has nothing to report', async () => {
    const { Razorpay, seen } = fakeCheckout();
    const outcome = openRazorpayCheckout(Razorpay, action);
    seen.failed[0]!({ error: { description: 'Network error' } });
    await expect(outcome).resolves.toEqual({ kind: 'failed', report: null });
  });

  it('answers dismissed when the payer closes the window', async () => {
    const { Razorpay, seen } = fakeCheckout();
    const outcome = openRazorpayCheckout(Razorpay, action);
    seen.options!.modal.ondismiss();
    seen.options!.handler({ razorpay_payment_id: 'pay_3', razorpay_order_id: action.order_id, razorpay_signature: 'x' });
    await expect(outcome).resolves.toEqual({ kind: 'dismissed' });
  });
});

describe('openRazorpayCheckout when the page stops waiting', () => {
  it('closes the window and answers dismissed', async () => {
    const { Razorpay, seen } = fakeCheckout();
    const controller = new AbortController();
    const outcome = openRazorpayCheckout(Razorpay, action, controller.signal);
    controller.abort();
    await expect(outcome).resolves.toEqual({ kind: 'dismissed' });
    expect(seen.closed).toBe(1);
  });
});

describe('razorpaySettings and isRazorpayAction', () => {
  const base = { currency: 'INR', guest_fee_percent: 5, host_commission_percent: 10, time_zone: 'Asia/Kolkata', map_tile_url: '' };
  it('reads the key id and Checkout URL only with the razorpay provider', () => {
    const config: PublicConfig = { ...base, payment_provider: 'razorpay', razorpay_key_id: 'rzp_test_abc', razorpay_checkout_url: 'http://127.0.0.1:4590/v1/checkout.js' };
    expect(razorpaySettings(config)).toEqual({ keyId: 'rzp_test_abc', checkoutUrl: 'http://127.0.0.1:4590/v1/checkout.js' });
    expect(razorpaySettings({ ...base, payment_provider: 'stripe', stripe_publishable_key: 'pk' })).toBeNull();
    expect(razorpaySettings({ ...base, payment_provider: 'razorpay' })).toBeNull();
    expect(razorpaySettings(undefined)).toBeNull();
  });
  it("tells Razorpay's action from Stripe's", () => {
    expect(isRazorpayAction(action)).toBe(true);
    expect(isRazorpayAction({ type: 'stripe_next_action', payment_intent_id: 'pi_1', client_secret: 's' })).toBe(false);
    expect(isRazorpayAction(undefined)).toBe(false);
  });
});
