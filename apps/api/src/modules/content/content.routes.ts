import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogAnswerSchema,
  blogListAnswerSchema,
  blogParamsSchema,
  faqListAnswerSchema,
  faqQuerySchema,
  pagesAnswerSchema,
  pagesRequestSchema,
} from '@parkly/shared/content';
import { getBlog, getPage, listBlogs, listFaqs } from './content.service';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST because the spec's client asks for a page this way (SPEC section 7)
  app.post('/pages', { schema: { tags, body: pagesRequestSchema, response: { 200: pagesAnswerSchema } } }, async (request) =>
    getPage(app.db, request.body.page_name),
  );

  app.get('/faqs', { schema: { tags, querystring: faqQuerySchema, response: { 200: faqListAnswerSchema } } }, async (request) => ({
    result: await listFaqs(app.db, request.query.q),
  }));

  app.get('/blogs', { schema: { tags, response: { 200: blogListAnswerSchema } } }, async () => ({ result: await listBlogs(app.db) }));

  app.get('/blogs/:slug', { schema: { tags, params: blogParamsSchema, response: { 200: blogAnswerSchema } } }, async (request) => ({
    result: await getBlog(app.db, request.params.slug),
  }));
};
