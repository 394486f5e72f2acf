import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

export interface AdminIdQueuePage {
  result: AdminIdDocument[];
  page: AdminPageInfo;
}

/** GET admin/verification?status=&q=&page= (`query` is the query string, '' or '?…'): pending first, oldest first. */
export const getIdQueue = (query: string, signal?: AbortSignal) => apiFetch<AdminIdQueuePage>(`admin/verification${query}`, { signal });

export const idQueueQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('verification', 'list', query), queryFn: ({ signal }) => getIdQueue(query, signal), placeholderData: keepPreviousData });

export const useIdQueue = (query: string) => useQuery(idQueueQueryOptions(query));
