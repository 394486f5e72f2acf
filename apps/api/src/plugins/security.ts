import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP is strict (self only) and is what the built app needs: scripts and styles
 * from our origin, images from our origin, data: and blob: (previews) and the map tile host,
 * connections to our API and WebSocket. CORS stays off: the app and the API share one origin.
 */
async function securityPlugin(app: FastifyInstance, opts: { tileUrl: string }) {
  const tileOrigin = safeOrigin(opts.tileUrl);
  const tileHosts = tileOrigin ? [tileOrigin, tileOrigin.replace('://tile.', '://*.tile.')] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

function safeOrigin(template: string): string | null {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, 'a')).origin.replace('://a.', '://*.');
  } catch {
    return null;
  }
}

export default fp(securityPlugin, { name: 'security' });
