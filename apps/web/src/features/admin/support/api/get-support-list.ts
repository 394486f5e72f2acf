import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminSupportItem } from '@parkly/shared/admin-support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { supportKeys } from './support-keys';

export interface AdminSupportPage {
  result: AdminSupportItem[];
  page: AdminPageInfo;
}

/** GET admin/support?kind=&status=&q=&page= (`query` is the query string, '' or '?…'): open messages first, oldest on top. */
export const getSupportList = (query: string, signal?: AbortSignal) => apiFetch<AdminSupportPage>(`admin/support${query}`, { signal });

export const supportListQueryOptions = (query: string) =>
  queryOptions({ queryKey: supportKeys.list(query), queryFn: ({ signal }) => getSupportList(query, signal), placeholderData: keepPreviousData });

export const useSupportList = (query: string) => useQuery(supportListQueryOptions(query));
