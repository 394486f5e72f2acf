import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteInputSchema, favoriteParamsSchema, favoritesAnswerSchema, favoriteStateAnswerSchema } from '@parkly/shared/favorites';
import { currentUser } from '../../plugins/auth';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

const tags = ['favorites'];
const security = [{ bearer: [] }];

/** The pinned favorites calls (DESIGN section 4): every one needs a signed-in user. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);
  app.addHook('onRequest', app.requireAuth);

  app.get('/favorites', { schema: { tags, security, response: { 200: favoritesAnswerSchema } } }, async (request) => ({
    result: await listFavorites(app.db, urlOf, currentUser(request).id),
  }));

  app.post(
    '/favorites',
    { schema: { tags, security, body: favoriteInputSchema, response: { 200: favoriteStateAnswerSchema, 201: favoriteStateAnswerSchema } } },
    async (request, reply) => {
      const { state, created } = await addFavorite(app.db, currentUser(request).id, request.body.parking_id);
      return reply.status(created ? 201 : 200).send({ result: state });
    },
  );

  app.delete(
    '/favorites/:parking_id',
    { schema: { tags, security, params: favoriteParamsSchema, response: { 200: favoriteStateAnswerSchema } } },
    async (request) => ({ result: await removeFavorite(app.db, currentUser(request).id, request.params.parking_id) }),
  );
};
