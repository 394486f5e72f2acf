import type { AdminUserDetail } from '@parkly/shared/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET admin/users/:id: the account with its listings, bookings as a guest, live sessions and ID. */
export const getUser = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: AdminUserDetail }>(`admin/users/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const userQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.area('users', 'detail', id), queryFn: ({ signal }) => getUser(id, signal) });

export const useAdminUser = (id: string) => useQuery(userQueryOptions(id));
