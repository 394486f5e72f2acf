import type { AdminUserDetail, UserRole } from '@parkly/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileKey } from '../../accounts/api/get-profile';
import { adminKeys, refreshAdminArea } from '../admin-keys';

/** POST admin/users/:id/role {role}: make an admin, or take an admin back to a user (never the last one). */
export const changeUserRole = ({ id, role }: { id: string; role: UserRole }) =>
  apiFetch<{ result: AdminUserDetail }>(`admin/users/${encodeURIComponent(id)}/role`, { method: 'POST', body: { role } }).then((r) => r.result);

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: (user) => queryClient.setQueryData(adminKeys.area('users', 'detail', user.id), user),
    // an admin who stepped down loses the console: their own profile is read again too
    onSettled: () =>
      Promise.all([refreshAdminArea(queryClient, 'users'), refreshAdminArea(queryClient, 'audit'), queryClient.invalidateQueries({ queryKey: profileKey })]),
  });
}
