import type { PaymentMethod } from '@parkly/shared/payment-methods';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST payment-methods/stripe {payment_method_id}: 201 with the saved card. The card itself went from
 * Stripe's card form (Elements) to Stripe; Parkly gets its `pm_…` id only. 402 PAYMENT_DECLINED when
 * the bank refuses the card.
 */
export const addStripePaymentMethod = (input: { payment_method_id: string; is_default?: boolean }) =>
  apiFetch<{ result: PaymentMethod }>('payment-methods/stripe', { method: 'POST', body: input }).then((r) => r.result);
