import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP is strict (self only) and is what the built app needs: scripts and styles
 * from our origin, images from our origin, data: and blob: (previews) and the map tile host,
 * connections to our API and our own WebSocket; with the Stripe driver, Stripe.js's hosts too; with the
 * Razorpay driver, Checkout's (RAZORPAY_CHECKOUT_URL's origin). CORS stays off: the app and the API share one origin.
 */
async function securityPlugin(app: FastifyInstance, opts: { tileUrl: string }) {
  const tileOrigin = safeOrigin(opts.tileUrl);
  const tileHosts = tileOrigin ? [tileOrigin, tileOrigin.replace('://tile.', '://*.tile.')] : [];
  // Stripe Elements (script, card iframes, 3-D Secure frames on hooks.stripe.com), only with the Stripe driver
  const stripe = app.config.paymentProvider === 'stripe';
  // Razorpay Checkout (its script, its payment window's frames, its API calls), only with the Razorpay driver
  const razorpay = app.config.paymentProvider === 'razorpay' ? razorpayHosts(app.config.RAZORPAY_CHECKOUT_URL) : null;
  const frames = stripe ? STRIPE.frames : razorpay;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE.scripts : (razorpay ?? []))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts, ...(stripe ? STRIPE.images : (razorpay ?? []))],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin(app.config.publicUrl), ...(stripe ? STRIPE.connect : (razorpay ?? []))],
        ...(frames && { frameSrc: ["'self'", ...frames] }),
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
 * The origins Razorpay Checkout needs: RAZORPAY_CHECKOUT_URL's (a fake Razorpay's in tests and the local
 * demo) and, with Razorpay's own script, checkout.razorpay.com and api.razorpay.com (its window's frames
 * and calls).
 */
function razorpayHosts(checkoutUrl: string): string[] {
  const origin = new URL(checkoutUrl).origin;
  return origin === RAZORPAY.checkout ? [RAZORPAY.checkout, RAZORPAY.api] : [origin];
}

const RAZORPAY = { checkout: 'https://checkout.razorpay.com', api: 'https://api.razorpay.com' };

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
