import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@parkly/shared/settings';
import { apiFetch } from './api-client';

export const appConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiFetch<{ result: PublicConfig }>('config', { signal }).then((r) => r.result),
  staleTime: Infinity,
});

/** The server's public settings (fees, currency, map tiles). */
export const useAppConfig = () => useQuery(appConfigQueryOptions);
