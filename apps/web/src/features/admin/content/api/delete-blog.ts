import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshContent } from './content-keys';

/** DELETE admin/blogs/:id: the post and its cover go for good. */
export const deleteBlog = (id: string) => apiFetch<{ result: { id: string } }>(`admin/blogs/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBlog, onSuccess: () => refreshContent(queryClient, 'blogs') });
}
