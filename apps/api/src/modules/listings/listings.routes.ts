import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createListingSchema,
  deletedListingAnswerSchema,
  listingSummariesAnswerSchema,
  managedListingAnswerSchema,
  publicListingAnswerSchema,
  updateListingSchema,
} from '@parkly/shared/listings';
import { compiledResponse } from '../../lib/compiled-serializer';
import { listingActor } from './listing-audit';
import { listingPhotosRoutes } from './listing-photos.routes';
import { listingReportRoutes } from './listing-reports.routes';
import { pauseListing, publishListing, resumeListing } from './listing-status.service';
import { createListing, deleteListing, hostListings, manageListing, publicListing, updateListing } from './listings.service';
import { unitsAndBlackoutsRoutes } from './units-and-blackouts.routes';

const tags = ['listings'];
const security = [{ bearer: [] }];
/** Any text: an id that is not a UUID is answered 404 like an unknown one. */
const params = z.object({ id: z.string() });
const managed = { 200: managedListingAnswerSchema };

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);

  app.get(
    '/parkings/:id',
    { onRequest: app.optionalAuth, schema: { tags, params, response: { 200: compiledResponse(publicListingAnswerSchema) } } },
    async (request) => ({ result: await publicListing(app.db, urlOf, request.params.id, request.user?.id ?? null) }),
  );

  await app.register(hostListingRoutes);
};

/** The host's calls, all behind requireAuth; the services check ownership of each listing. */
const hostListingRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);
  app.addHook('onRequest', app.requireAuth);

  app.post('/parkings', { schema: { tags, security, body: createListingSchema, response: { 201: managedListingAnswerSchema } } }, async (request, reply) => {
    const result = await createListing(app.db, urlOf, listingActor(request), request.body, app.config.CURRENCY);
    return reply.status(201).send({ result });
  });

  app.get('/parkings/mine', { schema: { tags, security, response: { 200: listingSummariesAnswerSchema } } }, async (request) => ({
    result: await hostListings(app.db, urlOf, listingActor(request)),
  }));

  app.get('/parkings/:id/manage', { schema: { tags, security, params, response: managed } }, async (request) => ({
    result: await manageListing(app.db, urlOf, listingActor(request), request.params.id),
  }));

  app.patch('/parkings/:id', { schema: { tags, security, params, body: updateListingSchema, response: managed } }, async (request) => ({
    result: await updateListing(app.db, urlOf, listingActor(request), request.params.id, request.body),
  }));

  app.delete('/parkings/:id', { schema: { tags, security, params, response: { 200: deletedListingAnswerSchema } } }, async (request) => ({
    result: await deleteListing(app.db, listingActor(request), request.params.id),
  }));

  app.post('/parkings/:id/publish', { schema: { tags, security, params, response: managed } }, async (request) => ({
    result: await publishListing(app.db, urlOf, listingActor(request), request.params.id),
  }));

  app.post('/parkings/:id/pause', { schema: { tags, security, params, response: managed } }, async (request) => ({
    result: await pauseListing(app.db, urlOf, listingActor(request), request.params.id),
  }));

  app.post('/parkings/:id/resume', { schema: { tags, security, params, response: managed } }, async (request) => ({
    result: await resumeListing(app.db, urlOf, listingActor(request), request.params.id),
  }));

  await app.register(listingPhotosRoutes);
  await app.register(unitsAndBlackoutsRoutes);
  await app.register(listingReportRoutes);
};
