import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListingAnswerSchema,
  adminListingReasonSchema,
  adminListingsAnswerSchema,
  adminListingsQuerySchema,
  adminReportResolvedAnswerSchema,
} from '@parkly/shared/admin-listings';
import { adminActor } from '../admin-audit';
import { listingDetail, moderateListing, resolveListingReport, searchListings } from './admin-listings.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
/** Any text: an id that is not a UUID is answered 404 like an unknown one. */
const params = z.object({ id: z.string() });
const answer = { 200: adminListingAnswerSchema };

/** Listing moderation: search, one listing with its open reports, suspend/reinstate, approve/reject, resolve a report. */
export const adminListingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (key: string) => app.storage.publicPath(key);
  const deps = { db: app.db, urlOf, publicUrl: app.config.publicUrl };

  app.get('/listings', { schema: { tags, security, querystring: adminListingsQuerySchema, response: { 200: adminListingsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return searchListings(app.db, urlOf, request.query);
  });

  app.get('/listings/:id', { schema: { tags, security, params, response: answer } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await listingDetail(app.db, urlOf, request.params.id) };
  });

  app.post('/listings/:id/suspend', { schema: { tags, security, params, body: adminListingReasonSchema, response: answer } }, async (request) => ({
    result: await moderateListing(deps, adminActor(request), request.params.id, { action: 'suspend', reason: request.body.reason }),
  }));

  app.post('/listings/:id/reinstate', { schema: { tags, security, params, response: answer } }, async (request) => ({
    result: await moderateListing(deps, adminActor(request), request.params.id, { action: 'reinstate' }),
  }));

  app.post('/listings/:id/approve', { schema: { tags, security, params, response: answer } }, async (request) => ({
    result: await moderateListing(deps, adminActor(request), request.params.id, { action: 'approve' }),
  }));

  app.post('/listings/:id/reject', { schema: { tags, security, params, body: adminListingReasonSchema, response: answer } }, async (request) => ({
    result: await moderateListing(deps, adminActor(request), request.params.id, { action: 'reject', reason: request.body.reason }),
  }));

  app.post('/listing-reports/:id/resolve', { schema: { tags, security, params, response: { 200: adminReportResolvedAnswerSchema } } }, async (request) => ({
    result: await resolveListingReport(app.db, adminActor(request), request.params.id),
  }));
};
