import type { AdminBlog } from '@parkly/shared/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET admin/blogs/:id: one post, draft or not, with its body. */
export const getAdminBlog = (id: string, signal?: AbortSignal) => apiFetch<{ result: AdminBlog }>(`admin/blogs/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const adminBlogQueryOptions = (id: string) => queryOptions({ queryKey: contentKeys.blog(id), queryFn: ({ signal }) => getAdminBlog(id, signal) });

export const useAdminBlog = (id: string, opts: { enabled?: boolean } = {}) => useQuery({ ...adminBlogQueryOptions(id), enabled: opts.enabled ?? true });
