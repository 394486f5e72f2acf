/**
 * The Razorpay driver (docs/decisions/026-razorpay-driver.md; PAYMENT_PROVIDER=razorpay wires it through razorpay-payments.ts, decision 032).
 * Razorpay Checkout is not a card form this server charges: the server makes an order for the
 * booking's frozen total, the payer pays it in Checkout (UPI, card, netbanking, wallet), and the page
 * hands back the payment id with a signature this server checks before it records anything. So the
 * driver has Razorpay's shape rather than PaymentProvider's (tokenize, charge): order, confirm,
 * capture, release, refund; and RazorpayX payouts to a host's bank account or UPI ID.
 *
 * The official `razorpay` SDK makes every call. It has no option for its address: its axios instance
 * (`api.rq`) is made with https://api.razorpay.com and no timeout, so razorpayClient sets that
 * instance's baseURL (RAZORPAY_API_URL: the fake in tests) and timeout. The SDK has no RazorpayX calls
 * (contacts, payouts), so those go through the same instance, with its Basic auth.
 *
 * Errors: anything Razorpay says stays here. A network failure, a timeout, a 5xx or a refused key
 * (our misconfiguration) is ProviderUnavailableError; a refusal of a capture or refund is
 * ProviderRefusedError with a code of ours. Ids are checked before they go into a URL path.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { PayoutStatus } from '@parkly/shared/earnings';
import { ProviderRefusedError, ProviderUnavailableError } from './provider';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** another address for the API (a fake Razorpay in tests), e.g. http://127.0.0.1:4390 */
  apiUrl?: string;
  /** per request; a stalled Razorpay turns into ProviderUnavailableError after this */
  timeoutMs?: number;
  /** the RazorpayX account payouts are paid from (RAZORPAYX_ACCOUNT_NUMBER) */
  accountNumber?: string;
}

/** The part of the SDK's axios instance the driver uses. */
interface HttpClient {
  defaults: { baseURL?: string; timeout?: number };
  get(url: string): Promise<{ data: unknown }>;
  post(url: string, body: unknown, config?: { headers?: Record<string, string> }): Promise<{ data: unknown }>;
}

/** The SDK, pointed at `apiUrl` (else Razorpay), with a timeout. */
export function razorpayClient(opts: RazorpayOptions) {
  const sdk = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  const http = (sdk.api as unknown as { rq?: HttpClient }).rq;
  // the SDK keeps its axios instance as api.rq (razorpay 2.9.x); a release that moves it must fail loudly, not call Razorpay's live API
  if (!http?.defaults) throw new Error('The razorpay SDK has no api.rq: razorpayClient needs updating for this SDK version');
  if (opts.apiUrl) http.defaults.baseURL = opts.apiUrl.replace(/\/$/, '');
  http.defaults.timeout = opts.timeoutMs ?? 15_000;
  return { sdk, http };
}

const ID = {
  order: /^order_[A-Za-z0-9]{14,40}$/,
  payment: /^pay_[A-Za-z0-9]{14,40}$/,
  refund: /^rfnd_[A-Za-z0-9]{14,40}$/,
  contact: /^cont_[A-Za-z0-9]{14,40}$/,
  fundAccount: /^fa_[A-Za-z0-9]{14,40}$/,
  payout: /^pout_[A-Za-z0-9]{14,40}$/,
  customer: /^cust_[A-Za-z0-9]{14,40}$/,
  token: /^token_[A-Za-z0-9]{14,40}$/,
};

/** A recurring token's reference as Parkly keeps it (pass_mandates): `cust_…/token_…` (decision 042). */
export const MANDATE_REF = /^(cust_[A-Za-z0-9]{14,40})\/(token_[A-Za-z0-9]{14,40})$/;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;
/** Razorpay's smallest order, capture or refund: ₹1 */
export const RAZORPAY_MIN_AMOUNT = 100;
/** a receipt is at most 40 characters (a booking's uuid is 36) */
const MAX_RECEIPT = 40;
/** IMPS pays up to ₹5 lakh; more goes by NEFT */
const IMPS_LIMIT = 50_000_000;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_ID = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

