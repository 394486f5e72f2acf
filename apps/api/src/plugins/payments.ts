import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProviderName } from '@parkly/shared/settings';
import type { Config } from '../config';
import type { PaymentProvider } from '../modules/payments/provider';
import { razorpayPaymentProvider } from '../modules/payments/razorpay-payments';
import { simulatedProvider } from '../modules/payments/simulated-provider';
import { stripeProvider } from '../modules/payments/stripe-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider every booking payment goes through. */
    payments: PaymentProvider;
  }
}

/** One driver per PAYMENT_PROVIDERS name; loadConfig has checked that the chosen one's keys are set. */
const DRIVERS: Record<PaymentProviderName, (c: Config) => PaymentProvider> = {
  simulated: () => simulatedProvider(),
  // STRIPE_API_BASE sends its calls elsewhere, e.g. to a fake Stripe
  stripe: (c) => stripeProvider({ secretKey: c.STRIPE_SECRET_KEY!, apiBase: c.STRIPE_API_BASE }),
  // RAZORPAY_API_URL sends the SDK's calls elsewhere, e.g. to a fake Razorpay
  razorpay: (c) =>
    razorpayPaymentProvider({ keyId: c.razorpay!.keyId, keySecret: c.razorpay!.keySecret, apiUrl: c.razorpay!.apiUrl, accountNumber: c.razorpay!.payoutAccountNumber ?? undefined }),
};

/** The payment provider: the one given (tests give theirs), else the driver config.paymentProvider names. */
async function paymentsPlugin(app: FastifyInstance, opts: { provider?: PaymentProvider }) {
  const c = app.config;
  const provider = opts.provider ?? DRIVERS[c.paymentProvider](c);
  if (provider.name === 'stripe') {
    if (!c.STRIPE_PUBLISHABLE_KEY) app.log.warn('STRIPE_PUBLISHABLE_KEY is not set: the web app cannot show the Stripe card form');
    if (!c.STRIPE_WEBHOOK_SECRET) app.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, and payment state relies on the API answers alone');
  }
  app.decorate('payments', provider);
}

export default fp(paymentsPlugin, { name: 'payments' });
