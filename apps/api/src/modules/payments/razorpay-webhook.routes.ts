import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bookingDeps } from '../bookings/bookings.routes';
import { settleMoney } from '../bookings/capture-steps';
import { razorpayBookingSide } from '../bookings/razorpay-pay.service';
import { acceptRazorpayWebhook, applyRazorpayEvent } from './razorpay-webhook.service';

const received = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * POST payments/razorpay-webhook: Razorpay's events (decision 032), verified on the raw body with
 * RAZORPAY_WEBHOOK_SECRET (X-Razorpay-Signature), de-duplicated by X-Razorpay-Event-Id and the body's hash.
 * 200 for an event applied or already applied (Razorpay stops retrying), 400 for a bad signature.
 * Registered on its own (not through fastify-plugin) so that its raw-body parser stays on this route.
 */
export const razorpayWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = bookingDeps(app);
  // the signature is over the exact bytes Razorpay sent: keep them, parse after verifying
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/razorpay-webhook',
    { schema: { tags: ['payments'], summary: 'Razorpay webhook (signed by Razorpay)', response: { 200: received } } },
    async (request) => {
      const secret = app.config.RAZORPAY_WEBHOOK_SECRET;
      // RazorpayX payouts (decision 033) use this route too, whichever provider takes guests' money
      const payments = app.payments.name === 'razorpay';
      if (!secret || (!payments && !app.payoutSender)) throw new AppError('NOT_FOUND', 'Razorpay webhooks are not configured on this server');
      if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'The webhook signature is not valid');
      const failedCaptures = new Set<string>();
      const settle = new Set<string>();
      const delivery = { rawBody: request.body, signature: request.headers['x-razorpay-signature'], eventId: request.headers['x-razorpay-event-id'] };
      const outcome = await acceptRazorpayWebhook(app.db, delivery, secret, applyRazorpayEvent({
          bookings: razorpayBookingSide(deps, failedCaptures),
          settle,
          publicUrl: app.config.publicUrl,
          ...(!payments && { only: (name: string) => name.startsWith('payout.') }),
        }));
      if (outcome.outcome === 'forged') throw new AppError('BAD_REQUEST', 'The webhook signature is not valid');
      // money given back (a payment for a booking that ended, a release after a failed capture) goes out now
      for (const bookingId of new Set([...failedCaptures, ...settle])) {
        await settleMoney(deps, bookingId).catch((err: unknown) => request.log.warn({ err }, 'settling after a Razorpay webhook failed'));
      }
      return { received: true as const, duplicate: outcome.outcome === 'duplicate' };
    },
  );
};
