import type { AdminBlog } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys, refreshContent } from './content-keys';

/** POST admin/blogs/:id/cover, multipart field `file` (JPEG, PNG or WebP, at most 10 MB). */
export function uploadBlogCover(id: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<{ result: AdminBlog }>(`admin/blogs/${encodeURIComponent(id)}/cover`, { method: 'POST', body }).then((r) => r.result);
}

/** DELETE admin/blogs/:id/cover */
export const removeBlogCover = (id: string) => apiFetch<{ result: AdminBlog }>(`admin/blogs/${encodeURIComponent(id)}/cover`, { method: 'DELETE' }).then((r) => r.result);

/** Both cover calls of one post: the answer is the post, put straight into its cache. */
export function useBlogCover(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (blog: AdminBlog) => {
    queryClient.setQueryData(contentKeys.blog(id), blog);
    return refreshContent(queryClient, 'blogs');
  };
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadBlogCover(id, file), onSuccess }),
    remove: useMutation({ mutationFn: () => removeBlogCover(id), onSuccess }),
  };
}
