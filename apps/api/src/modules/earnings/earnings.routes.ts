import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsAnswerSchema, payoutAccountAnswerSchema, payoutAccountInputSchema, payoutAnswerSchema, payoutRequestSchema } from '@parkly/shared/earnings';
import { currentUser } from '../../plugins/auth';
import { getEarnings, requestPayout, savePayoutAccount, type EarningsDeps } from './earnings.service';

const tags = ['earnings'];
const security = [{ bearer: [] }];

export function earningsDeps(app: FastifyInstance): EarningsDeps {
  return { db: app.db, currency: app.config.CURRENCY, publicUrl: app.config.publicUrl };
}

/** A host's earnings and payouts: all behind requireAuth, and 403 for anyone who is not a host. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = earningsDeps(app);
  app.addHook('onRequest', app.requireAuth);

  app.get('/host/earnings', { schema: { tags, security, response: { 200: earningsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getEarnings(deps, currentUser(request)) };
  });

  app.put('/host/payout-account', { schema: { tags, security, body: payoutAccountInputSchema, response: { 200: payoutAccountAnswerSchema } } }, async (request) => ({
    result: await savePayoutAccount(deps, currentUser(request), request.body),
  }));

  app.post('/host/payouts', { schema: { tags, security, body: payoutRequestSchema, response: { 201: payoutAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await requestPayout(deps, currentUser(request), request.body ?? {}) }),
  );
};
