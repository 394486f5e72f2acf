import type { AdminBlog, AdminBlogInput } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys, refreshContent } from './content-keys';

/** POST admin/blogs: a new post (its address made from the title when none is given). */
export const createBlog = (input: AdminBlogInput) => apiFetch<{ result: AdminBlog }>('admin/blogs', { method: 'POST', body: input }).then((r) => r.result);

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlog,
    onSuccess: (blog) => {
      queryClient.setQueryData(contentKeys.blog(blog.id), blog);
      return refreshContent(queryClient, 'blogs');
    },
  });
}