/** What Razorpay said, wherever the error came from (the SDK's normalised error, or axios'). */
function errorOf(err: unknown): { status?: number; code?: string; field?: string } {
  const e = err as { statusCode?: unknown; error?: { code?: unknown; field?: unknown }; response?: { status?: unknown; data?: { error?: { code?: unknown; field?: unknown } } } } | null;
  const status = Number(e?.statusCode ?? e?.response?.status);
  const code = e?.error?.code ?? e?.response?.data?.error?.code;
  const field = e?.error?.field ?? e?.response?.data?.error?.field;
  return { status: Number.isInteger(status) && status > 0 ? status : undefined, code: typeof code === 'string' ? code : undefined, field: typeof field === 'string' ? field : undefined };
}

function outage(op: string, err: unknown) {
  const { status, code } = errorOf(err);
  return new ProviderUnavailableError(`Razorpay: ${op} ${status ?? 'no answer'} ${code ?? ''}`.trim(), { cause: err });
}

/**
 * A call Razorpay answered with a 4xx is refused (`code`, in our words); anything else (no answer, a
 * 5xx, 401/403: our keys are wrong, 429) is an outage.
 */
function mapError(op: string, err: unknown, code: string) {
  const { status } = errorOf(err);
  if (status !== undefined && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status)) return new ProviderRefusedError(code, { cause: err });
  return outage(op, err);
}

function check(re: RegExp, value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string' || !re.test(value)) throw new ProviderRefusedError(`invalid_${what}`);
}

function amountOf(value: unknown) {
  if (!Number.isInteger(value) || (value as number) < RAZORPAY_MIN_AMOUNT) throw new ProviderRefusedError('invalid_amount');
  return value as number;
}

/** hex HMAC-SHA256 compared in constant time; false for anything that is not 64 hex digits */
function hmacMatches(secret: string, payload: string | Buffer, signature: unknown) {
  if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Checkout's signature: HMAC-SHA256(`order_id|payment_id`, key secret), checked in constant time. */
export function checkoutSignatureValid(keySecret: string, orderId: string, paymentId: string, signature: unknown) {
  return ID.order.test(orderId) && ID.payment.test(paymentId) && hmacMatches(keySecret, `${orderId}|${paymentId}`, signature);
}

export interface RazorpayEvent {
  /** X-Razorpay-Event-Id; the body's hash when a delivery has none */
  id: string;
  /**
   * `body:<sha-256 of the raw body>`. The event id header is not covered by the signature, so a copy
   * of a genuine delivery sent again under a made-up id is caught by this: the signed bytes are the same.
   */
  bodyId: string;
  event: string;
  payload: Record<string, { entity: Record<string, unknown> } | undefined>;
  created_at?: number;
}

/**
 * A webhook's event, or null when its X-Razorpay-Signature is not HMAC-SHA256 of the raw body with
 * the webhook secret (checked in constant time, before the body is parsed) or the body is no event.
 */
export function verifyRazorpayWebhook(rawBody: Buffer | string, signature: unknown, eventId: unknown, secret: string): RazorpayEvent | null {
  if (!secret || !hmacMatches(secret, rawBody, signature)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString());
  } catch {
    return null;
  }
  const e = parsed as Partial<RazorpayEvent> | null;
  if (typeof e !== 'object' || e === null || typeof e.event !== 'string' || typeof e.payload !== 'object' || e.payload === null) return null;
  const bodyId = `body:${createHash('sha256').update(rawBody).digest('hex')}`;
  const id = typeof eventId === 'string' && /^[\w-]{1,100}$/.test(eventId) ? eventId : bodyId;
  return { id, bodyId, event: e.event.slice(0, 100), payload: e.payload, ...(typeof e.created_at === 'number' && { created_at: e.created_at }) };
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  /** created, attempted (a payment was tried) or paid */
  status: string;
}

/** The card a payment was made with, when it was a card (Razorpay gives its network and last four digits). */
export interface PaymentCard {
  network: string;
  last4: string;
}

/** The recurring token a payment made (an authorisation payment of decision 042), with what its payer knows it by. */
export interface PaymentToken {
  customerId: string;
  tokenId: string;
  /** the UPI ID of a UPI AutoPay mandate */
  vpa: string | null;
  /** the phone number the payer gave Checkout: each recurring charge names it */
  contact: string | null;
}

