import type { PaymentAction, RazorpayCheckoutAction } from '@parkly/shared/errors';
import type { Booking } from '@parkly/shared/bookings';
import type { PublicConfig } from '@parkly/shared/settings';
import { queryOptions } from '@tanstack/react-query';

/**
 * Razorpay Checkout on the payment page. The server answers `POST bookings/:id/pay {razorpay:{}}` with
 * 402 PAYMENT_ACTION_REQUIRED and a `razorpay_checkout` action: the order to open Checkout with. Checkout's script is
 * fetched from the config's `razorpay_checkout_url` the first time a payer needs it; this module is
 * imported only by the payment page and by a monthly pass's "Confirm this month's payment" (loaded lazily on the
 * booking page when a month waits on its driver: decision 042), so no other page ever loads it.
 */

/** What Checkout hands `options.handler` after a payment: the server checks the signature. */
export interface RazorpayPaid {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Checkout's `payment.failed` answer (the parts read here). */
export interface RazorpayFailedEvent {
  error?: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

/** The part of Checkout's options and instance this page uses. */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: RazorpayCheckoutAction['prefill'];
  theme: { color: string };
  retry: { enabled: boolean };
  modal: { ondismiss: () => void };
  handler: (response: RazorpayPaid) => void;
  /** a monthly pass's payment also authorises its renewals (decision 042): Checkout is told whose and that it recurs */
  customer_id?: string;
  recurring?: 1;
}
export interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', cb: (response: RazorpayFailedEvent) => void): void;
}
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

/** How a Checkout window ended: paid (the handler's fields), failed (the attempt to report), or closed by the payer. */
export type CheckoutOutcome =
  | { kind: 'paid'; response: RazorpayPaid }
  | { kind: 'failed'; report: { razorpay_order_id: string; razorpay_payment_id: string } | null }
  | { kind: 'dismissed' };

/** Parkly's brand colour for Checkout's buttons (white text on it passes contrast). */
const THEME_COLOR = '#0f766e';

/** The Razorpay settings of GET config, or null when the server runs another provider. */
export function razorpaySettings(c: PublicConfig | undefined): { keyId: string; checkoutUrl: string } | null {
  if (c?.payment_provider !== 'razorpay' || !c.razorpay_key_id || !c.razorpay_checkout_url) return null;
  return { keyId: c.razorpay_key_id, checkoutUrl: c.razorpay_checkout_url };
}

/** A 402 PAYMENT_ACTION_REQUIRED's action when it is Razorpay's. */
export function isRazorpayAction(action: PaymentAction | Booking | undefined): action is RazorpayCheckoutAction {
  return !!action && 'type' in action && action.type === 'razorpay_checkout';
}

/**
 * Opens Checkout for the action's order and resolves once, with how it ended. Checkout's own retry is
 * off: a failed attempt closes the window, and the page reports it to the server, shows the answer and
 * lets the payer try again on the same order. Only the first thing Checkout says counts. `signal` closes
 * the window when the page no longer waits for it (the hold ran out, the payer left the page).
 */
export function openRazorpayCheckout(Razorpay: RazorpayConstructor, action: RazorpayCheckoutAction, signal?: AbortSignal): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    let done = false;
    let checkout: RazorpayInstance | null = null;
    const end = (outcome: CheckoutOutcome) => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    checkout = new Razorpay({
      key: action.key_id,
      order_id: action.order_id,
      amount: action.amount,
      currency: action.currency,
      name: action.name,
      description: action.description,
      prefill: action.prefill,
      theme: { color: THEME_COLOR },
      retry: { enabled: false },
      ...(action.recurring && { customer_id: action.recurring.customer_id, recurring: 1 as const }),
      modal: { ondismiss: () => end({ kind: 'dismissed' }) },
      handler: (response) => end({ kind: 'paid', response }),
    });
    checkout.on('payment.failed', (response) => {
      const meta = response?.error?.metadata;
      checkout?.close();
      end({ kind: 'failed', report: meta?.payment_id ? { razorpay_order_id: meta.order_id ?? action.order_id, razorpay_payment_id: meta.payment_id } : null });
    });
    checkout.open();
    signal?.addEventListener('abort', () => {
      checkout?.close();
      end({ kind: 'dismissed' });
    });
  });
}

/** The script failed to load (offline, blocked): the page says so and offers to try again. */
export class CheckoutLoadError extends Error {}

/** Adds Checkout's script to the page once and answers `window.Razorpay`; a failed load can be tried again. */
function loadScript(url: string): Promise<RazorpayConstructor> {
  const w = window as unknown as { Razorpay?: RazorpayConstructor };
  if (w.Razorpay) return Promise.resolve(w.Razorpay);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (w.Razorpay ? resolve(w.Razorpay) : reject(new CheckoutLoadError('Checkout did not start')));
    script.onerror = () => {
      // gone, so the next try adds it afresh
      script.remove();
      reject(new CheckoutLoadError('Checkout could not be loaded'));
    };
    document.head.appendChild(script);
  });
}

export const razorpayScriptQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['razorpay-checkout-js', url],
    queryFn: () => loadScript(url),
    staleTime: Infinity,
    gcTime: Infinity,
    // the payer decides when to try again (the error says so)
    retry: false,
    structuralSharing: false,
  });
