import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMITS, type SearchAnswer, searchAnswerSchema, searchQuerySchema, typeCountsAnswerSchema } from '@parkly/shared/search';
import { compiledResponse, compileSerializer } from '../../lib/compiled-serializer';
import { SearchCache, searchCacheKey, sharedRead } from './search-cache';
import { readSearchVersion } from './search.repository';
import { search, typeCounts } from './search.service';

const tags = ['search'];
const answerSchema = compiledResponse(searchAnswerSchema);

/** The public search calls: no session needed, nothing private in any answer. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);
  const guestFeePercent = app.config.GUEST_FEE_PERCENT;
  // answers of searches without a time window, each valid while the search version it was read at holds
  const cache = new SearchCache();
  const serialize = compileSerializer(searchAnswerSchema);
  const searchVersion = sharedRead(() => readSearchVersion(app.db));

  app.get(
    '/parkings/search',
    {
      schema: {
        tags,
        description:
          'Live listings around a point (lat, lng, radius_km) or inside a map view (bbox), nearest first or by price or rating. ' +
          'With start and end, only listings free for the whole window, each with its price for it (service fee included); ' +
          'without them, price filters and sorting use the price of one hour. ' +
          'With vehicle_type=motorcycle, a free two-wheeler bay of a unit is enough, and the price and the rates are what a two-wheeler pays. ' +
          `total counts the matches up to ${SEARCH_LIMITS.countCap}; past that it is ${SEARCH_LIMITS.countCap} with total_capped true.`,
        querystring: searchQuerySchema,
        response: { 200: answerSchema },
      },
    },
    async (request, reply) => {
      const key = searchCacheKey(request.query);
      if (key === null) return search(app.db, urlOf, request.query, { guestFeePercent });
      // read after the request arrived and before the search runs: the answer is stored under a version
      // it can be no older than
      const version = await searchVersion();
      let body = cache.get(key, version);
      if (body === undefined) {
        body = serialize(await search(app.db, urlOf, request.query, { guestFeePercent }));
        cache.set(key, version, body);
      }
      // already written by the same compiled serializer: Fastify sends a string with a JSON type as it is
      return reply.type('application/json; charset=utf-8').send(body as unknown as SearchAnswer);
    },
  );

  app.get('/parkings/types', { schema: { tags, response: { 200: compiledResponse(typeCountsAnswerSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { result: await typeCounts(app.db, urlOf) };
  });
};
