import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../admin-keys';

/** POST admin/verification/:id/reject {reason}: the user reads the reason and is asked to upload again. */
export const rejectId = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<{ result: AdminIdDocument }>(`admin/verification/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } }).then((r) => r.result);

export function useRejectId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectId,
    onSuccess: (doc) => queryClient.setQueryData(adminKeys.area('verification', 'detail', doc.id), doc),
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'verification'), refreshAdminArea(queryClient, 'users')]),
  });
}
