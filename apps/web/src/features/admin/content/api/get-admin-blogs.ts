import type { AdminPageInfo } from '@parkly/shared/admin';
import type { AdminBlogSummary } from '@parkly/shared/admin-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys } from './content-keys';

export interface AdminBlogsPage {
  result: AdminBlogSummary[];
  page: AdminPageInfo;
}

/** GET admin/blogs?q=&page=&status= (`query` is the query string, '' or '?…'): drafts first, then newest. */
export const getAdminBlogs = (query: string, signal?: AbortSignal) => apiFetch<AdminBlogsPage>(`admin/blogs${query}`, { signal });

export const adminBlogsQueryOptions = (query: string) =>
  queryOptions({ queryKey: contentKeys.blogs(query), queryFn: ({ signal }) => getAdminBlogs(query, signal), placeholderData: keepPreviousData });

export const useAdminBlogs = (query: string) => useQuery(adminBlogsQueryOptions(query));
