/**
 * A small fake of the Razorpay API for tests (the machine that runs them has no internet): the
 * endpoints the Razorpay driver uses (razorpay-provider.ts), answering in Razorpay's JSON shapes so
 * that the real `razorpay` SDK talks to it, with HTTP Basic auth checked against the key id and
 * secret. Payments: orders (create, fetch, list by receipt), payments (fetch, capture, refund in full
 * or in part with Razorpay's amount rules), refunds (fetch). RazorpayX: contacts, fund accounts
 * (bank_account and vpa) and payouts, where `X-Payout-Idempotency` makes the same key with the same
 * body the same payout, and the same key with another body an error.
 *
 * What a payer does in Razorpay Checkout is `checkout()`: it pays an order by UPI or card, succeeding
 * or failing, and answers what Checkout hands the page (razorpay_payment_id, razorpay_order_id and
 * razorpay_signature = HMAC-SHA256(order_id|payment_id, key secret)). Everything Razorpay would tell
 * a webhook is kept as an event (with its exact bytes), and `deliver()` posts one to a URL, signed
 * with the webhook secret (X-Razorpay-Signature) and carrying its X-Razorpay-Event-Id, as often as
 * asked: a second delivery of the same event is a replay.
 *
 * For a browser, it also serves a fake Checkout script at `/v1/checkout.js` that pays through
 * `checkout()` (fake-razorpay-checkout.ts).
 *
 * Recurring payments (decision 042), as Razorpay's API has them: customers (`POST /v1/customers`, with
 * `fail_existing: 0` answering the same customer for the same details); an authorisation order (`customer_id`,
 * `method` card or upi, `token: {max_amount, expire_at, frequency}`) paid once in Checkout with that customer
 * and `recurring: 1`, which makes a token (the payment's `token_id`; `GET /v1/customers/:id/tokens[/:token]`,
 * `DELETE` to cancel one); then each charge is a new order and `POST /v1/payments/create/recurring` with the
 * customer, the token and `recurring: 1`. A card's charge is decided at once (captured or failed); a UPI
 * AutoPay debit is `created` and settled later (`settleRecurring`: payment.captured or payment.failed), as the
 * bank debits it after its pre-debit notice. A token revoked by its payer (`revokeToken`: cancelled in their
 * UPI app, or paused; token.cancelled / token.paused, and token.confirmed when `resumeToken` ends a pause) or past its
 * `expired_at` (`expireToken`, no webhook) is refused. `nextRecurring` sets the outcome of
 * the next charges; the `lose-answer` fault does the work and answers 500 (a reply lost on the way).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { faultQueue } from './fake-faults';
import { fakeCheckoutRoute } from './fake-razorpay-checkout';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Obj };
export interface RazorpayFakeEffect {
  type: 'capture' | 'authorise' | 'refund' | 'auto-refund' | 'payout';
  ref: string;
  amount: number;
}
export interface RazorpayFakeEvent {
  id: string;
  type: string;
  /** the exact bytes Razorpay would post */
  body: string;
}

/** Razorpay's ids: a prefix and 14 letters or digits. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const id = (prefix: string) => `${prefix}_${Array.from(randomBytes(14), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o)) as T;
const now = () => Math.floor(Date.now() / 1000);
const bad = (description: string, field: string | null = null, status = 400): Answer => ({
  status,
  body: { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field } },
});
const missing = () => bad('The id provided does not exist', 'id');
const collection = (items: Obj[]) => ({ entity: 'collection', count: items.length, items: items.map(clone) });
const isAmount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 100;

/** stall: never answers (the client times out); 500: Razorpay's server error; lose-answer: does the work, then answers 500 */
export type RazorpayFault = 'stall' | '500' | 'lose-answer';
export type CheckoutOutcome = 'success' | 'failure';
export type CheckoutMethod = 'upi' | 'card';
/** how a recurring charge goes: captured at once, failed at once, or left for settleRecurring (a UPI debit) */
export type RecurringOutcome = 'success' | 'failure' | 'pending';
/** Razorpay's recurring frequencies (UPI takes monthly and as_presented) */
const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly', 'as_presented'];

