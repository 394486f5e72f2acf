import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPayoutAnswerSchema,
  adminPayoutFailedSchema,
  adminPayoutIdParamsSchema,
  adminPayoutPaidSchema,
  adminPayoutsAnswerSchema,
  adminPayoutsQuerySchema,
} from '@parkly/shared/admin-payouts';
import { adminActor } from '../admin-audit';
import { listPayouts, retry, settle, type AdminPayoutDeps } from './admin-payouts.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = adminPayoutIdParamsSchema;
const response = { 200: adminPayoutAnswerSchema };

/**
 * GET admin/payouts; by hand (no RazorpayX): POST admin/payouts/:id/paid {reference}, POST
 * admin/payouts/:id/failed {reason}; with RazorpayX: POST admin/payouts/:id/retry (a failed one, once).
 */
export const adminPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AdminPayoutDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    currency: app.config.CURRENCY,
    paymentProvider: app.payments.name,
    sender: app.payoutSender,
  };

  app.get('/payouts', { schema: { tags, security, querystring: adminPayoutsQuerySchema, response: { 200: adminPayoutsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPayouts(app.db, request.query, !!app.payoutSender);
  });

  app.post('/payouts/:id/paid', { schema: { tags, security, params, body: adminPayoutPaidSchema, response } }, async (request) => ({
    result: await settle(deps, adminActor(request), request.params.id, { status: 'paid', reference: request.body.reference }),
  }));

  app.post('/payouts/:id/failed', { schema: { tags, security, params, body: adminPayoutFailedSchema, response } }, async (request) => ({
    result: await settle(deps, adminActor(request), request.params.id, { status: 'failed', reason: request.body.reason }),
  }));

  app.post('/payouts/:id/retry', { schema: { tags, security, params, response } }, async (request) => ({
    result: await retry(deps, adminActor(request), request.params.id),
  }));
};
