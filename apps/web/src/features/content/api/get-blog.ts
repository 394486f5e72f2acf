import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';
import { blogsKey } from './get-blogs';

/** GET blogs/:slug: one post with its body. */
export const getBlog = (slug: string, signal?: AbortSignal) =>
  apiFetch<{ result: Blog }>(`blogs/${encodeURIComponent(slug)}`, { signal }).then((r) => r.result);

export const blogQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...blogsKey, 'detail', slug], queryFn: ({ signal }) => getBlog(slug, signal), enabled: slug !== '' });

export const useBlog = (slug: string) => useQuery(blogQueryOptions(slug));
