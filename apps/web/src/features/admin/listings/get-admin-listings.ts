import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminListingRow } from '@parkly/shared/admin-listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

export interface AdminListingsPage {
  result: AdminListingRow[];
  page: AdminPageInfo;
}

/** GET admin/listings?q=&status=&reported=1&page= (`query` is the query string, '' or '?…'). */
export const getAdminListings = (query: string, signal?: AbortSignal) => apiFetch<AdminListingsPage>(`admin/listings${query}`, { signal });

export const adminListingsQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('listings', 'list', query), queryFn: ({ signal }) => getAdminListings(query, signal), placeholderData: keepPreviousData });

export const useAdminListings = (query: string) => useQuery(adminListingsQueryOptions(query));
