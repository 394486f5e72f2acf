import type { AdminListingDetail } from '@parkly/shared/admin-listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET admin/listings/:id: the listing with its full address, photos, host and open reports. */
export const getAdminListing = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: AdminListingDetail }>(`admin/listings/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const adminListingQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.area('listings', 'detail', id), queryFn: ({ signal }) => getAdminListing(id, signal) });

export const useAdminListing = (id: string) => useQuery(adminListingQueryOptions(id));