/** `port` 0 (the default) takes any free port. */
export async function startFakeRazorpay(opts: { keyId?: string; keySecret?: string; webhookSecret?: string; accountNumber?: string; port?: number } = {}) {
  const keyId = opts.keyId ?? 'rzp_test_fake';
  const keySecret = opts.keySecret ?? 'rzp_fake_secret';
  const webhookSecret = opts.webhookSecret ?? 'rzp_fake_webhook_secret';
  const accountNumber = opts.accountNumber ?? '2323230000000001';
  const orders = new Map<string, Obj>();
  const payments = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const contacts = new Map<string, Obj>();
  const fundAccounts = new Map<string, Obj>();
  const payouts = new Map<string, Obj>();
  /** X-Payout-Idempotency key -> the body's hash and the payout it made */
  const payoutKeys = new Map<string, { hash: string; payout: string }>();
  const customers = new Map<string, Obj>();
  const tokens = new Map<string, Obj>();
  /** outcomes for the next recurring charges (else: card success, UPI pending) */
  const recurringQueue: RecurringOutcome[] = [];
  const events: RazorpayFakeEvent[] = [];
  const effects: RazorpayFakeEffect[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const faults = faultQueue<RazorpayFault>();

  function emit(type: string, entities: Record<string, Obj>) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fakeParkly0001',
      event: type,
      contains: Object.keys(entities),
      payload: Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: clone(v) }])),
      created_at: now(),
    });
    events.push({ id: id('evt'), type, body });
  }

  function refundsOf(paymentId: string) {
    return [...refunds.values()].filter((r) => r.payment_id === paymentId);
  }

  function capture(p: Obj, b: Obj): Answer {
    if (p.status === 'captured' || p.status === 'refunded') return bad('This payment has already been captured');
    if (p.status !== 'authorized') return bad('Only payments which have been authorized and not yet captured can be captured');
    if (b.amount === undefined || !Number.isInteger(Number(b.amount))) return bad('The amount field is required.', 'amount');
    if (Number(b.amount) !== p.amount) return bad('Capture amount must be equal to the amount authorized', 'amount');
    if (b.currency !== undefined && b.currency !== p.currency) return bad('Currency should be same as payment currency', 'currency');
    Object.assign(p, { status: 'captured', captured: true });
    const order = orders.get(p.order_id)!;
    Object.assign(order, { status: 'paid', amount_paid: p.amount, amount_due: 0 });
    effects.push({ type: 'capture', ref: p.id, amount: p.amount });
    emit('payment.captured', { payment: p });
    emit('order.paid', { payment: p, order });
    return { status: 200, body: clone(p) };
  }

  function refund(p: Obj, b: Obj): Answer {
    if (p.status !== 'captured' && p.status !== 'refunded') return bad('The payment has not been captured, so it cannot be refunded');
    const left = p.amount - p.amount_refunded;
    if (left === 0) return bad('The payment has been fully refunded already');
    const amount = b.amount === undefined ? left : Number(b.amount);
    if (!Number.isInteger(amount) || amount < 100) return bad('The amount must be atleast INR 1.00.', 'amount');
    if (amount > left) return bad('The refund amount provided is greater than amount captured', 'amount');
    if (b.receipt !== undefined && (typeof b.receipt !== 'string' || b.receipt.length > 40)) return bad('The receipt may not be greater than 40 characters.', 'receipt');
    const r = {
      id: id('rfnd'), entity: 'refund', amount, currency: p.currency, payment_id: p.id, notes: b.notes ?? {}, receipt: b.receipt ?? null,
      acquirer_data: { arn: null }, created_at: now(), batch_id: null, status: 'processed', speed_processed: 'normal', speed_requested: b.speed ?? 'normal',
    };
    refunds.set(r.id, r);
    p.amount_refunded += amount;
    p.refund_status = p.amount_refunded === p.amount ? 'full' : 'partial';
    if (p.amount_refunded === p.amount) p.status = 'refunded';
    effects.push({ type: 'refund', ref: p.id, amount });
    emit('refund.created', { refund: r, payment: p });
    emit('refund.processed', { refund: r, payment: p });
    return { status: 200, body: clone(r) };
  }

  function createCustomer(b: Obj): Answer {
    if (typeof b.name !== 'string' || b.name.trim().length < 1) return bad('The name field is required.', 'name');
    if (b.email !== undefined && (typeof b.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(b.email))) return bad('The email must be a valid email address.', 'email');
    const same = [...customers.values()].find((c) => c.email === (b.email ?? null) && c.contact === (b.contact ?? null));
    if (same) {
      // fail_existing 0 answers the customer already made with these details; 1 (the default) refuses
      if (String(b.fail_existing ?? '1') === '0') return { status: 200, body: clone(same) };
      return bad('Customer already exists for the merchant', 'email');
    }
    const c = { id: id('cust'), entity: 'customer', name: b.name, email: b.email ?? null, contact: b.contact ?? null, gstin: null, notes: b.notes ?? {}, created_at: now() };
    customers.set(c.id, c);
    return { status: 200, body: clone(c) };
  }

  /** the token an authorisation payment makes (Razorpay keeps the card or UPI ID; we get its id) */
  function newToken(order: Obj, p: Obj, vpa: string | undefined): Obj {
    const t = {
      id: id('token'), entity: 'token', token: randomBytes(7).toString('hex'), bank: null, wallet: null, method: p.method,
      recurring: true, recurring_details: { status: 'confirmed', failure_reason: null }, auth_type: null, mrn: null, used_at: now(), created_at: now(),
      expired_at: order.token.expire_at, status: 'active', max_amount: order.token.max_amount, frequency: order.token.frequency, notes: [],
      customer_id: order.customer_id,
      card: p.method === 'card' ? { entity: 'card', name: 'Payer', last4: p.card.last4, network: p.card.network, type: 'credit', issuer: null, international: false, emi: false, expiry_month: 12, expiry_year: 2030 } : null,
      vpa: p.method === 'upi' ? { username: (vpa ?? p.vpa).split('@')[0], handle: (vpa ?? p.vpa).split('@')[1], name: null } : null,
    };
    tokens.set(t.id, t);
    return t;
  }

  /** why a token cannot be charged now, if it cannot */
  function tokenRefusal(t: Obj): Answer | null {
    if (t.deleted || t.recurring_details.status === 'cancelled') return bad('The token has been cancelled by the customer', 'token');
    if (t.recurring_details.status === 'paused') return bad('The token is paused by the customer', 'token');
    if (t.recurring_details.status !== 'confirmed') return bad('The token is not active', 'token');
    if (t.expired_at <= now()) return bad('The token has expired', 'token');
    return null;
  }

  function createRecurring(b: Obj): Answer {
    const order = typeof b.order_id === 'string' ? orders.get(b.order_id) : undefined;
    if (!order) return bad('The id provided does not exist', 'order_id');
    const customer = typeof b.customer_id === 'string' ? customers.get(b.customer_id) : undefined;
    if (!customer) return bad('The customer_id provided does not exist', 'customer_id');
    if (!(b.recurring === true || b.recurring === 1 || b.recurring === '1')) return bad('The recurring field is required.', 'recurring');
    if (typeof b.email !== 'string' || typeof b.contact !== 'string') return bad('The email and contact fields are required.', 'email');
    if (!isAmount(b.amount) || b.amount !== order.amount) return bad('The amount must match the order amount', 'amount');
    if (b.currency !== order.currency) return bad('Currency should be same as order currency', 'currency');
    if (order.status === 'paid') return bad('Order has already been paid');
    const t = typeof b.token === 'string' ? tokens.get(b.token) : undefined;
    if (!t || t.customer_id !== customer.id) return bad('The token provided does not exist', 'token');
    const refused = tokenRefusal(t);
    if (refused) return refused;
    if (b.amount > t.max_amount) return bad('The amount exceeds the maximum amount of the token', 'amount');
    const p: Obj = {
      id: id('pay'), entity: 'payment', amount: b.amount, currency: b.currency, status: 'created', order_id: order.id, invoice_id: null, international: false,
      method: t.method, amount_refunded: 0, refund_status: null, captured: false, description: b.description ?? null, customer_id: customer.id, token_id: t.id, recurring: true,
      ...(t.method === 'upi' ? { vpa: `${t.vpa.username}@${t.vpa.handle}` } : { card_id: id('card'), card: { last4: t.card.last4, network: t.card.network, type: 'credit' } }),
      email: b.email, contact: b.contact, notes: b.notes ?? {}, fee: null, tax: null,
      error_code: null, error_description: null, error_source: null, error_step: null, error_reason: null, created_at: now(),
    };
    payments.set(p.id, p);
    order.attempts += 1;
    order.status = 'attempted';
    const outcome = recurringQueue.shift() ?? (t.method === 'upi' ? 'pending' : 'success');
    if (outcome !== 'pending') settle(p, outcome === 'success' ? 'captured' : 'failed');
    return {
      status: 200,
      body: { razorpay_payment_id: p.id, razorpay_order_id: order.id, razorpay_signature: createHmac('sha256', keySecret).update(`${order.id}|${p.id}`).digest('hex') },
    };
  }

  /** a recurring payment's outcome: captured (authorised, then captured when the order says automatic) or failed */
  function settle(p: Obj, outcome: 'captured' | 'failed') {
    if (p.status !== 'created') throw new Error(`payment ${p.id} is ${p.status}, not waiting`);
    if (outcome === 'failed') {
      Object.assign(p, {
        status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_source: 'customer', error_step: 'payment_debit',
        error_reason: p.method === 'upi' ? 'insufficient_funds' : 'payment_failed',
        error_description: p.method === 'upi' ? 'The debit failed: not enough money in the account.' : 'Payment failed because the card was declined.',
      });
      emit('payment.failed', { payment: p });
      return;
    }
    Object.assign(p, { status: 'authorized' });
    effects.push({ type: 'authorise', ref: p.id, amount: p.amount });
    emit('payment.authorized', { payment: p });
    if (orders.get(p.order_id)!.capture === 'automatic') capture(p, { amount: p.amount, currency: p.currency });
  }

  const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
  const VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

  function createPayout(b: Obj, key: string | undefined): Answer {
    if (!key) return bad('X-Payout-Idempotency header is required', 'X-Payout-Idempotency');
    const hash = createHash('sha256').update(JSON.stringify(b)).digest('hex');
    const prior = payoutKeys.get(key);
    if (prior) {
      if (prior.hash !== hash) return bad('Different request body sent for the same Idempotency Header');
      return { status: 200, body: clone(payouts.get(prior.payout)!) };
    }
    if (b.account_number !== accountNumber) return bad('The account number is invalid', 'account_number');
    const fa = fundAccounts.get(b.fund_account_id);
    if (!fa) return bad('The id provided does not exist', 'fund_account_id');
    if (!isAmount(b.amount)) return bad('The amount must be at least 100.', 'amount');
    if (b.currency !== 'INR') return bad('The selected currency is invalid.', 'currency');
    const modes = fa.account_type === 'vpa' ? ['UPI'] : ['IMPS', 'NEFT', 'RTGS'];
    if (!modes.includes(b.mode)) return bad('Invalid combination of payout mode and fund account type', 'mode');
    if (b.mode === 'IMPS' && b.amount > 50_000_000) return bad('Amount exceeds maximum amount allowed for IMPS', 'amount');
    if (b.mode === 'UPI' && b.amount > 10_000_000) return bad('Amount exceeds maximum amount allowed for UPI', 'amount');
    const payout = {
      id: id('pout'), entity: 'payout', fund_account_id: fa.id, amount: b.amount, currency: 'INR', notes: b.notes ?? {}, fees: 0, tax: 0,
      status: 'processing', purpose: b.purpose ?? 'payout', utr: null, mode: b.mode, reference_id: b.reference_id ?? null, narration: b.narration ?? null,
      batch_id: null, status_details: null, created_at: now(),
    };
    payouts.set(payout.id, payout);
    payoutKeys.set(key, { hash, payout: payout.id });
    effects.push({ type: 'payout', ref: payout.id, amount: payout.amount });
    return { status: 200, body: clone(payout) };
  }

  function route(method: string, path: string, query: URLSearchParams, b: Obj, headers: IncomingMessage['headers']): Answer {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return createCustomer(b);
    if ((m = /^\/v1\/customers\/(cust_\w+)(?:\/tokens(?:\/(token_\w+))?)?$/.exec(path))) {
      const c = customers.get(m[1]!);
      if (!c) return missing();
      const isTokens = path.includes('/tokens');
      if (method === 'GET' && !isTokens) return { status: 200, body: clone(c) };
      if (method === 'GET' && isTokens && !m[2]) return { status: 200, body: collection([...tokens.values()].filter((t) => t.customer_id === c.id && !t.deleted)) };
      const t = m[2] ? tokens.get(m[2]) : undefined;
      if (!t || t.customer_id !== c.id || t.deleted) return missing();
      if (method === 'GET') return { status: 200, body: clone(t) };
      if (method === 'DELETE') {
        Object.assign(t, { deleted: true, status: 'deactivated', recurring_details: { status: 'cancelled', failure_reason: null } });
        emit('token.cancelled', { token: t });
        return { status: 200, body: { deleted: true } };
      }
    }
    if (method === 'POST' && path === '/v1/payments/create/recurring') return createRecurring(b);
    if (method === 'POST' && path === '/v1/orders') {
      if (!isAmount(b.amount)) return bad('The amount must be atleast INR 1.00', 'amount');
      if (b.currency !== 'INR') return bad('The selected currency is invalid.', 'currency');
      if (b.receipt !== undefined && (typeof b.receipt !== 'string' || b.receipt.length > 40)) return bad('The receipt may not be greater than 40 characters.', 'receipt');
      const capture = b.payment?.capture ?? (b.payment_capture === false || b.payment_capture === 0 ? 'manual' : 'automatic');
      if (!['automatic', 'manual'].includes(capture)) return bad('The capture field is invalid.', 'payment.capture');
      if (b.method !== undefined && !['card', 'upi', 'netbanking', 'emandate', 'nach'].includes(b.method)) return bad('The selected method is invalid.', 'method');
      if (b.token !== undefined) {
        // an authorisation order: a customer, a method, and the token's limits
        if (typeof b.customer_id !== 'string' || !customers.has(b.customer_id)) return bad('The customer_id provided does not exist', 'customer_id');
        if (b.method !== 'card' && b.method !== 'upi') return bad('The method field is required for a recurring authorisation.', 'method');
        const t = b.token as Obj;
        if (!isAmount(t.max_amount) || t.max_amount < b.amount) return bad('token.max_amount must be at least the order amount', 'token.max_amount');
        if (!Number.isInteger(t.expire_at) || t.expire_at <= now()) return bad('token.expire_at must be a time in the future', 'token.expire_at');
        if (!FREQUENCIES.includes(t.frequency) || (b.method === 'upi' && !['monthly', 'as_presented'].includes(t.frequency))) return bad('The frequency is invalid.', 'token.frequency');
      }
      const manual = Number(b.payment?.capture_options?.manual_expiry_period ?? 7200);
      if (capture === 'manual' && !(manual >= 12 && manual <= 7200)) return bad('manual_expiry_period must be between 12 and 7200', 'payment.capture_options.manual_expiry_period');
      const order = {
        id: id('order'), entity: 'order', amount: b.amount, amount_paid: 0, amount_due: b.amount, currency: b.currency, receipt: b.receipt ?? null,
        offer_id: null, status: 'created', attempts: 0, notes: b.notes ?? {}, created_at: now(), capture,
        ...(b.method !== undefined && { method: b.method }),
        ...(b.customer_id !== undefined && { customer_id: b.customer_id }),
        ...(b.token !== undefined && { token: { max_amount: b.token.max_amount, expire_at: b.token.expire_at, frequency: b.token.frequency } }),
      };
      orders.set(order.id, order);
      return { status: 200, body: clone(order) };
    }
    if (method === 'GET' && path === '/v1/orders') {
      const receipt = query.get('receipt');
      return { status: 200, body: collection([...orders.values()].filter((o) => receipt === null || o.receipt === receipt).reverse()) };
    }
    if ((m = /^\/v1\/orders\/(order_\w+)(\/payments)?$/.exec(path)) && method === 'GET') {
      const order = orders.get(m[1]!);
      if (!order) return missing();
      return { status: 200, body: m[2] ? collection([...payments.values()].filter((p) => p.order_id === order.id)) : clone(order) };
    }
    if ((m = /^\/v1\/payments\/(pay_\w+)(?:\/(capture|refund|refunds))?$/.exec(path))) {
      const p = payments.get(m[1]!);
      if (!p) return missing();
      if (method === 'GET' && !m[2]) return { status: 200, body: clone(p) };
      if (method === 'GET' && m[2] === 'refunds') return { status: 200, body: collection(refundsOf(p.id)) };
      if (method === 'POST' && m[2] === 'capture') return capture(p, b);
      if (method === 'POST' && m[2] === 'refund') return refund(p, b);
    }
    if ((m = /^\/v1\/refunds\/(rfnd_\w+)$/.exec(path)) && method === 'GET') {
      const r = refunds.get(m[1]!);
      return r ? { status: 200, body: clone(r) } : missing();
    }
    if (method === 'POST' && path === '/v1/contacts') {
      if (typeof b.name !== 'string' || b.name.length < 3) return bad('The name field is required.', 'name');
      // Razorpay answers the same contact for the same details
      const same = [...contacts.values()].find((c) => c.name === b.name && c.reference_id === (b.reference_id ?? null) && c.email === (b.email ?? null));
      if (same) return { status: 200, body: clone(same) };
      const c = { id: id('cont'), entity: 'contact', name: b.name, contact: b.contact ?? null, email: b.email ?? null, type: b.type ?? null, reference_id: b.reference_id ?? null, batch_id: null, active: true, notes: b.notes ?? {}, created_at: now() };
      contacts.set(c.id, c);
      return { status: 201, body: clone(c) };
    }
    if (method === 'POST' && path === '/v1/fund_accounts') {
      if (!contacts.has(b.contact_id)) return bad('The id provided does not exist', 'contact_id');
      let details: Obj;
      if (b.account_type === 'bank_account') {
        const a = b.bank_account ?? {};
        if (typeof a.ifsc !== 'string' || !IFSC.test(a.ifsc)) return bad('The ifsc must be 11 characters.', 'ifsc');
        if (typeof a.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(a.account_number)) return bad('The account number is invalid.', 'account_number');
        if (typeof a.name !== 'string' || a.name.length < 3) return bad('The name field is required.', 'name');
        details = { bank_account: { ifsc: a.ifsc, bank_name: 'Fake Bank', name: a.name, account_number: a.account_number, notes: [] } };
      } else if (b.account_type === 'vpa') {
        if (typeof b.vpa?.address !== 'string' || !VPA.test(b.vpa.address)) return bad('Invalid VPA. Please enter a valid Virtual Payment Address', 'address');
        details = { vpa: { username: b.vpa.address.split('@')[0], handle: b.vpa.address.split('@')[1], address: b.vpa.address } };
      } else return bad('The account type field is invalid.', 'account_type');
      const same = [...fundAccounts.values()].find((f) => f.contact_id === b.contact_id && JSON.stringify(f[b.account_type]) === JSON.stringify(details[b.account_type]));
      if (same) return { status: 200, body: clone(same) };
      const fa = { id: id('fa'), entity: 'fund_account', contact_id: b.contact_id, account_type: b.account_type, ...details, batch_id: null, active: true, created_at: now() };
      fundAccounts.set(fa.id, fa);
      return { status: 201, body: clone(fa) };
    }
    if (method === 'POST' && path === '/v1/payouts') return createPayout(b, headers['x-payout-idempotency'] as string | undefined);
    if ((m = /^\/v1\/payouts\/(pout_\w+)$/.exec(path)) && method === 'GET') {
      const p = payouts.get(m[1]!);
      return p ? { status: 200, body: clone(p) } : missing();
    }
    return bad('The requested URL was not found on the server.', null, 404);
  }

  const send = (res: ServerResponse, a: Answer) => {
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const key = req.headers['x-payout-idempotency'] as string | undefined;
    requests.push({ method, path: url.pathname, ...(key && { idempotencyKey: key }) });
    const page = fakeCheckoutRoute(method, url.pathname, text, { keyId, orders, pay: (order, how) => fake.checkout(order, how) }, url.searchParams);
    if (page) {
      res.writeHead(page.status, page.headers);
      return res.end(page.body);
    }
    const fault = faults.take(url.pathname);
    const serverError = { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins.' } } };
    if (fault === 'stall') return;
    if (fault === '500') return send(res, serverError);
    if (req.headers.authorization !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) {
      return send(res, { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: null, step: null, reason: null, metadata: {} } } });
    }
    let body: Obj = {};
    if (text) {
      try {
        body = JSON.parse(text) as Obj;
      } catch {
        return send(res, bad('The request body is not valid JSON'));
      }
    }
    const answer = route(method, url.pathname.replace(/\/$/, ''), url.searchParams, body, req.headers);
    // the work is done, and the answer lost on its way back
    send(res, fault === 'lose-answer' ? serverError : answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'fake failed' } } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Signs a body as Razorpay signs webhooks: hex HMAC-SHA256 of the raw bytes with the webhook secret. */
  const signWebhook = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

  const fake = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    accountNumber,
    orders,
    payments,
    refunds,
    contacts,
    fundAccounts,
    payouts,
    customers,
    tokens,
    events,
    effects,
    requests,
    signWebhook,
    /** the next `times` calls to a path matching `path` stall or answer 500 */
    fail: faults.add,
    /**
     * The payer pays an order in Razorpay Checkout. Success answers what Checkout hands the page's
     * handler (the payment is authorised, and captured at once when the order says automatic); failure
     * answers Checkout's payment.failed error (the order stays payable).
     */
    checkout(orderId: string, how: { method?: CheckoutMethod; outcome?: CheckoutOutcome; customerId?: string; recurring?: boolean; vpa?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const method = how.method ?? order.method ?? 'upi';
      if (order.method && order.method !== method) throw new Error(`order ${orderId} takes ${order.method} only`);
      // an authorisation order is paid only as Checkout is told: its customer, and recurring
      if (order.token && (!how.recurring || how.customerId !== order.customer_id)) throw new Error(`order ${orderId} is a recurring authorisation: pay it with its customer_id and recurring: 1`);
      const p: Obj = {
        id: id('pay'), entity: 'payment', amount: order.amount, currency: order.currency, status: 'created', order_id: order.id, invoice_id: null,
        international: false, method, amount_refunded: 0, refund_status: null, captured: false, description: null,
        ...(method === 'upi' ? { vpa: how.vpa ?? 'payer@okfake' } : { card_id: id('card'), card: { last4: '1111', network: 'Visa', type: 'credit' } }),
        ...(order.token && { customer_id: order.customer_id, recurring: true }),
        email: 'payer@example.com', contact: '+919000090000', notes: order.notes, fee: null, tax: null,
        error_code: null, error_description: null, error_source: null, error_step: null, error_reason: null, created_at: now(),
      };
      payments.set(p.id, p);
      order.attempts += 1;
      order.status = 'attempted';
      if ((how.outcome ?? 'success') === 'failure') {
        Object.assign(p, {
          status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_source: 'customer', error_step: 'payment_authentication',
          error_reason: method === 'upi' ? 'payment_timed_out' : 'payment_failed',
          error_description: method === 'upi' ? 'Payment was not completed on time.' : 'Payment failed because the card was declined.',
        });
        emit('payment.failed', { payment: p });
        return {
          ok: false as const,
          payment: p.id,
          error: { code: p.error_code, description: p.error_description, source: p.error_source, step: p.error_step, reason: p.error_reason, metadata: { payment_id: p.id, order_id: order.id } },
        };
      }
      if (order.token) {
        const t = newToken(order, p, how.vpa);
        p.token_id = t.id;
        emit('token.confirmed', { token: t });
      }
      Object.assign(p, { status: 'authorized' });
      effects.push({ type: 'authorise', ref: p.id, amount: p.amount });
      emit('payment.authorized', { payment: p });
      if (order.capture === 'automatic') capture(p, { amount: p.amount, currency: p.currency });
      return {
        ok: true as const,
        razorpay_payment_id: p.id as string,
        razorpay_order_id: order.id as string,
        razorpay_signature: createHmac('sha256', keySecret).update(`${order.id}|${p.id}`).digest('hex'),
      };
    },
    /** Razorpay gives an uncaptured authorisation back by itself (the order's manual_expiry_period passed) */
    expireAuthorisation(paymentId: string) {
      const p = payments.get(paymentId);
      if (!p || p.status !== 'authorized') throw new Error(`no authorisation ${paymentId}`);
      const r = {
        id: id('rfnd'), entity: 'refund', amount: p.amount, currency: p.currency, payment_id: p.id, notes: {}, receipt: null, acquirer_data: { arn: null },
        created_at: now(), batch_id: null, status: 'processed', speed_processed: 'normal', speed_requested: 'normal',
      };
      refunds.set(r.id, r);
      Object.assign(p, { status: 'refunded', amount_refunded: p.amount, refund_status: 'full' });
      effects.push({ type: 'auto-refund', ref: p.id, amount: p.amount });
      emit('refund.processed', { refund: r, payment: p });
    },
    /** a refund the bank did not take: Razorpay marks it failed (the money stays with the merchant) */
    failRefund(refundId: string) {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`no refund ${refundId}`);
      const p = payments.get(r.payment_id)!;
      r.status = 'failed';
      p.amount_refunded -= r.amount;
      p.refund_status = p.amount_refunded === 0 ? null : 'partial';
      if (p.status === 'refunded') p.status = 'captured';
      emit('refund.failed', { refund: r, payment: p });
    },
    /** the bank's answer on a payout: processed, reversed (the money came back) or failed */
    settlePayout(payoutId: string, outcome: 'processed' | 'reversed' | 'failed') {
      const p = payouts.get(payoutId);
      if (!p) throw new Error(`no payout ${payoutId}`);
      Object.assign(p, { status: outcome, ...(outcome === 'processed' && { utr: `UTR${randomBytes(6).toString('hex').toUpperCase()}` }) });
      emit(`payout.${outcome}`, { payout: p });
    },
    /** the next `times` recurring charges go this way (else a card's is captured at once, a UPI debit waits for settleRecurring) */
    nextRecurring(outcome: RecurringOutcome, times = 1) {
      for (let i = 0; i < times; i++) recurringQueue.push(outcome);
    },
    /** the bank's answer on a recurring debit that was waiting (UPI AutoPay): captured or failed, with its webhooks */
    settleRecurring(paymentId: string, outcome: 'captured' | 'failed') {
      const p = payments.get(paymentId);
      if (!p || !p.recurring) throw new Error(`no recurring payment ${paymentId}`);
      settle(p, outcome);
    },
    /**
     * the payer cancels (or pauses) the mandate in their UPI app, or their bank revokes the card's token (or rejects
     * it): Razorpay's token.cancelled / token.paused / token.rejected webhook is kept, to be delivered
     */
    revokeToken(tokenId: string, status: 'cancelled' | 'paused' | 'rejected' = 'cancelled') {
      const t = tokens.get(tokenId);
      if (!t) throw new Error(`no token ${tokenId}`);
      t.recurring_details = { status, failure_reason: status === 'rejected' ? 'rejected_by_bank' : null };
      emit(`token.${status}`, { token: t });
    },
    /** the payer ends a pause in their UPI app: the token is confirmed again (token.confirmed) */
    resumeToken(tokenId: string) {
      const t = tokens.get(tokenId);
      if (!t || t.recurring_details.status !== 'paused') throw new Error(`no paused token ${tokenId}`);
      t.recurring_details = { status: 'confirmed', failure_reason: null };
      emit('token.confirmed', { token: t });
    },
    /** the token's expiry has passed (Razorpay sends no webhook for that: the next charge is refused) */
    expireToken(tokenId: string) {
      const t = tokens.get(tokenId);
      if (!t) throw new Error(`no token ${tokenId}`);
      t.expired_at = now() - 1;
    },
    /** the events of one entity (payment, order, refund, payout), oldest first */
    eventsOf(entityId: string) {
      return events.filter((e) => e.body.includes(`"id":"${entityId}"`));
    },
    /**
     * Posts an event to `url` as Razorpay's webhook does: the raw body, X-Razorpay-Signature over it
     * and X-Razorpay-Event-Id. Deliver the same event again to replay it; `secret` signs it with
     * another secret (a forgery).
     */
    async deliver(url: string, event: RazorpayFakeEvent, o: { secret?: string; body?: string } = {}) {
      const body = o.body ?? event.body;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(body, o.secret), 'x-razorpay-event-id': event.id, 'user-agent': 'Razorpay-Webhook/v1' },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
