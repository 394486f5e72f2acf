import type { GateLookupItem } from '@parkly/shared/gate-pass';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { gateKeys } from './gate-keys';

/** GET host/gate-passes?q=: the host's passes around now whose code or plate is what the guard typed. */
export const lookUpPasses = (q: string, signal?: AbortSignal) =>
  apiFetch<{ result: GateLookupItem[] }>(`host/gate-passes?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.result);

export const lookUpPassesQueryOptions = (q: string) => queryOptions({ queryKey: gateKeys.lookup(q), queryFn: ({ signal }) => lookUpPasses(q, signal), staleTime: 0 });

export const useLookUpPasses = (q: string | null) => useQuery({ ...lookUpPassesQueryOptions(q ?? ''), enabled: Boolean(q) });