export type ConfirmResult =
  | { ok: true; ref: string; state: 'captured' | 'authorized'; method: string; card: PaymentCard | null; token?: PaymentToken | null }
  /** signature_invalid: forged or not for this order; amount_mismatch: not the order's money; payment_failed; payment_pending: not authorised yet; payment_released: authorised and given back */
  | { ok: false; code: 'signature_invalid' | 'amount_mismatch' | 'payment_failed' | 'payment_pending' | 'payment_released'; method?: string };

export interface RazorpayRefund {
  id: string;
  amount: number;
  /** pending, processed or failed (refund.processed / refund.failed settle it) */
  status: string;
}

export type PayoutDestination = { kind: 'bank'; name: string; ifsc: string; accountNumber: string } | { kind: 'upi'; name: string; upiId: string };

export interface RazorpayPayout {
  id: string;
  amount: number;
  mode: string;
  /** Razorpay's status */
  providerStatus: string;
  /** ours */
  status: PayoutStatus;
  /** the bank's reference of a processed payout (fetchPayout) */
  utr?: string | null;
}

/**
 * A RazorpayX payout's status as a host payout's: on its way (queued, pending, processing) is
 * 'requested'; processed is 'paid'; reversed (the bank sent it back), failed and rejected are
 * 'failed'; cancelled (before it left) is 'cancelled'.
 */
export function payoutStatusOf(providerStatus: string): PayoutStatus {
  switch (providerStatus) {
    case 'processed':
      return 'paid';
    case 'reversed':
    case 'failed':
    case 'rejected':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'requested';
  }
}

interface Payment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  card?: { network?: unknown; last4?: unknown } | null;
  customer_id?: unknown;
  token_id?: unknown;
  vpa?: unknown;
  contact?: unknown;
}

/** The token a payment made, when it made one (a recurring authorisation). */
export const tokenOf = (p: { customer_id?: unknown; token_id?: unknown; vpa?: unknown; contact?: unknown }): PaymentToken | null =>
  typeof p.customer_id === 'string' && ID.customer.test(p.customer_id) && typeof p.token_id === 'string' && ID.token.test(p.token_id)
    ? {
        customerId: p.customer_id,
        tokenId: p.token_id,
        vpa: typeof p.vpa === 'string' ? p.vpa.slice(0, 100) : null,
        contact: typeof p.contact === 'string' && /^\+?\d{8,15}$/.test(p.contact) ? p.contact : null,
      }
    : null;

/**
 * How a recurring charge went (decision 042): captured; pending (a UPI AutoPay debit: its webhook, or a later
 * look, says how it ended); failed (the bank refused it); or the token cannot be charged without its payer
 * (cancelled or paused in their UPI app, revoked, expired).
 */
export type RecurringCharge =
  | { kind: 'captured'; ref: string }
  | { kind: 'pending'; ref: string }
  | { kind: 'failed'; ref: string | null; method: string }
  | { kind: 'mandate_inactive' };

const cardOf = (p: Payment): PaymentCard | null =>
  p.method === 'card' && p.card && typeof p.card.last4 === 'string' && /^\d{4}$/.test(p.card.last4)
    ? { network: typeof p.card.network === 'string' ? p.card.network : 'unknown', last4: p.card.last4 }
    : null;

