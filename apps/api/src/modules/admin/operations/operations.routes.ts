import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminHealthAnswerSchema } from '@parkly/shared/admin';
import { getHealth } from './operations.service';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags, security, response: { 200: adminHealthAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getHealth(app.db, app.realtime.size) };
  });
};
