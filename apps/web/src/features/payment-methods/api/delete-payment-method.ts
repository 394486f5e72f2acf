import type { PaymentMethod } from '@parkly/shared/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { paymentMethodKeys } from './payment-method-keys';

/** DELETE payment-methods/:id: answers {id, deleted: true}. */
export const deletePaymentMethod = (id: string) =>
  apiFetch<{ result: { id: string; deleted: true } }>(`payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }).then((r) => r.result);

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodKeys.list(), (old) => old?.filter((c) => c.id !== id));
      return queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
    },
  });
}
