import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earningsAnswerSchema,
  payoutAccountAnswerSchema,
  payoutAccountInputSchema,
  payoutAnswerSchema,
  payoutRequestSchema,
  payoutScheduleAnswerSchema,
  payoutScheduleInputSchema,
} from '@parkly/shared/earnings';
import { currentUser } from '../../plugins/auth';
import { getEarnings, requestPayout, savePayoutAccount, savePayoutSchedule, type EarningsDeps } from './earnings.service';

const tags = ['earnings'];
/** Per address, as for a password change: the account's own lock (failed logins) is the one that counts. */
const PAYOUT_ACCOUNT_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };
const security = [{ bearer: [] }];

export function earningsDeps(app: FastifyInstance): EarningsDeps {
  return {
    db: app.db,
    currency: app.config.CURRENCY,
    publicUrl: app.config.publicUrl,
    timeZone: app.config.DEFAULT_TIMEZONE,
    supportEmail: app.config.SUPPORT_EMAIL,
    lockAccounts: app.config.RATE_LIMITS,
    paymentProvider: app.payments.name,
    razorpayx: app.payoutSender?.driver ?? null,
    onPayoutRequested: () => app.payoutSender?.kick(),
  };
}

/** A host's earnings and payouts: all behind requireAuth, and 403 for anyone who is not a host. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = earningsDeps(app);
  app.addHook('onRequest', app.requireAuth);

  app.get('/host/earnings', { schema: { tags, security, response: { 200: earningsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getEarnings(deps, currentUser(request)) };
  });

  app.put(
    '/host/payout-account',
    {
      config: { rateLimit: PAYOUT_ACCOUNT_LIMIT },
      schema: { tags, security, body: payoutAccountInputSchema, response: { 200: payoutAccountAnswerSchema } },
    },
    async (request) => ({ result: await savePayoutAccount(deps, currentUser(request), request.body, { ip: request.ip ?? null }) }),
  );

  app.put('/host/payout-schedule', { schema: { tags, security, body: payoutScheduleInputSchema, response: { 200: payoutScheduleAnswerSchema } } }, async (request) => ({
    result: await savePayoutSchedule(deps, currentUser(request), request.body),
  }));

  app.post('/host/payouts', { schema: { tags, security, body: payoutRequestSchema, response: { 201: payoutAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await requestPayout(deps, currentUser(request), request.body ?? {}) }),
  );
};
