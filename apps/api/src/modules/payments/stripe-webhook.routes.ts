import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bookingDeps } from '../bookings/bookings.routes';
import { captureOutcomes, settleMoney } from '../bookings/capture-steps';
import { renewalWebhook } from '../bookings/period-pay.service';
import { applyStripeEvent } from './stripe-webhook.service';

const received = z.object({ received: z.literal(true), duplicate: z.boolean() });
const badSignature = () => new AppError('BAD_REQUEST', 'The webhook signature is not valid');

/**
 * POST payments/stripe-webhook: Stripe's events, verified on the raw body with STRIPE_WEBHOOK_SECRET.
 * Registered on its own (not through fastify-plugin) so that its raw-body parser stays on this route.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = bookingDeps(app);
  // the signature is over the exact bytes Stripe sent: keep them, parse after verifying
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe-webhook',
    { schema: { tags: ['payments'], summary: 'Stripe webhook (signed by Stripe)', response: { 200: received } } },
    async (request) => {
      const secret = app.config.STRIPE_WEBHOOK_SECRET;
      if (!secret || app.payments.name !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured on this server');
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw badSignature();
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw badSignature();
      }
      // a capture the webhook learns of first confirms (or cancels) its request: the bookings module's side of it
      const failed = new Set<string>();
      const outcome = await applyStripeEvent(app.db, event, captureOutcomes(deps, failed), (tx, key, intent) =>
        renewalWebhook(tx, deps, key, { ref: intent, state: 'captured', method: 'card', card: null }),
      );
      for (const bookingId of new Set([...failed, ...(outcome.settleBookingId ? [outcome.settleBookingId] : [])])) {
        await settleMoney(deps, bookingId).catch((err: unknown) => request.log.warn({ err }, 'settling after a webhook failed'));
      }
      return { received: true as const, duplicate: !outcome.applied };
    },
  );
};
