import { z } from 'zod';

/** The card payment providers a server can run (PAYMENT_PROVIDER); a new one is added here and in the API's payments plugin. */
export const PAYMENT_PROVIDERS = ['simulated', 'stripe', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The public settings the web app needs to show honest numbers (fees) and draw maps. */
export const publicConfigSchema = z.object({
  currency: z.string(),
  guest_fee_percent: z.number(),
  host_commission_percent: z.number(),
  time_zone: z.string(),
  map_tile_url: z.string(),
  /** which way to pay to show: the app's own card form ('simulated'), Stripe Elements ('stripe') or Razorpay Checkout ('razorpay') */
  payment_provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key, for Elements (only with the stripe provider) */
  stripe_publishable_key: z.string().optional(),
  /** Razorpay's key id (rzp_test_… or rzp_live_…), for Checkout (only with the razorpay provider; never the secret) */
  razorpay_key_id: z.string().optional(),
  /** where the payment page loads Razorpay Checkout's script from (only with the razorpay provider) */
  razorpay_checkout_url: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigAnswerSchema = z.object({ result: publicConfigSchema });
