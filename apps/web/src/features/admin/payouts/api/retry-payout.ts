import type { AdminPayout } from '@parkly/shared/admin-payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshAdminArea } from '../../admin-keys';

/** POST admin/payouts/:id/retry (RazorpayX): a failed payout sent again as a new payout of the same amount; answers the new one. */
export const retryPayout = (id: string) =>
  apiFetch<{ result: AdminPayout }>(`admin/payouts/${encodeURIComponent(id)}/retry`, { method: 'POST' }).then((r) => r.result);

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryPayout, onSettled: () => Promise.all([refreshAdminArea(queryClient, 'payouts'), refreshAdminArea(queryClient, 'audit')]) });
}
