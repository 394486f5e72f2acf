import type { AdminBlog, AdminBlogInput } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys, refreshContent } from './content-keys';

/** PUT admin/blogs/:id: every field of the post, its status and publish time. */
export const updateBlog = (id: string, input: AdminBlogInput) =>
  apiFetch<{ result: AdminBlog }>(`admin/blogs/${encodeURIComponent(id)}`, { method: 'PUT', body: input }).then((r) => r.result);

export function useUpdateBlog(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminBlogInput) => updateBlog(id, input),
    onSuccess: (blog) => {
      queryClient.setQueryData(contentKeys.blog(id), blog);
      return refreshContent(queryClient, 'blogs');
    },
  });
}
