import type { TaxIdentity, TaxIdentityInput } from '@parkly/shared/tax-identity';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * GET, PUT and DELETE of a GSTIN: the host's (host/tax-identity, on /earning) and the driver's
 * (profile/tax-identity, on /profile), the same calls on two paths, cached under their path.
 */
export type TaxIdentityPath = 'host/tax-identity' | 'profile/tax-identity';

const key = (path: TaxIdentityPath) => ['tax-identity', path] as const;

export const getTaxIdentity = (path: TaxIdentityPath, signal?: AbortSignal) => apiFetch<{ result: TaxIdentity | null }>(path, { signal }).then((r) => r.result);

export const taxIdentityQueryOptions = (path: TaxIdentityPath) => queryOptions({ queryKey: key(path), queryFn: ({ signal }) => getTaxIdentity(path, signal) });

export const useTaxIdentity = (path: TaxIdentityPath) => useQuery(taxIdentityQueryOptions(path));

/** PUT: saves it (checked again by the server); DELETE: removes it. Both put the answer in the cache. */
export function useTaxIdentityMutations(path: TaxIdentityPath) {
  const queryClient = useQueryClient();
  const onSuccess = (identity: TaxIdentity | null) => queryClient.setQueryData(key(path), identity);
  return {
    save: useMutation({ mutationFn: (input: TaxIdentityInput) => apiFetch<{ result: TaxIdentity }>(path, { method: 'PUT', body: input }).then((r) => r.result), onSuccess }),
    remove: useMutation({ mutationFn: () => apiFetch<{ result: null }>(path, { method: 'DELETE' }).then((r) => r.result), onSuccess }),
  };
}
