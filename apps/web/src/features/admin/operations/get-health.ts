import type { AdminHealth } from '@parkly/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET admin/health: database, outbox, jobs, push and sockets, read again every 30 s while shown. */
export const getHealth = (signal?: AbortSignal) => apiFetch<{ result: AdminHealth }>('admin/health', { signal }).then((r) => r.result);

export const useAdminHealth = () => useQuery(queryOptions({ queryKey: adminKeys.health(), queryFn: ({ signal }) => getHealth(signal), refetchInterval: 30_000 }));
