import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardAnswerSchema } from '@parkly/shared/admin';
import { getDashboard } from './dashboard.service';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { schema: { tags, security, response: { 200: adminDashboardAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getDashboard(app.db, { zone: app.config.DEFAULT_TIMEZONE, currency: app.config.CURRENCY }) };
  });
};
