import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostBookingsAnswerSchema, hostBookingsExportQuerySchema, hostBookingsQuerySchema, hostDashboardAnswerSchema } from '@parkly/shared/host-bookings';
import { currentUser } from '../../plugins/auth';
import { assertHost, exportFileName, exportHostBookings, hostDashboard, listHostBookings, type HostBookingDeps } from './host-bookings.service';

const tags = ['host bookings'];
const security = [{ bearer: [] }];

/** The host's bookings, their CSV export and the dashboard: signed in (401), a host (403), their own listings only. */
export const hostBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: HostBookingDeps = { db: app.db, urlOf: (key: string) => app.storage.publicPath(key) };
  app.addHook('onRequest', app.requireAuth);
  // before the query is read, so a driver learns they are not a host rather than what a filter should be
  app.addHook('onRequest', async (request: FastifyRequest) => assertHost(app.db, currentUser(request)));

  app.get(
    '/host/bookings',
    { schema: { tags, security, querystring: hostBookingsQuerySchema, response: { 200: hostBookingsAnswerSchema } } },
    async (request) => listHostBookings(deps, currentUser(request), request.query),
  );

  app.get(
    '/host/bookings/export.csv',
    { schema: { tags, security, querystring: hostBookingsExportQuerySchema, produces: ['text/csv'] } },
    async (request, reply) => {
      const stream = await exportHostBookings(deps, currentUser(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .send(stream);
    },
  );

  app.get('/host/dashboard', { schema: { tags, security, response: { 200: hostDashboardAnswerSchema } } }, async (request) => ({
    result: await hostDashboard(deps, currentUser(request)),
  }));
};
