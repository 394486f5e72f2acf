import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../modules/payments/provider';
import { simulatedProvider } from '../modules/payments/simulated-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider every booking payment goes through. */
    payments: PaymentProvider;
  }
}

/**
 * The payment provider: the simulated one unless another is given (tests give theirs). The Stripe
 * driver is not in this build yet: with STRIPE_SECRET_KEY set the server says so and stays simulated.
 */
async function paymentsPlugin(app: FastifyInstance, opts: { provider?: PaymentProvider }) {
  if (!opts.provider && app.config.STRIPE_SECRET_KEY) {
    app.log.warn('STRIPE_SECRET_KEY is set, but this build has only the simulated payment provider: no real card is charged');
  }
  app.decorate('payments', opts.provider ?? simulatedProvider());
}

export default fp(paymentsPlugin, { name: 'payments' });