export function razorpayDriver(opts: RazorpayOptions) {
  const { sdk, http } = razorpayClient(opts);

  async function payment(paymentId: string, op: string): Promise<Payment> {
    check(ID.payment, paymentId, 'payment');
    try {
      return (await sdk.payments.fetch(paymentId)) as unknown as Payment;
    } catch (err) {
      throw mapError(op, err, 'payment_unknown');
    }
  }

  /** Captures an authorisation (the host accepted), in full as Razorpay requires; done already is done. */
  async function capture(paymentId: string, amount: number, currency?: string) {
    const p = await payment(paymentId, 'capture');
    if (p.amount !== amount) throw new ProviderRefusedError('capture_amount_mismatch');
    if (p.captured) return;
    if (p.status !== 'authorized') throw new ProviderRefusedError(`payment_${p.status === 'refunded' ? 'released' : p.status}`);
    try {
      await sdk.payments.capture(paymentId, amount, (currency ?? p.currency).toUpperCase());
    } catch (err) {
      // a capture that raced ours: done is done
      const again = await payment(paymentId, 'capture').catch(() => null);
      if (again?.captured) return;
      throw mapError('capture', err, 'capture_refused');
    }
  }

  async function xPost<T>(op: string, path: string, body: unknown, headers?: Record<string, string>, code = `${op}_refused`): Promise<T> {
    try {
      return (await http.post(`/v1${path}`, body, headers && { headers })).data as T;
    } catch (err) {
      throw mapError(op, err, code);
    }
  }

  return {
    keyId: opts.keyId,

    /**
     * The order for a booking's frozen total (paise), receipt = the booking id: an order with this
     * receipt and amount is answered again (its status says whether it was paid), so a retry never
     * makes a second one; the caller holds the booking's lock, so two never race. `capture`
     * false (request to book) authorises only: the host's accept captures it within
     * `authorisationMinutes` (12 to 7200, Razorpay's limits), after which Razorpay gives it back.
     */
    async createOrder(req: {
      bookingId: string;
      amount: number;
      currency: string;
      capture: boolean;
      authorisationMinutes?: number;
      notes?: Record<string, string>;
      /** an authorisation order (decision 042): the payment also makes a token this customer's later payments are charged to */
      recurring?: { customerId: string; method: 'card' | 'upi'; maxAmount: number; expireAt: Date };
      /** the order's receipt when it is not the booking id (a month confirmed by its driver) */
      receipt?: string;
    }): Promise<RazorpayOrder> {
      const amount = amountOf(req.amount);
      const receipt = req.receipt ?? req.bookingId;
      if (receipt.length === 0 || receipt.length > MAX_RECEIPT) throw new ProviderRefusedError('invalid_receipt');
      const currency = req.currency.toUpperCase();
      const r = req.recurring;
      if (r) check(ID.customer, r.customerId, 'customer');
      try {
        const found = await sdk.orders.all({ receipt, count: 100 });
        const same = found.items.find((o) => {
          const token = (o as { token?: unknown }).token;
          const method = (o as { method?: unknown }).method;
          return o.receipt === receipt && Number(o.amount) === amount && o.currency === currency && (r ? !!token && method === r.method : !token);
        });
        if (same) return { id: same.id, amount, currency, receipt, status: String(same.status) };
        const minutes = Math.min(7200, Math.max(12, Math.round(req.authorisationMinutes ?? 7200)));
        const order = await sdk.orders.create({
          amount,
          currency,
          receipt,
          notes: { booking_id: req.bookingId, ...req.notes },
          payment: {
            capture: req.capture ? 'automatic' : 'manual',
            capture_options: { automatic_expiry_period: 12, manual_expiry_period: minutes, refund_speed: 'normal' },
          },
          ...(r && {
            customer_id: r.customerId,
            method: r.method,
            token: { max_amount: amountOf(r.maxAmount), expire_at: Math.floor(r.expireAt.getTime() / 1000), frequency: 'monthly' },
          }),
        } as Parameters<typeof sdk.orders.create>[0]);
        return { id: order.id, amount, currency, receipt, status: String(order.status) };
      } catch (err) {
        throw mapError('order', err, 'order_refused');
      }
    },

    /**
     * The Razorpay customer of a payer (decision 042), whom recurring tokens belong to: Razorpay answers the same
     * customer for the same e-mail and phone (`fail_existing: 0`), so this is asked again for each authorisation.
     */
    async customer(payer: { name: string; email: string; contact?: string }): Promise<string> {
      const name = payer.name.trim().slice(0, 50) || 'Parkly driver';
      try {
        const c = await sdk.customers.create({ name, email: payer.email, ...(payer.contact && { contact: payer.contact }), fail_existing: 0 });
        check(ID.customer, c.id, 'customer');
        return c.id;
      } catch (err) {
        if (err instanceof ProviderRefusedError) throw err;
        throw mapError('customer', err, 'customer_refused');
      }
    },

    /**
     * Charges a recurring token (decision 042): a new order for the charge (`receipt`, ours: the same receipt is
     * the same charge), then a recurring payment on it. Razorpay does not de-duplicate recurring payments, so an
     * order already made with this receipt is looked at first: a payment it holds is the answer (captured, or a
     * UPI debit still pending; failed ones: this charge failed), and a new payment is made only on an order that
     * has none. Asked again after a crash or a lost answer, it never charges twice.
     */
    async chargeToken(req: {
      customerId: string;
      tokenId: string;
      amount: number;
      currency: string;
      receipt: string;
      description: string;
      notes: Record<string, string>;
      email: string;
      contact: string;
    }): Promise<RecurringCharge> {
      check(ID.customer, req.customerId, 'customer');
      check(ID.token, req.tokenId, 'token');
      const amount = amountOf(req.amount);
      const currency = req.currency.toUpperCase();
      if (req.receipt.length === 0 || req.receipt.length > MAX_RECEIPT) throw new ProviderRefusedError('invalid_receipt');
      let orderId: string;
      try {
        const found = await sdk.orders.all({ receipt: req.receipt, count: 100 });
        const same = found.items.find((o) => o.receipt === req.receipt && Number(o.amount) === amount && o.currency === currency);
        if (same) {
          const held = ((await sdk.orders.fetchPayments(same.id)).items as unknown as Payment[]).filter((p) => p.amount === amount);
          const done = held.find((p) => p.status === 'captured' || p.status === 'authorized' || p.status === 'refunded');
          if (done) return { kind: 'captured', ref: done.id };
          const waiting = held.find((p) => p.status === 'created');
          if (waiting) return { kind: 'pending', ref: waiting.id };
          const failed = held.find((p) => p.status === 'failed');
          if (failed) return { kind: 'failed', ref: failed.id, method: failed.method };
          orderId = same.id;
        } else {
          const order = await sdk.orders.create({ amount, currency, receipt: req.receipt, payment_capture: true, notes: req.notes } as Parameters<typeof sdk.orders.create>[0]);
          orderId = order.id;
        }
      } catch (err) {
        throw mapError('order', err, 'order_refused');
      }
      let paymentId: string | undefined;
      try {
        const r = await sdk.payments.createRecurringPayment({
          email: req.email,
          contact: req.contact,
          amount,
          currency,
          order_id: orderId,
          customer_id: req.customerId,
          token: req.tokenId,
          recurring: '1',
          description: req.description.slice(0, 255),
          notes: req.notes,
        } as Parameters<typeof sdk.payments.createRecurringPayment>[0]);
        paymentId = r.razorpay_payment_id;
      } catch (err) {
        const { status, field } = errorOf(err);
        // the token cannot be charged (cancelled or paused by its payer, expired): only its payer can set it up again
        if (status === 400 && field === 'token') return { kind: 'mandate_inactive' };
        const mapped = mapError('recurring', err, 'recurring_refused');
        if (mapped instanceof ProviderRefusedError) return { kind: 'failed', ref: null, method: 'unknown' };
        throw mapped;
      }
      if (!paymentId) throw new ProviderUnavailableError('Razorpay: recurring payment without an id');
      const p = await payment(paymentId, 'recurring');
      if (p.status === 'captured' || p.status === 'authorized') return { kind: 'captured', ref: p.id };
      if (p.status === 'failed') return { kind: 'failed', ref: p.id, method: p.method };
      return { kind: 'pending', ref: p.id };
    },

    /**
     * What Checkout handed the page, checked before anything is recorded: the signature (constant
     * time), then the payment at Razorpay (it is this order's, for this amount, authorised). With
     * `capture` (instant book) an authorised payment is captured now, should Razorpay not have.
     */
    async confirmPayment(
      sent: { razorpay_order_id: unknown; razorpay_payment_id: unknown; razorpay_signature: unknown },
      expected: { orderId: string; amount: number; currency: string; capture: boolean },
    ): Promise<ConfirmResult> {
      const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = sent;
      if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId !== expected.orderId) return { ok: false, code: 'signature_invalid' };
      if (!checkoutSignatureValid(opts.keySecret, orderId, paymentId, signature)) return { ok: false, code: 'signature_invalid' };
      const p = await payment(paymentId, 'confirm');
      if (p.order_id !== orderId) return { ok: false, code: 'signature_invalid' };
      if (p.amount !== expected.amount || p.currency !== expected.currency.toUpperCase()) return { ok: false, code: 'amount_mismatch' };
      if (p.status === 'failed') return { ok: false, code: 'payment_failed', method: p.method };
      // authorised, never captured, and given back (the capture window passed): nothing is held
      if (!p.captured && p.status === 'refunded') return { ok: false, code: 'payment_released' };
      if (p.status === 'created') return { ok: false, code: 'payment_pending' };
      if (p.status === 'authorized' && expected.capture) {
        await capture(p.id, p.amount, p.currency);
        return { ok: true, ref: p.id, state: 'captured', method: p.method, card: cardOf(p), token: tokenOf(p) };
      }
      if (p.status === 'authorized') return { ok: true, ref: p.id, state: 'authorized', method: p.method, card: cardOf(p), token: tokenOf(p) };
      // captured, or refunded since (the webhook and the ledger know why)
      return { ok: true, ref: p.id, state: 'captured', method: p.method, card: cardOf(p), token: tokenOf(p) };
    },

    capture,

    /**
     * Lets an authorisation go (a request declined or expired). Razorpay has no call for it: an
     * authorised payment not captured within the order's manual_expiry_period is refunded by Razorpay
     * itself, and refund.processed (with the payment's `captured` false) says so. Answers 'released'
     * when nothing is held any more, 'expiring' while Razorpay still holds it; a captured payment
     * cannot be released (refund it).
     */
    async release(paymentId: string): Promise<'released' | 'expiring'> {
      const p = await payment(paymentId, 'release');
      if (p.captured) throw new ProviderRefusedError('payment_captured');
      return p.status === 'authorized' ? 'expiring' : 'released';
    },

    /**
     * Refunds a captured payment, in full (`amount` undefined) or in part, under `receipt` (ours, up
     * to 40 characters, e.g. `<booking>:refund:<n>`): a refund with that receipt already made (and
     * not failed) is answered again, so a retry never gives back twice. More than is left, or less
     * than ₹1, is refused before Razorpay is asked.
     */
    async refund(paymentId: string, req: { amount?: number; receipt: string }): Promise<RazorpayRefund> {
      if (req.receipt.length === 0 || req.receipt.length > MAX_RECEIPT) throw new ProviderRefusedError('invalid_receipt');
      const p = await payment(paymentId, 'refund');
      let existing: RazorpayRefund | undefined;
      try {
        const made = await sdk.payments.fetchMultipleRefund(paymentId, { count: 100 });
        const same = made.items.find((r) => r.receipt === req.receipt && r.status !== 'failed');
        if (same) existing = { id: same.id, amount: Number(same.amount), status: String(same.status) };
      } catch (err) {
        throw mapError('refund', err, 'refund_refused');
      }
      if (existing) return existing;
      if (!p.captured) throw new ProviderRefusedError('payment_not_captured');
      const left = p.amount - p.amount_refunded;
      if (left <= 0) throw new ProviderRefusedError('already_refunded');
      const amount = req.amount ?? left;
      if (!Number.isInteger(amount) || amount < RAZORPAY_MIN_AMOUNT) throw new ProviderRefusedError('invalid_amount');
      if (amount > left) throw new ProviderRefusedError('refund_exceeds_captured');
      try {
        const r = await sdk.payments.refund(paymentId, { amount, receipt: req.receipt, speed: 'normal' });
        return { id: r.id, amount: Number(r.amount), status: String(r.status) };
      } catch (err) {
        throw mapError('refund', err, 'refund_refused');
      }
    },

    /** Where a refund stands now. */
    async fetchRefund(refundId: string): Promise<RazorpayRefund> {
      check(ID.refund, refundId, 'refund');
      try {
        const r = await sdk.refunds.fetch(refundId);
        return { id: r.id, amount: Number(r.amount), status: String(r.status) };
      } catch (err) {
        throw mapError('refund', err, 'refund_unknown');
      }
    },

    /**
     * The payments Razorpay holds for an order (authorised, captured, or given back): for an order found
     * paid when a payment starts again (the payer paid, and neither the page nor the webhook said so).
     */
    async orderPayments(orderId: string) {
      check(ID.order, orderId, 'order');
      try {
        const found = await sdk.orders.fetchPayments(orderId);
        return (found.items as unknown as Payment[]).map((p) => ({
          ref: p.id,
          orderId: p.order_id,
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          captured: p.captured,
          method: p.method,
          card: cardOf(p),
          token: tokenOf(p),
        }));
      } catch (err) {
        throw mapError('order', err, 'order_unknown');
      }
    },

    /** Where a payment stands now: for a webhook that arrives before the page's answer, or a reconciliation. */
    async fetchPayment(paymentId: string) {
      const p = await payment(paymentId, 'payment');
      return { ref: p.id, orderId: p.order_id, amount: p.amount, currency: p.currency, status: p.status, captured: p.captured, refunded: p.amount_refunded, method: p.method, card: cardOf(p), token: tokenOf(p) };
    },

    /**
     * RazorpayX: the host as a contact (reference_id = the host's id) with a fund account for their
     * bank account (IFSC and number) or UPI ID. Razorpay answers the same contact and fund account for
     * the same details, so this may be called again for each payout.
     */
    async payoutAccount(hostId: string, to: PayoutDestination): Promise<{ contactId: string; fundAccountId: string }> {
      const name = to.name.trim().slice(0, 50);
      if (name.length < 3) throw new ProviderRefusedError('invalid_account_holder');
      if (to.kind === 'bank' && (!IFSC.test(to.ifsc) || !/^\d{9,18}$/.test(to.accountNumber))) throw new ProviderRefusedError('invalid_bank_account');
      if (to.kind === 'upi' && !UPI_ID.test(to.upiId)) throw new ProviderRefusedError('invalid_upi_id');
      const contact = await xPost<{ id: string }>('contact', '/contacts', { name, type: 'vendor', reference_id: hostId.slice(0, 40) });
      check(ID.contact, contact.id, 'contact');
      const fa = await xPost<{ id: string }>(
        'fund_account',
        '/fund_accounts',
        to.kind === 'bank'
          ? { contact_id: contact.id, account_type: 'bank_account', bank_account: { name, ifsc: to.ifsc, account_number: to.accountNumber } }
          : { contact_id: contact.id, account_type: 'vpa', vpa: { address: to.upiId } },
        undefined,
        'payout_account_refused',
      );
      check(ID.fundAccount, fa.id, 'fund_account');
      return { contactId: contact.id, fundAccountId: fa.id };
    },

    /**
     * RazorpayX: pays a host from RAZORPAYX_ACCOUNT_NUMBER, by UPI to a UPI ID, by IMPS (NEFT above ₹5
     * lakh) to a bank account, under `idempotencyKey` (X-Payout-Idempotency, e.g. the payout request's
     * id): the same key and the same request answer the same payout. Settled by payout.processed,
     * payout.reversed and payout.failed.
     */
    async payout(req: { fundAccountId: string; kind: 'bank' | 'upi'; amount: number; idempotencyKey: string; referenceId: string; narration?: string }): Promise<RazorpayPayout> {
      if (!opts.accountNumber) throw new ProviderUnavailableError('Razorpay: RAZORPAYX_ACCOUNT_NUMBER is not set');
      check(ID.fundAccount, req.fundAccountId, 'fund_account');
      const amount = amountOf(req.amount);
      if (!/^[\w:.-]{1,100}$/.test(req.idempotencyKey)) throw new ProviderRefusedError('invalid_idempotency_key');
      const mode = req.kind === 'upi' ? 'UPI' : amount <= IMPS_LIMIT ? 'IMPS' : 'NEFT';
      const p = await xPost<{ id: string; amount: number; mode: string; status: string }>(
        'payout',
        '/payouts',
        {
          account_number: opts.accountNumber,
          fund_account_id: req.fundAccountId,
          amount,
          currency: 'INR',
          mode,
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: req.referenceId.slice(0, 40),
          // bank statements show at most 30 letters, digits and spaces
          narration: (req.narration ?? 'Parkly payout').replace(/[^A-Za-z0-9 ]/g, ' ').slice(0, 30),
        },
        { 'X-Payout-Idempotency': req.idempotencyKey },
      );
      return { id: p.id, amount: p.amount, mode: p.mode, providerStatus: p.status, status: payoutStatusOf(p.status) };
    },

    async fetchPayout(payoutId: string): Promise<RazorpayPayout> {
      check(ID.payout, payoutId, 'payout');
      try {
        const p = (await http.get(`/v1/payouts/${payoutId}`)).data as { id: string; amount: number; mode: string; status: string; utr?: unknown };
        return { id: p.id, amount: p.amount, mode: p.mode, providerStatus: p.status, status: payoutStatusOf(p.status), utr: typeof p.utr === 'string' ? p.utr : null };
      } catch (err) {
        throw mapError('payout', err, 'payout_unknown');
      }
    },
  };
}

export type RazorpayDriver = ReturnType<typeof razorpayDriver>;
