import type { AdminPayout } from '@parkly/shared/admin-payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshAdminArea } from '../../admin-keys';

/** POST admin/payouts/:id/failed {reason}: the transfer did not go through; the amount is available to the host again. */
export const markPayoutFailed = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<{ result: AdminPayout }>(`admin/payouts/${encodeURIComponent(id)}/failed`, { method: 'POST', body: { reason } }).then((r) => r.result);

export function useMarkPayoutFailed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markPayoutFailed, onSettled: () => Promise.all([refreshAdminArea(queryClient, 'payouts'), refreshAdminArea(queryClient, 'audit')]) });
}
