import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedListing } from '@parkly/shared/listings';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** GET parkings/:id/manage: everything about one listing, for its host (404 for anyone else). */
export const getManagedListing = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: ManagedListing }>(`parkings/${encodeURIComponent(id)}/manage`, { signal }).then((r) => r.result);

export const managedListingQueryOptions = (id: string) =>
  queryOptions({ queryKey: listingKeys.manage(id), queryFn: ({ signal }) => getManagedListing(id, signal) });

export const useManagedListing = (id: string | null) => useQuery({ ...managedListingQueryOptions(id ?? ''), enabled: Boolean(id) });

/** True when the answer says the listing does not exist for this host (unknown, deleted or someone else's). */
export const isListingNotFound = (err: unknown) => err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN');
