import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blackoutInputSchema,
  listingBlackoutAnswerSchema,
  listingBlackoutsAnswerSchema,
  listingUnitAnswerSchema,
  listingUnitsAnswerSchema,
  unitInputSchema,
} from '@parkly/shared/listings';
import { listingActor } from './listing-audit';
import { addBlackout, listBlackouts, removeBlackout } from './blackouts.service';
import { addUnit, listUnits, removeUnit } from './units.service';

const tags = ['listings'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });

/** Behind requireAuth (registered by listingsRoutes). */
export const unitsAndBlackoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/parkings/:id/units', { schema: { tags, security, params, response: { 200: listingUnitsAnswerSchema } } }, async (request) => ({
    result: await listUnits(app.db, listingActor(request), request.params.id),
  }));

  app.post(
    '/parkings/:id/units',
    { schema: { tags, security, params, body: unitInputSchema, response: { 201: listingUnitAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ result: await addUnit(app.db, listingActor(request), request.params.id, request.body.label) }),
  );

  app.delete(
    '/parkings/:id/units/:unitId',
    { schema: { tags, security, params: z.object({ id: z.string(), unitId: z.string() }), response: { 200: listingUnitsAnswerSchema } } },
    async (request) => ({ result: await removeUnit(app.db, listingActor(request), request.params.id, request.params.unitId) }),
  );

  app.get('/parkings/:id/blackouts', { schema: { tags, security, params, response: { 200: listingBlackoutsAnswerSchema } } }, async (request) => ({
    result: await listBlackouts(app.db, listingActor(request), request.params.id),
  }));

  app.post(
    '/parkings/:id/blackouts',
    { schema: { tags, security, params, body: blackoutInputSchema, response: { 201: listingBlackoutAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ result: await addBlackout(app.db, listingActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/parkings/:id/blackouts/:blackoutId',
    { schema: { tags, security, params: z.object({ id: z.string(), blackoutId: z.string() }), response: { 200: listingBlackoutsAnswerSchema } } },
    async (request) => ({ result: await removeBlackout(app.db, listingActor(request), request.params.id, request.params.blackoutId) }),
  );
};
