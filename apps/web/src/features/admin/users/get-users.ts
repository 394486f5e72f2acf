import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminUserSummary } from '@parkly/shared/admin-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

export interface AdminUsersPage {
  result: AdminUserSummary[];
  page: AdminPageInfo;
}

/** GET admin/users?q=&page=&role=&status= (`query` is the query string, '' or '?…'). */
export const getUsers = (query: string, signal?: AbortSignal) => apiFetch<AdminUsersPage>(`admin/users${query}`, { signal });

export const usersQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('users', 'list', query), queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData });

export const useAdminUsers = (query: string) => useQuery(usersQueryOptions(query));
