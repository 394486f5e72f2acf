import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { ErrorBody } from '@parkly/shared/errors';
import { registerAppMetrics } from '../modules/metrics/app-metrics';
import { bearerTokenChecker } from '../modules/metrics/bearer-token';
import { httpDurationHistogram } from '../modules/metrics/http-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** this app's metrics (null when they are off): tests build many apps in one process, so never the global registry */
      registry: Registry | null;
      /** the listener of its own when METRICS_PORT is set (serves only /metrics); server.ts starts it with listen() */
      listener: FastifyInstance | null;
      listen(): Promise<void>;
    };
  }
}

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics, never public: on a listener of their own (METRICS_PORT, on METRICS_HOST) and/or
 * at GET /metrics on the main port with `Authorization: Bearer <METRICS_TOKEN>`. With neither, nothing
 * is measured and /metrics on the main port is the JSON 404 of any unknown path.
 */
async function metricsPlugin(app: FastifyInstance) {
  const settings = app.config.metrics;
  if (!settings) {
    app.get(METRICS_PATH, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    app.decorate('metrics', { registry: null, listener: null, listen: async () => undefined });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = httpDurationHistogram(registry);
  app.addHook('onResponse', async (request, reply) => {
    // the route's template, never the address asked for: label values stay few whatever is requested
    http.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const stop = registerAppMetrics(registry, { db: app.db, sockets: () => app.realtime.size, log: app.log });

  const scrape = async (reply: FastifyReply) => {
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  };

  const tokenMatches = settings.token === null ? null : bearerTokenChecker(settings.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches) return reply.callNotFound();
    if (!tokenMatches(request.headers.authorization)) {
      const body: ErrorBody = { message: 'Unauthenticated', code: 'UNAUTHENTICATED' };
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send(body);
    }
    return scrape(reply);
  });

  const listener = settings.listen ? metricsListener(app, scrape) : null;
  app.decorate('metrics', {
    registry,
    listener,
    listen: async () => {
      if (listener && settings.listen) await listener.listen({ port: settings.listen.port, host: settings.listen.host });
    },
  });
  app.addHook('onClose', async () => {
    stop();
    await listener?.close();
  });
}

/** A second server that answers /metrics and nothing else (meant for a private address or port). */
function metricsListener(app: FastifyInstance, scrape: (reply: FastifyReply) => Promise<FastifyReply>) {
  const listener = Fastify({ loggerInstance: app.log.child({ listener: 'metrics' }), disableRequestLogging: true });
  listener.get(METRICS_PATH, (_request, reply) => scrape(reply));
  listener.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ErrorBody));
  listener.setErrorHandler((err, request, reply) => {
    request.log.error({ err }, 'metrics could not be collected');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorBody);
  });
  return listener;
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['db', 'realtime'] });
