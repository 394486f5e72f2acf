/**
 * A small fake of the Stripe API for tests (the machine that runs them has no internet): the
 * endpoints the Stripe driver uses, answering in Stripe's shapes so that the real `stripe` SDK talks
 * to it. It honours Idempotency-Key as Stripe does (the same key answers the same, with no second
 * effect), decides card outcomes by Stripe's test card numbers, records every effect (charge,
 * authorisation, capture, refund, cancel) and the events Stripe would send, and can be made to stall,
 * answer 500, or do the work and lose the answer. The 3-D Secure test cards wait on the payer's
 * challenge (requires_action), passed or failed through `challenge()` or `POST /test/3ds/:intent`; the
 * browser's calls (a card, an intent read by its client secret) take the publishable key as `key`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardBrand } from '@parkly/shared/payment-methods';
import { faultQueue } from './fake-faults';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Obj };
export type Fault = 'stall' | '500' | 'lose-answer';
export interface Effect {
  type: 'charge' | 'authorise' | 'capture' | 'refund' | 'cancel';
  intent: string;
  amount: number;
}

/** Stripe's test cards: [code, decline_code] of the refusal. */
const REFUSALS: Record<string, [string, string]> = {
  '4000000000000002': ['card_declined', 'generic_decline'],
  '4000000000009995': ['card_declined', 'insufficient_funds'],
  '4000000000000069': ['expired_card', 'expired_card'],
  '4000000000000127': ['incorrect_cvc', 'incorrect_cvc'],
};
/** refused when the card is attached to a customer (checked there, as Stripe does); the others when charged */
const REFUSED_ON_ATTACH = new Set(['4000000000000002', '4000000000000069', '4000000000000127']);
/** Stripe's "always authenticate" 3-D Secure cards: every payment waits on the payer's challenge */
export const THREE_D_SECURE_CARDS = new Set(['4000002760003184', '4000000000003220']);

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o)) as T;
const invalid = (message: string, extra: Obj = {}): Answer => ({ status: 400, body: { error: { type: 'invalid_request_error', message, ...extra } } });
const missing = (param: string): Answer => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${param}` } } });
const unexpected = (pi: Obj): Answer => invalid(`This PaymentIntent's status is ${pi.status}`, { code: 'payment_intent_unexpected_state', payment_intent: clone(pi) });

/** application/x-www-form-urlencoded with Stripe's brackets (`card[number]`, `metadata[k]`, `a[0]`) into objects. */
export function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}

