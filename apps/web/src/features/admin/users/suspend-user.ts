import type { AdminUserDetail } from '@parkly/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../admin-keys';

/** POST admin/users/:id/suspend {reason}: signs the account out everywhere and takes its listings down. */
export const suspendUser = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<{ result: AdminUserDetail }>(`admin/users/${encodeURIComponent(id)}/suspend`, { method: 'POST', body: { reason } }).then((r) => r.result);

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUser,
    onSuccess: (user) => queryClient.setQueryData(adminKeys.area('users', 'detail', user.id), user),
    // listings leave search and the audit log grows: their console lists are read again too
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'users'), refreshAdminArea(queryClient, 'listings'), refreshAdminArea(queryClient, 'audit')]),
  });
}
