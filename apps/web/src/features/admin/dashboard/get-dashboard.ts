import type { AdminDashboard } from '@parkly/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET admin/dashboard: the marketplace's figures and what waits for an admin. */
export const getDashboard = (signal?: AbortSignal) => apiFetch<{ result: AdminDashboard }>('admin/dashboard', { signal }).then((r) => r.result);

export const useAdminDashboard = () =>
  useQuery(queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal), refetchInterval: 60_000 }));
