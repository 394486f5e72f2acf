import type { PaymentMethod } from '@parkly/shared/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storePaymentMethod } from './payment-method-keys';

/** PATCH payment-methods/:id {is_default: true}: answers the card, now the default. */
export const setDefaultPaymentMethod = (id: string) =>
  apiFetch<{ result: PaymentMethod }>(`payment-methods/${encodeURIComponent(id)}`, { method: 'PATCH', body: { is_default: true } }).then((r) => r.result);

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultPaymentMethod, onSuccess: (card) => storePaymentMethod(queryClient, card) });
}
