import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigAnswerSchema } from '@parkly/shared/settings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const result = {
    currency: c.CURRENCY,
    guest_fee_percent: c.GUEST_FEE_PERCENT,
    host_commission_percent: c.HOST_COMMISSION_PERCENT,
    time_zone: c.DEFAULT_TIMEZONE,
    map_tile_url: c.MAP_TILE_URL,
    payment_provider: app.payments.name,
    ...(app.payments.name === 'stripe' && c.STRIPE_PUBLISHABLE_KEY && { stripe_publishable_key: c.STRIPE_PUBLISHABLE_KEY }),
    // the key id only, never the key secret or the webhook secret
    ...(app.payments.name === 'razorpay' && c.razorpay && { razorpay_key_id: c.razorpay.keyId, razorpay_checkout_url: c.RAZORPAY_CHECKOUT_URL }),
  };
  app.get('/config', { schema: { tags: ['system'], response: { 200: publicConfigAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { result };
  });
};
