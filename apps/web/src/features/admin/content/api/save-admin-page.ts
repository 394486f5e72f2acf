import type { AdminPage, AdminPageUpdate } from '@parkly/shared/admin-content';
import type { PageName } from '@parkly/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys, refreshContent } from './content-keys';

/** PUT admin/pages/:page {entries}: the page becomes exactly these entries, in this order. */
export const saveAdminPage = (page: PageName, input: AdminPageUpdate) =>
  apiFetch<{ result: AdminPage }>(`admin/pages/${page}`, { method: 'PUT', body: input }).then((r) => r.result);

export function useSaveAdminPage(page: PageName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPageUpdate) => saveAdminPage(page, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.page(page), saved);
      return refreshContent(queryClient, 'pages');
    },
  });
}
