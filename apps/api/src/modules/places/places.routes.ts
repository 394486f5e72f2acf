import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesAnswerSchema, placesQuerySchema } from '@parkly/shared/places';
import { searchPlacesAndListings } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    { schema: { tags: ['places'], querystring: placesQuerySchema, response: { 200: placesAnswerSchema } } },
    async (request, reply) => {
      // short: the localities of newly published listings should show up soon
      reply.header('cache-control', 'public, max-age=600');
      return { result: await searchPlacesAndListings(app.db, request.query.q, request.query.limit) };
    },
  );
};
