import type { AdminUserDetail } from '@parkly/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../admin-keys';

/** POST admin/users/:id/reinstate: the account can log in again and its listings come back. */
export const reinstateUser = (id: string) =>
  apiFetch<{ result: AdminUserDetail }>(`admin/users/${encodeURIComponent(id)}/reinstate`, { method: 'POST' }).then((r) => r.result);

export function useReinstateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateUser,
    onSuccess: (user) => queryClient.setQueryData(adminKeys.area('users', 'detail', user.id), user),
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'users'), refreshAdminArea(queryClient, 'listings'), refreshAdminArea(queryClient, 'audit')]),
  });
}
