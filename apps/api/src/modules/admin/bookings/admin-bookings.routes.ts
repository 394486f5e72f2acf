import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingAnswerSchema,
  adminBookingIdParamsSchema,
  adminBookingsAnswerSchema,
  adminBookingsQuerySchema,
  adminRefundInputSchema,
} from '@parkly/shared/admin-bookings';
import { bookingDeps } from '../../bookings/bookings.routes';
import { adminActor } from '../admin-audit';
import { getBookingDetail, refundBooking, searchBookings } from './admin-bookings.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = adminBookingIdParamsSchema;

/** GET admin/bookings, GET admin/bookings/:id, POST admin/bookings/:id/refund. */
export const adminBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = bookingDeps(app);

  app.get('/bookings', { schema: { tags, security, querystring: adminBookingsQuerySchema, response: { 200: adminBookingsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return searchBookings(app.db, request.query);
  });

  app.get('/bookings/:id', { schema: { tags, security, params, response: { 200: adminBookingAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await getBookingDetail(app.db, request.params.id) };
  });

  app.post('/bookings/:id/refund', { schema: { tags, security, params, body: adminRefundInputSchema, response: { 200: adminBookingAnswerSchema } } }, async (request) => ({
    result: await refundBooking(deps, adminActor(request), request.params.id, request.body),
  }));
};
