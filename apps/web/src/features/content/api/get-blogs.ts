import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogSummary } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';

export const blogsKey = ['blogs'] as const;

/** GET blogs: the published posts, newest first. */
export const getBlogs = (signal?: AbortSignal) => apiFetch<{ result: BlogSummary[] }>('blogs', { signal }).then((r) => r.result);

export const blogsQueryOptions = () => queryOptions({ queryKey: blogsKey, queryFn: ({ signal }) => getBlogs(signal) });

export const useBlogs = () => useQuery(blogsQueryOptions());
