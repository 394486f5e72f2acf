import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../db/migrate';
import { AppError } from '../../lib/app-error';

const tags = ['system'];

/**
 * `health` says the process and its database answer (liveness); `ready` says this instance should get
 * traffic: the database answers, every migration this code expects has been applied (not while one
 * runs, nor when the code is newer than the schema), and the server is not shutting down: from the
 * first moment of a drain (plugins/shutdown.ts), while it still serves requests.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
    try {
      await app.db.query('SELECT 1');
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    return { status: 'ok' as const };
  });

  app.get('/ready', { schema: { tags, response: { 200: z.object({ status: z.literal('ready') }) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.shutdown.draining) throw new AppError('UNAVAILABLE', 'This instance is shutting down');
    let pending: string[];
    try {
      pending = await pendingMigrations(app.db);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    if (pending.length) throw new AppError('UNAVAILABLE', 'The database schema is being updated');
    return { status: 'ready' as const };
  });
};
