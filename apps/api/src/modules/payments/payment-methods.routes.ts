import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addPaymentMethodSchema, addProviderPaymentMethodSchema, paymentMethodAnswerSchema, paymentMethodsAnswerSchema } from '@parkly/shared/payment-methods';
import { currentUser } from '../../plugins/auth';
import { addPaymentMethod, addProviderPaymentMethod, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payments.service';

const tags = ['payment methods'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });
const deleted = z.object({ result: z.object({ id: z.string(), deleted: z.literal(true) }) });
const makeDefault = z.object({ is_default: z.literal(true, { error: 'Send {is_default: true} to make this your default card' }) });
/** Card numbers are guessed by trying them: a few saves an hour per address. */
const CARD_LIMIT = { max: 20, timeWindow: 60 * 60 * 1000 };

export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);

  app.get('/payment-methods', { schema: { tags, security, response: { 200: paymentMethodsAnswerSchema } } }, async (request) => ({
    result: await listPaymentMethods(app.db, currentUser(request).id),
  }));

  app.post(
    '/payment-methods',
    { config: { rateLimit: CARD_LIMIT }, schema: { tags, security, body: addPaymentMethodSchema, response: { 201: paymentMethodAnswerSchema } } },
    async (request, reply) =>
      reply.status(201).send({ result: await addPaymentMethod(app.db, app.payments, currentUser(request).id, request.body.card, request.body.is_default, app.config.RATE_LIMITS) }),
  );

  // with the stripe driver the browser's card form (Elements) hands over a PaymentMethod id; pay with the saved card's id
  app.post(
    '/payment-methods/stripe',
    { config: { rateLimit: CARD_LIMIT }, schema: { tags, security, body: addProviderPaymentMethodSchema, response: { 201: paymentMethodAnswerSchema } } },
    async (request, reply) =>
      reply.status(201).send({
        result: await addProviderPaymentMethod(app.db, app.payments, currentUser(request).id, request.body.payment_method_id, request.body.is_default, app.config.RATE_LIMITS),
      }),
  );

  app.patch('/payment-methods/:id', { schema: { tags, security, params, body: makeDefault, response: { 200: paymentMethodAnswerSchema } } }, async (request) => ({
    result: await setDefaultPaymentMethod(app.db, currentUser(request).id, request.params.id),
  }));

  app.delete('/payment-methods/:id', { schema: { tags, security, params, response: { 200: deleted } } }, async (request) => ({
    result: await removePaymentMethod(app.db, currentUser(request).id, request.params.id),
  }));
};
