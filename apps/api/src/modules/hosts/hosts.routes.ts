import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { governmentIdAnswerSchema, governmentIdFileQuerySchema, governmentIdUploadAnswerSchema } from '@parkly/shared/accounts';
import { currentUser } from '../../plugins/auth';
import { ROUTE_LIMITS } from '../accounts/accounts.limits';
import { readUploadedFile } from '../../lib/uploads';
import { latestGovernmentId, readGovernmentIdFile, uploadGovernmentId } from './hosts.service';

const tags = ['hosts'];
const security = [{ bearer: [] }];

export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);

  app.post(
    '/upload_govt_id',
    {
      config: { rateLimit: ROUTE_LIMITS.upload },
      schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: governmentIdUploadAnswerSchema } },
    },
    async (request) => uploadGovernmentId(app.db, app.storage, currentUser(request).id, await readUploadedFile(request)),
  );

  app.get('/government-id', { schema: { tags, security, response: { 200: governmentIdAnswerSchema } } }, async (request) => ({
    result: await latestGovernmentId(app.db, currentUser(request).id),
  }));

  app.get('/government-id/file', { schema: { tags, security, querystring: governmentIdFileQuerySchema } }, async (request, reply) => {
    const viewer = currentUser(request);
    const file = await readGovernmentIdFile(app.db, app.storage, viewer, request.query.user_id ?? viewer.id, request.ip);
    return reply
      .type(file.mimeType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="government-id.${file.ext}"`)
      .send(file.body);
  });
};