export async function startFakeStripe(opts: { secretKey?: string; publishableKey?: string } = {}) {
  const cards = new Map<string, { pm: Obj; number: string }>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const answered = new Map<string, { path: string; answer: Answer }>();
  const events: Obj[] = [];
  const effects: Effect[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string; replayed: boolean }[] = [];
  const faults = faultQueue<Fault>();

  const emit = (type: string, object: Obj, idempotencyKey?: string) =>
    events.push({ id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: idempotencyKey ?? null }, type, data: { object: clone(object) } });

  function confirm(pi: Obj, key?: string): Answer {
    const card = cards.get(pi.payment_method);
    if (!card) return missing('payment_method');
    if (THREE_D_SECURE_CARDS.has(card.number) && !pi.authenticated) {
      Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${publicUrl()}/test/3ds/${pi.id}` } } });
      emit('payment_intent.requires_action', pi, key);
      return { status: 200, body: clone(pi) };
    }
    pi.next_action = null;
    const refusal = REFUSALS[card.number];
    if (refusal) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: refusal[0], decline_code: refusal[1], message: 'Your card was declined.' };
      emit('payment_intent.payment_failed', pi, key);
      return { status: 402, body: { error: { ...pi.last_payment_error, payment_intent: clone(pi) } } };
    }
    const charge = { id: id('ch'), object: 'charge', amount: pi.amount, amount_captured: 0, amount_refunded: 0, refunded: false, captured: false, currency: pi.currency, payment_intent: pi.id };
    charges.set(pi.id, charge);
    pi.latest_charge = charge.id;
    if (pi.capture_method === 'manual') {
      Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount });
      effects.push({ type: 'authorise', intent: pi.id, amount: pi.amount });
      emit('payment_intent.amount_capturable_updated', pi, key);
    } else {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      Object.assign(charge, { amount_captured: pi.amount, captured: true });
      effects.push({ type: 'charge', intent: pi.id, amount: pi.amount });
      emit('payment_intent.succeeded', pi, key);
    }
    return { status: 200, body: clone(pi) };
  }

  function refund(piId: string, amount: number | undefined, key?: string): Answer {
    const pi = intents.get(piId);
    const charge = charges.get(piId);
    if (!pi || !charge) return missing('payment_intent');
    if (pi.status !== 'succeeded') return unexpected(pi);
    const left = charge.amount_captured - charge.amount_refunded;
    const value = amount ?? left;
    if (left === 0) return invalid('Charge has already been refunded.', { code: 'charge_already_refunded' });
    if (value <= 0 || value > left) return invalid('Refund amount is greater than the unrefunded amount.', { code: 'amount_too_large', param: 'amount' });
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    effects.push({ type: 'refund', intent: piId, amount: value });
    emit('charge.refunded', charge, key);
    return { status: 200, body: { id: id('re'), object: 'refund', amount: value, currency: pi.currency, payment_intent: piId, charge: charge.id, status: 'succeeded' } };
  }

  /**
   * The payer's 3-D Secure challenge (Stripe's test page, done by the browser or a test): 'complete'
   * goes on with the payment as if confirmed again; 'fail' leaves the intent needing another card.
   */
  function challenge(pi: Obj, outcome: string): Answer {
    if (pi.status !== 'requires_action') return unexpected(pi);
    if (outcome === 'fail') {
      Object.assign(pi, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
      });
      emit('payment_intent.payment_failed', pi);
      return { status: 200, body: clone(pi) };
    }
    pi.authenticated = true;
    return confirm(pi);
  }

  /** What the browser's Stripe.js may do with the publishable key: make a card, read and challenge an intent by its client secret. */
  function publicRoute(method: string, path: string, p: Obj): Answer {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_methods') return route(method, path, p);
    if ((m = /^\/v1\/payment_intents\/(\w+)$/.exec(path)) && method === 'GET') {
      const pi = intents.get(m[1]!);
      return pi && p.client_secret === pi.client_secret ? { status: 200, body: clone(pi) } : missing('intent');
    }
    if ((m = /^\/test\/3ds\/(\w+)$/.exec(path)) && method === 'POST') {
      const pi = intents.get(m[1]!);
      return pi && p.client_secret === pi.client_secret ? challenge(pi, String(p.outcome)) : missing('intent');
    }
    return { status: 401, body: { error: { type: 'invalid_request_error', message: 'This call needs a secret key' } } };
  }

  function route(method: string, path: string, p: Obj, key?: string): Answer {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_methods') {
      const number = String(p.card?.number ?? '');
      if (!/^\d{12,19}$/.test(number)) return { status: 402, body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } } };
      const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: null, card: { brand: cardBrand(number), last4: number.slice(-4), exp_month: Number(p.card.exp_month), exp_year: Number(p.card.exp_year) } };
      cards.set(pm.id, { pm, number });
      return { status: 200, body: clone(pm) };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_methods\/([\w]+)$/.exec(path))) {
      const card = cards.get(m[1]!);
      return card ? { status: 200, body: clone(card.pm) } : missing('payment_method');
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', description: p.description ?? null };
      if (p.payment_method) {
        const card = cards.get(p.payment_method);
        if (!card) return missing('payment_method');
        const refusal = REFUSED_ON_ATTACH.has(card.number) ? REFUSALS[card.number]! : null;
        if (refusal) return { status: 402, body: { error: { type: 'card_error', code: refusal[0], decline_code: refusal[1], message: 'Your card was declined.' } } };
        card.pm.customer = customer.id;
      }
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi: Obj = {
        id: id('pi'), object: 'payment_intent', amount: Number(p.amount), amount_capturable: 0, amount_received: 0, currency: p.currency,
        capture_method: p.capture_method ?? 'automatic', customer: p.customer ?? null, payment_method: p.payment_method ?? null,
        description: p.description ?? null, metadata: p.metadata ?? {}, status: 'requires_confirmation', last_payment_error: null, latest_charge: null,
        next_action: null, off_session: p.off_session === 'true',
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      if (!Number.isInteger(pi.amount) || pi.amount < 1) return invalid('Invalid integer', { param: 'amount' });
      intents.set(pi.id, pi);
      return p.confirm === 'true' ? confirm(pi, key) : { status: 200, body: clone(pi) };
    }
    if ((m = /^\/v1\/payment_intents\/(\w+)(?:\/(confirm|capture|cancel))?$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi) return missing('intent');
      if (method === 'GET' && !m[2]) return { status: 200, body: clone(pi) };
      if (m[2] === 'confirm') return pi.status === 'requires_confirmation' || pi.status === 'requires_payment_method' ? confirm(pi, key) : unexpected(pi);
      if (m[2] === 'capture') {
        if (pi.status !== 'requires_capture') return unexpected(pi);
        const amount = p.amount_to_capture === undefined ? pi.amount_capturable : Number(p.amount_to_capture);
        if (amount > pi.amount_capturable) return invalid('amount_to_capture is greater than amount_capturable', { param: 'amount_to_capture' });
        Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
        Object.assign(charges.get(pi.id)!, { amount_captured: amount, captured: true });
        effects.push({ type: 'capture', intent: pi.id, amount });
        emit('payment_intent.succeeded', pi, key);
        return { status: 200, body: clone(pi) };
      }
      if (m[2] === 'cancel') {
        if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(pi.status)) return unexpected(pi);
        const held = pi.amount_capturable;
        Object.assign(pi, { status: 'canceled', amount_capturable: 0 });
        effects.push({ type: 'cancel', intent: pi.id, amount: held });
        emit('payment_intent.canceled', pi, key);
        return { status: 200, body: clone(pi) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(p.payment_intent, p.amount === undefined ? undefined : Number(p.amount), key);
    if ((m = /^\/test\/3ds\/(\w+)$/.exec(path)) && method === 'POST') {
      const pi = intents.get(m[1]!);
      return pi ? challenge(pi, String(p.outcome)) : missing('intent');
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const send = (res: ServerResponse, a: Answer, replayed = false) => {
    // Stripe.js calls from the page's origin, with the publishable key in the form (a CORS "simple" request)
    res.writeHead(a.status, { 'content-type': 'application/json', 'request-id': id('req'), 'access-control-allow-origin': '*', ...(replayed && { 'idempotent-replayed': 'true' }) });
    res.end(JSON.stringify(a.body));
  };


  async function handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.headers.authorization !== `Bearer ${opts.secretKey ?? 'sk_test_fake'}`) {
      const p = parseForm(method === 'GET' ? url.search.slice(1) : text);
      if (p.key === (opts.publishableKey ?? 'pk_test_fake')) {
        requests.push({ method, path: url.pathname, replayed: false });
        return send(res, publicRoute(method, url.pathname, p));
      }
      return send(res, { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } });
    }
    const fault = faults.take(url.pathname);
    const prior = key ? answered.get(key) : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey: key, replayed: Boolean(prior) });
    if (fault === 'stall') return; // never answers: the client times out
    if (fault === '500') return send(res, { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } });
    if (prior && fault === 'lose-answer') return res.socket?.destroy();
    if (prior) {
      if (prior.path !== url.pathname) return send(res, { status: 400, body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used for the same endpoint' } } });
      return send(res, prior.answer, true);
    }
    const answer = route(method, url.pathname, parseForm(method === 'GET' ? url.search.slice(1) : text), key);
    // Stripe keeps any answer but a 5xx for the key, a decline included
    if (method === 'POST' && key) answered.set(key, { path: url.pathname, answer });
    if (fault === 'lose-answer') return res.socket?.destroy(); // the work is done; the answer never arrives
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, { status: 500, body: { error: { type: 'api_error', message: 'fake failed' } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  function publicUrl() {
    return `http://127.0.0.1:${port}`;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    events,
    effects,
    requests,
    /**
     * The next `times` calls to a path matching `path` stall, fail with 500, or lose their answer. The
     * SDK sends a request again by itself once when its connection is reset: losing an answer for
     * good takes `times` 2.
     */
    fail: faults.add,
    clearFaults: faults.clear,
    /** an authorisation Stripe let go by itself (7 days uncaptured): the intent is cancelled, only the webhook tells the server */
    expireAuthorisation(intent: string) {
      const pi = intents.get(intent);
      if (!pi || pi.status !== 'requires_capture') throw new Error(`no authorisation ${intent}`);
      Object.assign(pi, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' });
      emit('payment_intent.canceled', pi);
    },
    /** a refund made by hand in Stripe's dashboard: only the webhook tells the server */
    dashboardRefund: (intent: string, amount: number) => refund(intent, amount),
    /** the payer passes ('complete') or fails ('fail') the 3-D Secure challenge of an intent, as in Stripe's test page */
    challenge(intent: string, outcome: 'complete' | 'fail') {
      const pi = intents.get(intent);
      if (!pi) throw new Error(`no intent ${intent}`);
      return challenge(pi, outcome);
    },
    /** the events of one payment intent (and its charge), in the order Stripe made them */
    eventsOf: (intent: string) => events.filter((e) => e.data.object.id === intent || e.data.object.payment_intent === intent),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
