import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerSchema,
  checkInSchema,
  gateAccountAnswerSchema,
  gateAccountInputSchema,
  gateAccountsAnswerSchema,
  gateKeyAnswerSchema,
  gateLookupAnswerSchema,
  gateLookupQuerySchema,
  gatePassAnswerSchema,
} from '@parkly/shared/gate-pass';
import { currentUser } from '../../plugins/auth';
import { bookingDeps } from '../bookings/bookings.routes';
import { addGateAccount, deleteGateAccount, gateAccounts } from './gate-accounts.service';
import { checkPass, getPass, lookUpPasses, type GateDeps } from './gate.service';
import { passKeys, publicJwk } from './pass-keys';

const tags = ['gate pass'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });
const deleted = z.object({ result: z.object({ id: z.string(), deleted: z.literal(true) }) });
/** the calls a gate account may make (plugins/auth.ts refuses it every other) */
const gate = { gate: true };

/** The gate pass: the driver's pass, the public key that checks it, the gate's check-in and check-out, gate accounts. */
export const gateRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = () => passKeys({ GATE_PASS_PRIVATE_KEY: app.config.GATE_PASS_PRIVATE_KEY, dataDir: app.config.dataDir });
  const deps: GateDeps = { db: app.db, keys, process: bookingDeps(app) };

  // public: a gate screen keeps it to check QR codes with no network
  app.get('/gate-pass-key', { schema: { tags, response: { 200: gateKeyAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { result: publicJwk(await keys()) };
  });

  app.get('/bookings/:id/pass', { onRequest: app.requireAuth, schema: { tags, security, params, response: { 200: gatePassAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { result: await getPass(deps, currentUser(request), request.params.id) };
  });

  for (const [path, event] of [
    ['/host/check-in', 'check_in'],
    ['/host/check-out', 'check_out'],
  ] as const) {
    app.post(path, { onRequest: app.requireAuth, config: gate, schema: { tags, security, body: checkInSchema, response: { 200: checkAnswerSchema } } }, async (request) => ({
      result: await checkPass(deps, currentUser(request), event, request.body),
    }));
  }

  app.get(
    '/host/gate-passes',
    { onRequest: app.requireAuth, config: gate, schema: { tags, security, querystring: gateLookupQuerySchema, response: { 200: gateLookupAnswerSchema } } },
    async (request) => ({ result: await lookUpPasses(deps, currentUser(request), request.query.q) }),
  );

  app.get('/host/gate-accounts', { onRequest: app.requireAuth, schema: { tags, security, response: { 200: gateAccountsAnswerSchema } } }, async (request) => ({
    result: await gateAccounts(app.db, currentUser(request)),
  }));

  app.post(
    '/host/gate-accounts',
    { onRequest: app.requireAuth, schema: { tags, security, body: gateAccountInputSchema, response: { 201: gateAccountAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ result: await addGateAccount(app.db, currentUser(request), request.body) }),
  );

  app.delete('/host/gate-accounts/:id', { onRequest: app.requireAuth, schema: { tags, security, params, response: { 200: deleted } } }, async (request) => ({
    result: await deleteGateAccount(app.db, currentUser(request), request.params.id),
  }));
};
