import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMITS, searchAnswerSchema, searchQuerySchema, typeCountsAnswerSchema } from '@parkly/shared/search';
import { search, typeCounts } from './search.service';

const tags = ['search'];

/** The public search calls: no session needed, nothing private in any answer. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);
  const guestFeePercent = app.config.GUEST_FEE_PERCENT;

  app.get(
    '/parkings/search',
    {
      schema: {
        tags,
        description:
          'Live listings around a point (lat, lng, radius_km) or inside a map view (bbox), nearest first or by price or rating. ' +
          'With start and end, only listings free for the whole window, each with its price for it (service fee included); ' +
          'without them, price filters and sorting use the price of one hour. ' +
          `total counts the matches up to ${SEARCH_LIMITS.countCap}; past that it is ${SEARCH_LIMITS.countCap} with total_capped true.`,
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => search(app.db, urlOf, request.query, { guestFeePercent }),
  );

  app.get('/parkings/types', { schema: { tags, response: { 200: typeCountsAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { result: await typeCounts(app.db, urlOf) };
  });
};
