import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesAnswerSchema, placesQuerySchema } from '@parkly/shared/places';
import { nominatimGeocoder } from './geocoder';
import { searchPlacesAndListings } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocode = app.config.GEOCODER_URL
    ? nominatimGeocoder(app.config.GEOCODER_URL, { userAgent: `Parkly (${app.config.publicUrl})` })
    : undefined;
  app.get(
    '/places',
    { schema: { tags: ['places'], querystring: placesQuerySchema, response: { 200: placesAnswerSchema } } },
    async (request, reply) => {
      // short: the localities of newly published listings should show up soon
      reply.header('cache-control', 'public, max-age=600');
      return { result: await searchPlacesAndListings(app.db, request.query.q, request.query.limit, geocode) };
    },
  );
};
