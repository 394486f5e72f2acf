import type { AdminFaq, AdminFaqInput } from '@parkly/shared/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshContent } from './content-keys';

/** POST admin/faqs: a new entry at the end of its category. */
export const createFaq = (input: AdminFaqInput) => apiFetch<{ result: AdminFaq }>('admin/faqs', { method: 'POST', body: input }).then((r) => r.result);

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFaq, onSuccess: () => refreshContent(queryClient, 'faqs') });
}
