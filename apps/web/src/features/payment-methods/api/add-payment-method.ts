import type { CardInput, PaymentMethod } from '@parkly/shared/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storePaymentMethod } from './payment-method-keys';

export interface AddPaymentMethodInput {
  card: CardInput;
  is_default?: boolean;
}

/**
 * POST payment-methods {card, is_default?}: 201 with the saved card. The number goes to the
 * (simulated) provider once; only brand, last four and expiry come back.
 */
export const addPaymentMethod = (input: AddPaymentMethodInput) =>
  apiFetch<{ result: PaymentMethod }>('payment-methods', { method: 'POST', body: input }).then((r) => r.result);

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPaymentMethod, onSuccess: (card) => storePaymentMethod(queryClient, card) });
}
