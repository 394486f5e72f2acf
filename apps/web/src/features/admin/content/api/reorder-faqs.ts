import type { AdminFaq } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys, refreshContent } from './content-keys';

/** PUT admin/faqs/order {category, ids}: every entry of the category, in the new order. */
export const reorderFaqs = (input: { category: string; ids: string[] }) =>
  apiFetch<{ result: AdminFaq[] }>('admin/faqs/order', { method: 'PUT', body: input }).then((r) => r.result);

export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderFaqs,
    onSuccess: (list) => {
      queryClient.setQueryData(contentKeys.faqs(), list);
      return refreshContent(queryClient, 'faqs');
    },
  });
}
