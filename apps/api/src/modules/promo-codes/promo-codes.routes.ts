import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPromoCodeSchema, promoCodeAnswerSchema, promoCodesAnswerSchema } from '@parkly/shared/promo-codes';
import { adminActor } from '../admin/admin-audit';
import { createPromoCode, deactivatePromoCode, listPromoCodes } from './promo-codes.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });

/** GET admin/promo_codes, POST admin/promo_codes, POST admin/promo_codes/:id/deactivate (decision 036). */
export const adminPromoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/promo_codes', { schema: { tags, security, response: { 200: promoCodesAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPromoCodes(app.db);
  });

  app.post('/promo_codes', { schema: { tags, security, body: createPromoCodeSchema, response: { 201: promoCodeAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await createPromoCode(app.db, adminActor(request), request.body, app.config.CURRENCY) }),
  );

  app.post('/promo_codes/:id/deactivate', { schema: { tags, security, params, response: { 200: promoCodeAnswerSchema } } }, async (request) => ({
    result: await deactivatePromoCode(app.db, adminActor(request), request.params.id),
  }));
};
