import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOKING_LIMITS,
  bookingAnswerSchema,
  bookingListQuerySchema,
  bookingsAnswerSchema,
  busyAnswerSchema,
  busyQuerySchema,
  cancelBookingSchema,
  declineBookingSchema,
  giveNoticeSchema,
  invoiceQuerySchema,
  payBookingSchema,
  payPeriodSchema,
  periodParamsSchema,
  quoteAnswerSchema,
} from '@parkly/shared/bookings';
import { vehicleKindOf } from '@parkly/shared/pricing';
import { compiledResponse } from '../../lib/compiled-serializer';
import { badRequest } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { acceptBooking, busyPeriods, cancelBooking, createBooking, declineBooking, giveNotice, listBookings, viewBooking, type BookingDeps } from './bookings.service';
import { bookingDocumentsPdf } from '../invoices/booking-invoices';
import { payBooking } from './pay-booking.service';
import { payPeriod } from './period-pay.service';
import { quote } from './quote.service';
import { createExtension, extensionOptions, quoteExtension } from './extensions.service';
import { createBookingBodySchema, extensionOptionsAnswerSchema, quoteBodyQuerySchema } from '@parkly/shared/extensions';

const tags = ['bookings'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });
const booking = { 200: bookingAnswerSchema };
/** Paying is where stolen card numbers are tried: a bounded number of attempts per address. */
const PAY_LIMIT = { max: 30, timeWindow: 15 * 60 * 1000 };

export function bookingDeps(app: FastifyInstance): BookingDeps {
  return {
    db: app.db,
    provider: app.payments,
    fees: { guestFeePercent: app.config.GUEST_FEE_PERCENT, hostCommissionPercent: app.config.HOST_COMMISSION_PERCENT },
    publicUrl: app.config.publicUrl,
    urlOf: (key: string) => app.storage.publicPath(key),
    limits: app.config.RATE_LIMITS,
    gst: app.config.gst,
  };
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = bookingDeps(app);

  app.get(
    '/parkings/:id/quote',
    { onRequest: app.optionalAuth, schema: { tags, params, querystring: quoteBodyQuerySchema, response: { 200: compiledResponse(quoteAnswerSchema) } } },
    async (request) => {
      const q = request.query;
      // more time after a stay of the caller's (decision 039)
      if (q.extends_booking_id) {
        if (!q.end) throw badRequest('More time needs its end', { end: 'end is required: an ISO 8601 time with its offset' });
        return { result: await quoteExtension(app.db, request.user ?? null, { parking_id: request.params.id, start: q.start, end: q.end, extends_booking_id: q.extends_booking_id }, deps.fees) };
      }
      // a monthly pass has no end (decision 037)
      return { result: await quote(app.db, request.params.id, q.start, q.plan === 'monthly' ? undefined : q.end, request.user?.id ?? null, deps.fees, q.promo_code, q.vehicle_type) };
    },
  );

  app.get('/parkings/:id/busy', { schema: { tags, params, querystring: busyQuerySchema, response: { 200: compiledResponse(busyAnswerSchema) } } }, async (request) => ({
    result: await busyPeriods(app.db, request.params.id, request.query.from, request.query.days, vehicleKindOf(request.query.vehicle_type)),
  }));

  await app.register(guestAndHostRoutes);
};

/** Calls on bookings, all behind requireAuth; the services check whose booking it is. */
const guestAndHostRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = bookingDeps(app);
  app.addHook('onRequest', app.requireAuth);

  // a hold takes a space from everyone else for 15 minutes: per address first, then per driver once signed in
  app.post(
    '/bookings',
    {
      config: { rateLimit: BOOKING_LIMITS.createPerAddress },
      preHandler: app.perUserLimit('bookings.create', BOOKING_LIMITS.createPerUser, 'You have made many bookings in a short time.'),
      schema: { tags, security, body: createBookingBodySchema, response: { 201: bookingAnswerSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      // more time after a stay of the caller's (decision 039): a stay's window, never a monthly pass
      let made;
      if (body.extends_booking_id) {
        if (body.plan === 'monthly' || !body.end) throw badRequest('More time is a stay with its end', { end: 'end is required: an ISO 8601 time with its offset (more time is not a monthly pass)' });
        made = await createExtension(deps, currentUser(request), { ...body, end: body.end, extends_booking_id: body.extends_booking_id });
      } else made = await createBooking(deps, currentUser(request), body);
      return reply.status(201).send({ result: made });
    },
  );

  app.get('/bookings', { schema: { tags, security, querystring: bookingListQuerySchema, response: { 200: bookingsAnswerSchema } } }, async (request) =>
    listBookings(deps, currentUser(request), request.query),
  );

  // the next half-hour steps a confirmed stay can be extended by, with their prices (decision 039): its driver only
  app.get('/bookings/:id/extension-options', { schema: { tags, security, params, response: { 200: extensionOptionsAnswerSchema } } }, async (request) => ({
    result: await extensionOptions(deps, currentUser(request), request.params.id),
  }));

  app.get('/bookings/:id', { schema: { tags, security, params, response: booking } }, async (request) => ({
    result: await viewBooking(deps, currentUser(request), request.params.id),
  }));

  // the booking's GST documents as issued (decision 031): its guest, its host (or an admin); anyone else 404
  app.get(
    '/bookings/:id/invoice.pdf',
    { schema: { tags, security, params, querystring: invoiceQuerySchema, description: 'The booking’s invoices and credit notes, as one PDF; a monthly pass’s of one period (?period=n)' } },
    async (request, reply) => {
    const { pdf, fileName } = await bookingDocumentsPdf(app.db, currentUser(request), request.params.id, request.query.period);
    return reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`).type('application/pdf').send(pdf);
    },
  );

  // a monthly pass: its driver or its host gives notice (decision 037)
  app.post('/bookings/:id/notice', { schema: { tags, security, params, body: giveNoticeSchema, response: booking } }, async (request) => ({
    result: await giveNotice(deps, currentUser(request), request.params.id),
  }));

  app.post(
    '/bookings/:id/pay',
    { config: { rateLimit: PAY_LIMIT }, schema: { tags, security, params, body: payBookingSchema, response: booking } },
    async (request) => ({ result: await payBooking(deps, currentUser(request), request.params.id, request.body) }),
  );

  // a monthly pass's renewal that waits on its driver: they confirm it (decision 042)
  app.post(
    '/bookings/:id/periods/:n/pay',
    { config: { rateLimit: PAY_LIMIT }, schema: { tags, security, params: periodParamsSchema, body: payPeriodSchema, response: booking } },
    async (request) => ({ result: await payPeriod(deps, currentUser(request), request.params.id, request.params.n, request.body) }),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { rateLimit: BOOKING_LIMITS.cancelPerAddress },
      preHandler: app.perUserLimit('bookings.cancel', BOOKING_LIMITS.cancelPerUser, 'You have cancelled many bookings in a short time.'),
      schema: { tags, security, params, body: cancelBookingSchema, response: booking },
    },
    async (request) => ({ result: await cancelBooking(deps, currentUser(request), request.params.id, request.body?.reason, request.ip) }),
  );

  app.post('/bookings/:id/accept', { schema: { tags, security, params, response: booking } }, async (request) => ({
    result: await acceptBooking(deps, currentUser(request), request.params.id, request.ip),
  }));

  app.post('/bookings/:id/decline', { schema: { tags, security, params, body: declineBookingSchema, response: booking } }, async (request) => ({
    result: await declineBooking(deps, currentUser(request), request.params.id, request.body?.reason, request.ip),
  }));
};
