import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSupportAnswerSchema,
  adminSupportListAnswerSchema,
  adminSupportParamsSchema,
  adminSupportQuerySchema,
  adminSupportReplySchema,
  adminSupportResolveSchema,
} from '@parkly/shared/admin-support';
import { adminActor } from '../admin-audit';
import { getSupportItem, listSupport, reopenSupport, replyToSupport, resolveSupport } from './admin-support.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = adminSupportParamsSchema;
const answer = { 200: adminSupportAnswerSchema };

/** The support inbox: contact-form messages and the questions the bot could not answer (kind = contact | bot). */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/support', { schema: { tags, security, querystring: adminSupportQuerySchema, response: { 200: adminSupportListAnswerSchema } } }, async (request) =>
    listSupport(app.db, request.query),
  );

  app.get('/support/:kind/:id', { schema: { tags, security, params, response: answer } }, async (request) => ({
    result: await getSupportItem(app.db, request.params.kind, request.params.id),
  }));

  app.post('/support/:kind/:id/reply', { schema: { tags, security, params, body: adminSupportReplySchema, response: answer } }, async (request) => ({
    result: await replyToSupport(app.db, adminActor(request), request.params.kind, request.params.id, request.body.reply, { supportEmail: app.config.SUPPORT_EMAIL }),
  }));

  app.post('/support/:kind/:id/resolve', { schema: { tags, security, params, body: adminSupportResolveSchema, response: answer } }, async (request) => ({
    result: await resolveSupport(app.db, adminActor(request), request.params.kind, request.params.id, request.body.note),
  }));

  app.post('/support/:kind/:id/reopen', { schema: { tags, security, params, response: answer } }, async (request) => ({
    result: await reopenSupport(app.db, adminActor(request), request.params.kind, request.params.id),
  }));
};
