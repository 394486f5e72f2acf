import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminPayout } from '@parkly/shared/admin-payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from '../../admin-keys';

export interface AdminPayoutsPage {
  result: AdminPayout[];
  page: AdminPageInfo;
  /** RazorpayX sends payouts: no manual marking, failed ones can be retried */
  automatic: boolean;
}

/** GET admin/payouts?status=&page= (`query` is the query string, '' or '?…'; requested by default). */
export const getAdminPayouts = (query: string, signal?: AbortSignal) => apiFetch<AdminPayoutsPage>(`admin/payouts${query}`, { signal });

export const adminPayoutsQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('payouts', 'list', query), queryFn: ({ signal }) => getAdminPayouts(query, signal), placeholderData: keepPreviousData });

export const useAdminPayouts = (query: string) => useQuery(adminPayoutsQueryOptions(query));
