import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicListing } from '@parkly/shared/listings';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';
import { listingKeys } from './listing-keys';

export const getPublicListing = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: PublicListing }>(`parkings/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

/**
 * GET parkings/:id, as anyone may see it. The token is part of the key because the answer says
 * whether the viewer is the host (`is_own`). A 404 (draft, deleted, unknown) is not retried.
 */
export const publicListingQueryOptions = (id: string, token: string | null) =>
  queryOptions({
    queryKey: [...listingKeys.publicListing(id), token],
    queryFn: ({ signal }) => getPublicListing(id, signal),
    staleTime: 60_000,
  });

export function usePublicListing(id: string) {
  const token = useToken();
  return useQuery(publicListingQueryOptions(id, token));
}
