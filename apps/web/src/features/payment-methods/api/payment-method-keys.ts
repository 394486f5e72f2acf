import type { PaymentMethod } from '@parkly/shared/payment-methods';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the driver's saved cards (Payment cards and the checkout's card picker). */
export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  /** GET payment-methods */
  list: () => ['payment-methods', 'list'] as const,
};

/** After a write answering one card: put it in the cached list, then refresh (a new default changes the others). */
export function storePaymentMethod(queryClient: QueryClient, card: PaymentMethod) {
  queryClient.setQueryData<PaymentMethod[]>(paymentMethodKeys.list(), (old) => {
    if (!old) return old;
    const rest = old.map((c) => (card.is_default ? { ...c, is_default: false } : c));
    return rest.some((c) => c.id === card.id) ? rest.map((c) => (c.id === card.id ? card : c)) : [...rest, card];
  });
  return queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
}
