import type { GovernmentId } from '@parkly/shared/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';

export const governmentIdKey = ['government-id'] as const;

/** GET government-id: the latest ID the user sent (status, file name, when), or null. */
export const getGovernmentId = (signal?: AbortSignal) => apiFetch<{ result: GovernmentId | null }>('government-id', { signal }).then((r) => r.result);

export const governmentIdQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...governmentIdKey, token], queryFn: ({ signal }) => getGovernmentId(signal), enabled: token !== null });

export function useGovernmentId() {
  const token = useToken();
  return useQuery(governmentIdQueryOptions(token));
}
