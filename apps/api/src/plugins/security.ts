import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP is strict (self only) and is what the built app needs: scripts and styles
 * from our origin, images from our origin, data: and blob: (previews) and the map tile host,
 * connections to our API and our own WebSocket; with the Stripe driver, Stripe.js's hosts too. CORS stays off: the app and the API share one origin.
 */
async function securityPlugin(app: FastifyInstance, opts: { tileUrl: string }) {
  const tileOrigin = safeOrigin(opts.tileUrl);
  const tileHosts = tileOrigin ? [tileOrigin, tileOrigin.replace('://tile.', '://*.tile.')] : [];
  // Stripe Elements (script, card iframes, 3-D Secure frames on hooks.stripe.com), only with the Stripe driver
  const stripe = app.config.paymentProvider === 'stripe';
  const on = (hosts: string[]) => (stripe ? hosts : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...on(STRIPE.scripts)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts, ...on(STRIPE.images)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin(app.config.publicUrl), ...on(STRIPE.connect)],
        ...(stripe && { frameSrc: ["'self'", ...STRIPE.frames] }),
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

/** The hosts Stripe.js needs (Stripe's CSP guide). */
const STRIPE = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  images: ['https://*.stripe.com'],
};

/**
 * The realtime socket's origin: PUBLIC_URL's, as ws: or wss:. 'self' covers it in browsers that
 * follow CSP level 3; naming it keeps the others working without opening connect-src to every ws: host.
 */
function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
}

function safeOrigin(template: string): string | null {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, 'a')).origin.replace('://a.', '://*.');
  } catch {
    return null;
  }
}

export default fp(securityPlugin, { name: 'security' });
