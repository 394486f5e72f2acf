import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshContent } from './content-keys';

/** DELETE admin/faqs/:id */
export const deleteFaq = (id: string) => apiFetch<{ result: { id: string } }>(`admin/faqs/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSuccess: () => refreshContent(queryClient, 'faqs') });
}
