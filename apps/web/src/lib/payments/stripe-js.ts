import type { Stripe } from '@stripe/stripe-js';
import { queryOptions } from '@tanstack/react-query';

/**
 * Stripe.js, fetched from js.stripe.com the first time a payment needs it: the `pure` entry injects
 * its script only when called (the default entry would on import), and this module is imported only by
 * the payment page and by a monthly pass's "Confirm this month's payment" (lazily, decision 042).
 */
export const stripeJsQueryOptions = (publishableKey: string) =>
  queryOptions({
    queryKey: ['stripe-js', publishableKey],
    queryFn: async (): Promise<Stripe> => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js is not available here');
      return stripe;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    // a live client object, not data to compare
    structuralSharing: false,
  });
