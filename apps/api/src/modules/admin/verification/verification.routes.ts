import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdDocumentAnswerSchema, adminIdQueueAnswerSchema, adminIdQueueQuerySchema, adminIdRejectSchema } from '@parkly/shared/admin-verification';
import { adminActor } from '../admin-audit';
import { idDocument, idQueue, readIdDocument, reviewIdDocument } from './verification.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
/** Any text: an id that is not a UUID is answered 404 like an unknown one. */
const params = z.object({ id: z.string() });
const answer = { 200: adminIdDocumentAnswerSchema };

/** ID checks: the queue of government IDs, a document's facts and file, and the decision on it. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, publicUrl: app.config.publicUrl };

  app.get('/verification', { schema: { tags, security, querystring: adminIdQueueQuerySchema, response: { 200: adminIdQueueAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return idQueue(app.db, request.query);
  });

  app.get('/verification/:id', { schema: { tags, security, params, response: answer } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await idDocument(app.db, request.params.id) };
  });

  // the file, streamed from private storage to the admin only; shown inline, never cached, never sniffed
  app.get(
    '/verification/:id/document',
    { schema: { tags, security, params, description: 'The ID document itself (JPEG, PNG, WebP or PDF), inline.' } },
    async (request, reply) => {
      const file = await readIdDocument(app.db, app.storage, adminActor(request), request.params.id);
      return reply
        .type(file.mimeType)
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post('/verification/:id/approve', { schema: { tags, security, params, response: answer } }, async (request) => ({
    result: await reviewIdDocument(deps, adminActor(request), request.params.id, { status: 'approved' }),
  }));

  app.post('/verification/:id/reject', { schema: { tags, security, params, body: adminIdRejectSchema, response: answer } }, async (request) => ({
    result: await reviewIdDocument(deps, adminActor(request), request.params.id, { status: 'rejected', reason: request.body.reason }),
  }));
};
