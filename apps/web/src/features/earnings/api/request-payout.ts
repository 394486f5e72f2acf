import type { Payout } from '@parkly/shared/earnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshEarnings } from './earnings-keys';

/** POST host/payouts {amount?}: 201 with the payout requested (all that is available without an amount). */
export const requestPayout = (input: { amount?: number } = {}) =>
  apiFetch<{ result: Payout }>('host/payouts', { method: 'POST', body: input }).then((r) => r.result);

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPayout, onSettled: () => refreshEarnings(queryClient) });
}
