import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxIdentityAnswerSchema, taxIdentityInputSchema } from '@parkly/shared/tax-identity';
import { currentUser } from '../../plugins/auth';
import type { TaxRole } from './tax-identity.repository';
import { getTaxIdentity, removeTaxIdentity, saveTaxIdentity } from './tax-identity.service';

const tags = ['tax-identity'];
const security = [{ bearer: [] }];
const response = { 200: taxIdentityAnswerSchema };

/** The host's (host/tax-identity, 403 to anyone not a host) and the driver's (profile/tax-identity) GSTIN. */
export const taxIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);
  const paths: [string, TaxRole][] = [
    ['/host/tax-identity', 'host'],
    ['/profile/tax-identity', 'driver'],
  ];
  for (const [path, role] of paths) {
    app.get(path, { schema: { tags, security, response } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { result: await getTaxIdentity(app.db, currentUser(request).id, role) };
    });
    app.put(path, { schema: { tags, security, body: taxIdentityInputSchema, response } }, async (request) => ({
      result: await saveTaxIdentity(app.db, currentUser(request).id, role, request.body),
    }));
    app.delete(path, { schema: { tags, security, response } }, async (request) => ({ result: await removeTaxIdentity(app.db, currentUser(request).id, role) }));
  }
};
