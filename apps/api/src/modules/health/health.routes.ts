import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      try {
        await app.db.query('SELECT 1');
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const };
    },
  );
};
