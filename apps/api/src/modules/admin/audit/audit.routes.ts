import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditAnswerSchema, adminAuditQuerySchema } from '@parkly/shared/admin-audit';
import { searchAudit } from './audit.service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** admin/audit: the searchable log of every admin action (and the account events users cause). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit', { schema: { tags, security, querystring: adminAuditQuerySchema, response: { 200: adminAuditAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return searchAudit(app.db, request.query);
  });
};
