import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** the graceful shutdown's first step (startup/shutdown.ts; docs/decisions/017-graceful-drain.md) */
    shutdown: Shutdown;
  }
}

export interface Shutdown {
  /** true from the start of the drain (or of close): /ready answers 503 */
  readonly draining: boolean;
  /** Starts the drain: readiness turns 503 at once, requests are still served, each answer ends its connection. */
  beginDrain(): void;
}

/**
 * Draining: the instance still serves every request, but /ready answers 503 (a load balancer that
 * checks it stops sending new traffic) and every answer carries `Connection: close`, so no keep-alive
 * connection to this instance is left for the proxy to reuse when the listener closes at the end of the
 * window (a request written on a connection the server is closing fails, and a proxy never retries a
 * POST it has sent).
 */
async function shutdownPlugin(app: FastifyInstance) {
  let draining = false;
  const shutdown: Shutdown = {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
  app.decorate('shutdown', shutdown);
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
  // a close without a drain (tests, a start that failed) is not ready either
  app.addHook('preClose', async () => {
    draining = true;
  });
}

export default fp(shutdownPlugin, { name: 'shutdown' });
