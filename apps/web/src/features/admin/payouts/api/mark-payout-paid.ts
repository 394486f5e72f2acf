import type { AdminPayout } from '@parkly/shared/admin-payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshAdminArea } from '../../admin-keys';

/** POST admin/payouts/:id/paid {reference}: the transfer is made; the host's earnings show it paid out. */
export const markPayoutPaid = ({ id, reference }: { id: string; reference: string }) =>
  apiFetch<{ result: AdminPayout }>(`admin/payouts/${encodeURIComponent(id)}/paid`, { method: 'POST', body: { reference } }).then((r) => r.result);

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markPayoutPaid, onSettled: () => Promise.all([refreshAdminArea(queryClient, 'payouts'), refreshAdminArea(queryClient, 'audit')]) });
}
