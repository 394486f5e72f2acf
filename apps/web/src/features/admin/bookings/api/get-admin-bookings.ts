import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminBookingSummary } from '@parkly/shared/admin-bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from '../../admin-keys';

export interface AdminBookingsPage {
  result: AdminBookingSummary[];
  page: AdminPageInfo;
}

/** GET admin/bookings?q=&status=&page= (`query` is the query string, '' or '?…'). */
export const getAdminBookings = (query: string, signal?: AbortSignal) => apiFetch<AdminBookingsPage>(`admin/bookings${query}`, { signal });

export const adminBookingsQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('bookings', 'list', query), queryFn: ({ signal }) => getAdminBookings(query, signal), placeholderData: keepPreviousData });

export const useAdminBookings = (query: string) => useQuery(adminBookingsQueryOptions(query));
