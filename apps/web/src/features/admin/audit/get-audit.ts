import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminAuditEntry } from '@parkly/shared/admin-audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

export interface AdminAuditPage {
  result: AdminAuditEntry[];
  page: AdminPageInfo;
}

/** GET admin/audit?q=&action=&actor=&subject=&page= (`query` is the query string, '' or '?…'). */
export const getAudit = (query: string, signal?: AbortSignal) => apiFetch<AdminAuditPage>(`admin/audit${query}`, { signal });

export const auditQueryOptions = (query: string) =>
  queryOptions({ queryKey: adminKeys.area('audit', query), queryFn: ({ signal }) => getAudit(query, signal), placeholderData: keepPreviousData });

export const useAdminAudit = (query: string) => useQuery(auditQueryOptions(query));
