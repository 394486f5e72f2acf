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
import { listPayouts, settle } from './admin-payouts.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = adminPayoutIdParamsSchema;
const response = { 200: adminPayoutAnswerSchema };

/** GET admin/payouts, POST admin/payouts/:id/paid {reference}, POST admin/payouts/:id/failed {reason}. */
export const adminPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, publicUrl: app.config.publicUrl };

  app.get('/payouts', { schema: { tags, security, querystring: adminPayoutsQuerySchema, response: { 200: adminPayoutsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPayouts(app.db, request.query);
  });

  app.post('/payouts/:id/paid', { schema: { tags, security, params, body: adminPayoutPaidSchema, response } }, async (request) => ({
    result: await settle(deps, adminActor(request), request.params.id, { status: 'paid', reference: request.body.reference }),
  }));

  app.post('/payouts/:id/failed', { schema: { tags, security, params, body: adminPayoutFailedSchema, response } }, async (request) => ({
    result: await settle(deps, adminActor(request), request.params.id, { status: 'failed', reason: request.body.reason }),
  }));
};
