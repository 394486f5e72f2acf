/**
 * The Stripe driver (DESIGN section 5): Payment Intents, confirmed on creation with the card's
 * PaymentMethod; capture_method 'manual' authorises only (a request to book), captured when the host
 * accepts and cancelled to release it. Every write passes the caller's idempotency key, so a retry
 * (ours, or the SDK's own network retry) never takes money twice.
 *
 * A card is a PaymentMethod attached to its own Customer: attaching is where Stripe checks the card
 * (a card the bank refuses fails there, as with the simulated driver), and only an attached
 * PaymentMethod can be charged again, as a saved card is. The reference is `cus_…/pm_…`.
 */
import Stripe from 'stripe';
import { CARD_BRANDS, digitsOnly, type CardBrand } from '@parkly/shared/payment-methods';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderCard,
} from './provider';

export interface StripeOptions {
  secretKey: string;
  /** another address for the API (a fake Stripe in tests), e.g. http://127.0.0.1:12111 */
  apiBase?: string;
  /** per request; a stalled Stripe turns into ProviderUnavailableError after this */
  timeoutMs?: number;
  /** the SDK retries network errors and 5xx with the same idempotency key */
  maxNetworkRetries?: number;
}

export function stripeClient(opts: StripeOptions): Stripe {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  return new Stripe(opts.secretKey, {
    timeout: opts.timeoutMs ?? 15_000,
    maxNetworkRetries: opts.maxNetworkRetries ?? 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? '443' : '80'),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const { StripeError, StripeCardError, StripeInvalidRequestError } = Stripe.errors;

/**
 * Stripe's codes (a card error's `decline_code`, else its `code`) that name a reason we keep apart; every
 * other one (generic_decline, fraudulent, lost_card, stolen_card, do_not_honor, ...) is a plain decline.
 */
const STRIPE_DECLINES: Record<string, DeclineCode> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  invalid_expiry_month: 'invalid_expiry',
  invalid_expiry_year: 'invalid_expiry',
};

const declineFrom = (declineCode?: string | null, code?: string | null): DeclineCode =>
  (declineCode && STRIPE_DECLINES[declineCode]) || (code && STRIPE_DECLINES[code]) || 'card_declined';

/** A refused card, in our words. */
const declineOf = (err: InstanceType<typeof StripeCardError>): DeclineCode => declineFrom(err.decline_code, err.code);

/**
 * For the guest-facing calls (tokenize, charge): a refused card is a decline; a saved card Stripe no
 * longer has is one too; anything else (network, timeout, 5xx, rate limit, our own misconfiguration)
 * is an outage, so the booking goes back to 'unpaid' rather than failing with a 500.
 */
function asDeclineOrOutage(err: unknown): { ok: false; code: DeclineCode } {
  if (err instanceof StripeCardError) return { ok: false, code: declineOf(err) };
  if (err instanceof StripeInvalidRequestError && err.code === 'resource_missing' && err.param === 'payment_method') return { ok: false, code: 'card_declined' };
  throw outage(err);
}

/** Why an intent failed, in our words: a 3-D Secure challenge the payer did not pass has its own. */
function failureOf(pi: Stripe.PaymentIntent): DeclineCode {
  const e = pi.last_payment_error;
  if (e?.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  return declineFrom(e?.decline_code, e?.code);
}

function outage(err: unknown) {
  const detail = err instanceof StripeError ? `${err.type} ${err.statusCode ?? ''} ${err.code ?? ''}`.trim() : (err as Error)?.name;
  return new ProviderUnavailableError(`Stripe: ${detail}`, { cause: err });
}

/** For the settling calls (capture, refund, release): network trouble is an outage; the rest is kept as is for the retry log. */
function settleError(err: unknown) {
  if (err instanceof StripeError && err.type !== 'StripeConnectionError' && err.type !== 'StripeAPIError' && (err.statusCode ?? 0) < 500) return err;
  return outage(err);
}

const brandOf = (b: string | undefined): CardBrand => (CARD_BRANDS.includes(b as CardBrand) ? (b as CardBrand) : 'unknown');

function splitRef(ref: string) {
  const [customer, pm] = ref.includes('/') ? ref.split('/', 2) : [undefined, ref];
  return { customer, paymentMethod: pm! };
}

export function stripeProvider(optsOrClient: StripeOptions | Stripe): PaymentProvider {
  const stripe = optsOrClient instanceof Stripe ? optsOrClient : stripeClient(optsOrClient);

  /** Attaches a PaymentMethod to a new Customer (Stripe checks the card here) and answers our card. */
  async function keep(pm: Stripe.PaymentMethod, key: string): Promise<ProviderCard> {
    const customerId = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
    const customer = customerId ?? (await stripe.customers.create({ payment_method: pm.id, description: 'Parkly card holder' }, { idempotencyKey: `${key}:customer` })).id;
    return cardOf(customer, pm);
  }

  const cardOf = (customer: string, pm: Stripe.PaymentMethod): ProviderCard => ({
    ref: `${customer}/${pm.id}`,
    brand: brandOf(pm.card?.brand),
    last4: pm.card?.last4 ?? '0000',
    exp_month: pm.card?.exp_month ?? 1,
    exp_year: pm.card?.exp_year ?? 2000,
  });

  /**
   * After a capture or cancel Stripe refused as "unexpected state": done already, if the intent says so; never
   * to be done, if it is in one of `hopeless` (a capture of an intent cancelled, by us or because its
   * authorisation expired after 7 days).
   */
  async function alreadyIn(ref: string, status: Stripe.PaymentIntent.Status, err: unknown, hopeless: Stripe.PaymentIntent.Status[] = []) {
    if (!(err instanceof StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state')) throw settleError(err);
    const pi = await stripe.paymentIntents.retrieve(ref).catch((e: unknown) => {
      throw settleError(e);
    });
    if (hopeless.includes(pi.status)) throw new ProviderRefusedError(`payment_intent_${pi.status}`, { cause: err });
    if (pi.status !== status) throw err;
  }

  return {
    name: 'stripe',

    async tokenize(card: CardDetails, idempotencyKey: string) {
      try {
        const pm = await stripe.paymentMethods.create(
          { type: 'card', card: { number: digitsOnly(card.number), exp_month: card.exp_month, exp_year: card.exp_year, cvc: card.cvc } },
          { idempotencyKey: `${idempotencyKey}:pm` },
        );
        return await keep(pm, idempotencyKey);
      } catch (err) {
        return asDeclineOrOutage(err);
      }
    },

    async fromPaymentMethodId(id: string, idempotencyKey: string) {
      try {
        const pm = await stripe.paymentMethods.retrieve(id);
        // a card form's PaymentMethod is new: one already kept for a customer is someone's saved card, not this person's to use
        if (pm.type !== 'card' || pm.customer) return { ok: false as const, code: 'card_declined' as const };
        return await keep(pm, idempotencyKey);
      } catch (err) {
        if (err instanceof StripeInvalidRequestError && err.code === 'resource_missing') return { ok: false as const, code: 'card_declined' as const };
        return asDeclineOrOutage(err);
      }
    },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const { customer, paymentMethod } = splitRef(req.card);
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.create(
          {
            amount: req.amount,
            currency: req.currency.toLowerCase(),
            payment_method: paymentMethod,
            ...(customer && { customer }),
            allowed_payment_method_types: ['card'],
            capture_method: req.capture ? 'automatic' : 'manual',
            confirm: true,
            description: req.description.slice(0, 1000),
            // the webhook finds the booking by this key, even when this process died before recording it
            metadata: { parkly_key: req.idempotencyKey },
            // a 3-D Secure challenge is taken in the browser by Stripe.js (handleNextAction); a renewal has no
            // payer present: off-session, with the customer's saved card (decision 037)
            ...(req.offSession ? { off_session: true } : { use_stripe_sdk: true }),
          },
          { idempotencyKey: req.idempotencyKey },
        );
      } catch (err) {
        return asDeclineOrOutage(err);
      }
      if (pi.status === 'succeeded' || pi.status === 'requires_capture' || pi.status === 'processing') return { ok: true, ref: pi.id };
      // 3-D Secure: the payer confirms in their browser; the intent stays open for them (decision 005)
      if (pi.status === 'requires_action' && pi.client_secret) return { ok: false, code: 'action_required', ref: pi.id, clientSecret: pi.client_secret };
      // another step the server cannot take: nothing was taken; let the intent go
      if (pi.status === 'requires_confirmation' || pi.status === 'requires_action') {
        await stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: `${req.idempotencyKey}:abandon` }).catch(() => undefined);
      }
      return { ok: false, code: failureOf(pi) };
    },

    async lookup(ref: string): Promise<PaymentLookup | null> {
      try {
        const pi = await stripe.paymentIntents.retrieve(ref);
        const pmId = typeof pi.payment_method === 'string' ? pi.payment_method : pi.payment_method?.id;
        const customer = typeof pi.customer === 'string' ? pi.customer : pi.customer?.id;
        const pm = pmId && customer ? await stripe.paymentMethods.retrieve(pmId) : null;
        const state: PaymentLookup['state'] =
          pi.status === 'succeeded' || pi.status === 'requires_capture' || pi.status === 'processing'
            ? 'succeeded'
            : pi.status === 'requires_action'
              ? 'action_required'
              : pi.status === 'canceled'
                ? 'canceled'
                : 'failed';
        return {
          ref: pi.id,
          state,
          amount: pi.amount,
          currency: pi.currency.toUpperCase(),
          key: pi.metadata?.parkly_key ?? null,
          card: pm && customer ? cardOf(customer, pm) : null,
          clientSecret: state === 'action_required' ? pi.client_secret : null,
          ...(state === 'failed' && { code: failureOf(pi) }),
        };
      } catch (err) {
        if (err instanceof StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw outage(err);
      }
    },

    async capture(ref: string, amount: number, idempotencyKey: string) {
      try {
        await stripe.paymentIntents.capture(ref, { amount_to_capture: amount }, { idempotencyKey });
      } catch (err) {
        if (err instanceof StripeCardError) throw new ProviderRefusedError(declineOf(err), { cause: err });
        await alreadyIn(ref, 'succeeded', err, ['canceled', 'requires_payment_method']);
      }
    },

    async refund(ref: string, amount: number, idempotencyKey: string) {
      try {
        await stripe.refunds.create({ payment_intent: ref, amount, metadata: { parkly_key: idempotencyKey } }, { idempotencyKey });
      } catch (err) {
        throw settleError(err);
      }
    },

    async release(ref: string, idempotencyKey: string) {
      try {
        await stripe.paymentIntents.cancel(ref, {}, { idempotencyKey });
      } catch (err) {
        await alreadyIn(ref, 'canceled', err);
      }
    },
  };
}
