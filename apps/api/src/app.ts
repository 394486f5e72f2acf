import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, MAX_UPLOAD_BYTES } from '@parkly/shared/constants';
import { REALTIME_CLOSE } from '@parkly/shared/realtime';
import type { ErrorBody } from '@parkly/shared/errors';
import type { Config } from './config';
import type { Database } from './db/database';
import { serializerCompiler } from './lib/compiled-serializer';
import { WEB_DIST_DIR, WEB_RENDERER_FILE } from './lib/paths';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { startBookingJobs } from './modules/bookings/booking-jobs';
import { bookingDeps, bookingsRoutes } from './modules/bookings/bookings.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { contentRoutes } from './modules/content/content.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { healthRoutes } from './modules/health/health.routes';
import { hostBookingsRoutes } from './modules/host-bookings/host-bookings.routes';
import { gateRoutes } from './modules/gate/gate.routes';
import { hostsRoutes } from './modules/hosts/hosts.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { paymentMethodsRoutes } from './modules/payments/payment-methods.routes';
import type { PaymentProvider } from './modules/payments/provider';
import { razorpayWebhookRoutes } from './modules/payments/razorpay-webhook.routes';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { placesRoutes } from './modules/places/places.routes';
import { pushRoutes } from './modules/push/push.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { searchRoutes } from './modules/search/search.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { supportRoutes } from './modules/support/support.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { taxIdentityRoutes } from './modules/tax-identity/tax-identity.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import mailPlugin from './plugins/mail';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import paymentsPlugin from './plugins/payments';
import payoutsPlugin from './plugins/payouts';
import pushPlugin from './plugins/push';
import razorpayReconcilePlugin from './plugins/razorpay-reconcile';
import rateLimitPlugin from './plugins/rate-limit';
import realtimePlugin from './plugins/realtime';
import { s3Storage } from './plugins/s3-storage';
import securityPlugin from './plugins/security';
import shutdownPlugin from './plugins/shutdown';
import storagePlugin, { localStorage, type Storage } from './plugins/storage';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** the card payment provider (tests give a fake); the simulated one by default */
  paymentProvider?: PaymentProvider;
  /** Start background workers (mail outbox, push outbox sweep, booking lifecycle job). The server does; tests do not. */
  workers?: boolean;
  webDistDir?: string;
  /** the web app's server renderer (apps/web/dist-ssr/entry-server.js with the default web folder) */
  rendererFile?: string;
}

/** Where files go: the S3-compatible bucket when S3_BUCKET is set, DATA_DIR on local disk otherwise. */
export function storageFromConfig(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage({ publicDir: config.uploadsDir, privateDir: config.privateDir });
}

/** Builds the whole app: external plugins, then app plugins, then routes. Tests call this with inject(). */
export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    forceCloseConnections: 'idle',
    // a request that reaches a closing instance (on a connection opened before) is served, not
    // answered 503: the drain (startup/shutdown.ts) has moved the traffic away by then
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // a malformed address (bad percent-encoding) or an over-long one (414) is answered in the API's error shape
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.statusCode === 414;
      const body: ErrorBody = { message: tooLong ? 'The address is too long' : 'The address is not valid', code: 'BAD_REQUEST' };
      void reply.code(tooLong ? 414 : 400).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // zod's for most routes; a compiled one for the hot reads whose schema is marked compiledResponse
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // external
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { tileUrl: config.MAP_TILE_URL });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } });
  await app.register(openapiPlugin);
  // the realtime socket's frames are small JSON (resume, pong)
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // at close, every socket is told the instance is restarting (1012): its client reconnects, through
    // the load balancer to another instance, and resumes from its last event (the plugin's own close
    // sends no code)
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(REALTIME_CLOSE.restart, 'server restarting');
      this.websocketServer.close();
      done();
    },
  });

  // app
  await app.register(shutdownPlugin);
  await app.register(dbPlugin, { db: opts.db });
  await app.register(rateLimitPlugin, { enabled: config.RATE_LIMITS });
  await app.register(authPlugin);
  const storage = opts.storage ?? storageFromConfig(config);
  await app.register(storagePlugin, { storage });
  await app.register(mailPlugin, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, worker: opts.workers ?? false });
  await app.register(paymentsPlugin, { provider: opts.paymentProvider });
  await app.register(realtimePlugin, { workers: opts.workers ?? false });
  await app.register(pushPlugin, { workers: opts.workers ?? false });
  await app.register(payoutsPlugin, { workers: opts.workers ?? false });
  await app.register(razorpayReconcilePlugin, { workers: opts.workers ?? false });
  // after the plugins it reads (db, realtime), before the routes its timing hook must cover
  await app.register(metricsPlugin);

  // routes
  const api = { prefix: API_BASE };
  await app.register(healthRoutes, api);
  await app.register(settingsRoutes, api);
  await app.register(accountsRoutes, api);
  await app.register(hostsRoutes, api);
  await app.register(notificationsRoutes, api);
  await app.register(pushRoutes, api);
  await app.register(realtimeRoutes, api);
  await app.register(contentRoutes, api);
  await app.register(supportRoutes, api);
  await app.register(placesRoutes, api);
  await app.register(favoritesRoutes, api);
  await app.register(searchRoutes, api);
  await app.register(listingsRoutes, api);
  await app.register(bookingsRoutes, api);
  await app.register(earningsRoutes, api);
  await app.register(taxIdentityRoutes, api);
  await app.register(statementsRoutes, api);
  await app.register(reviewsRoutes, api);
  await app.register(hostBookingsRoutes, api);
  await app.register(gateRoutes, api);
  await app.register(vehiclesRoutes, api);
  await app.register(paymentMethodsRoutes, api);
  await app.register(chatRoutes, api);
  await app.register(stripeWebhookRoutes, api);
  await app.register(razorpayWebhookRoutes, api);
  await app.register(adminRoutes, { prefix: `${API_BASE}/admin` });
  if (opts.workers) startBookingJobs(app, bookingDeps(app));

  await app.register(webPlugin, {
    storage,
    webDistDir: opts.webDistDir ?? WEB_DIST_DIR,
    // tests that give their own web folder render in the browser only, unless they give a renderer too
    rendererFile: opts.webDistDir ? opts.rendererFile : WEB_RENDERER_FILE,
    timeZone: config.DEFAULT_TIMEZONE,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
