import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBlogAnswerSchema,
  adminBlogInputSchema,
  adminBlogListAnswerSchema,
  adminBlogQuerySchema,
  adminDeletedAnswerSchema,
  adminFaqAnswerSchema,
  adminFaqInputSchema,
  adminFaqListAnswerSchema,
  adminFaqOrderSchema,
  adminIdParamsSchema,
  adminPageAnswerSchema,
  adminPageParamsSchema,
  adminPageUpdateSchema,
} from '@parkly/shared/admin-content';
import { readUploadedFile } from '../../../lib/uploads';
import { adminActor } from '../admin-audit';
import * as content from './admin-content.service';
import { removeBlogCover, removeOwnCover, setBlogCover } from './blog-cover.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = adminIdParamsSchema;

/**
 * The pages' text, the FAQ and the blog, behind the admin gate (admin.routes.ts). The public calls
 * (modules/content) read the tables on every request, so a change shows on the site at once.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // pages ------------------------------------------------------------------------------------
  app.get('/pages/:page', { schema: { tags, security, params: adminPageParamsSchema, response: { 200: adminPageAnswerSchema } } }, async (request) => ({
    result: await content.getAdminPage(app.db, request.params.page),
  }));

  app.put(
    '/pages/:page',
    { schema: { tags, security, params: adminPageParamsSchema, body: adminPageUpdateSchema, response: { 200: adminPageAnswerSchema } } },
    async (request) => ({ result: await content.updateAdminPage(app.db, adminActor(request), request.params.page, request.body.entries) }),
  );

  // FAQ --------------------------------------------------------------------------------------
  app.get('/faqs', { schema: { tags, security, response: { 200: adminFaqListAnswerSchema } } }, async () => ({ result: await content.listAdminFaqs(app.db) }));

  app.post('/faqs', { schema: { tags, security, body: adminFaqInputSchema, response: { 201: adminFaqAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await content.createFaq(app.db, adminActor(request), request.body) }),
  );

  // before /faqs/:id so 'order' is never read as an id
  app.put('/faqs/order', { schema: { tags, security, body: adminFaqOrderSchema, response: { 200: adminFaqListAnswerSchema } } }, async (request) => ({
    result: await content.reorderFaqs(app.db, adminActor(request), request.body.category, request.body.ids),
  }));

  app.put('/faqs/:id', { schema: { tags, security, params, body: adminFaqInputSchema, response: { 200: adminFaqAnswerSchema } } }, async (request) => ({
    result: await content.updateFaq(app.db, adminActor(request), request.params.id, request.body),
  }));

  app.delete('/faqs/:id', { schema: { tags, security, params, response: { 200: adminDeletedAnswerSchema } } }, async (request) => ({
    result: await content.deleteFaq(app.db, adminActor(request), request.params.id),
  }));

  // blogs ------------------------------------------------------------------------------------
  app.get('/blogs', { schema: { tags, security, querystring: adminBlogQuerySchema, response: { 200: adminBlogListAnswerSchema } } }, async (request) =>
    content.listAdminBlogs(app.db, request.query),
  );

  app.post('/blogs', { schema: { tags, security, body: adminBlogInputSchema, response: { 201: adminBlogAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await content.createBlog(app.db, adminActor(request), request.body) }),
  );

  app.get('/blogs/:id', { schema: { tags, security, params, response: { 200: adminBlogAnswerSchema } } }, async (request) => ({
    result: await content.getAdminBlog(app.db, request.params.id),
  }));

  app.put('/blogs/:id', { schema: { tags, security, params, body: adminBlogInputSchema, response: { 200: adminBlogAnswerSchema } } }, async (request) => ({
    result: await content.updateBlog(app.db, adminActor(request), request.params.id, request.body),
  }));

  app.delete('/blogs/:id', { schema: { tags, security, params, response: { 200: adminDeletedAnswerSchema } } }, async (request) => {
    const { removed, result } = await content.deleteBlog(app.db, adminActor(request), request.params.id);
    await removeOwnCover(app.storage, removed.cover_image);
    return { result };
  });

  app.post('/blogs/:id/cover', { schema: { tags, security, params, consumes: ['multipart/form-data'], response: { 200: adminBlogAnswerSchema } } }, async (request) => ({
    result: await setBlogCover(app.db, app.storage, adminActor(request), request.params.id, () => readUploadedFile(request)),
  }));

  app.delete('/blogs/:id/cover', { schema: { tags, security, params, response: { 200: adminBlogAnswerSchema } } }, async (request) => ({
    result: await removeBlogCover(app.db, app.storage, adminActor(request), request.params.id),
  }));
};
