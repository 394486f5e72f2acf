import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../admin-keys';

/** POST admin/verification/:id/approve: the account is verified and its listings show the badge. */
export const approveId = (id: string) =>
  apiFetch<{ result: AdminIdDocument }>(`admin/verification/${encodeURIComponent(id)}/approve`, { method: 'POST' }).then((r) => r.result);

export function useApproveId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveId,
    onSuccess: (doc) => queryClient.setQueryData(adminKeys.area('verification', 'detail', doc.id), doc),
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'verification'), refreshAdminArea(queryClient, 'users')]),
  });
}
