import type { AdminFaq, AdminFaqInput } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshContent } from './content-keys';

/** PUT admin/faqs/:id: category, question and answer (a new category puts it at that category's end). */
export const updateFaq = ({ id, ...input }: AdminFaqInput & { id: string }) =>
  apiFetch<{ result: AdminFaq }>(`admin/faqs/${encodeURIComponent(id)}`, { method: 'PUT', body: input }).then((r) => r.result);

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFaq, onSuccess: () => refreshContent(queryClient, 'faqs') });
}
