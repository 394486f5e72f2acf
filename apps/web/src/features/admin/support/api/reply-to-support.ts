import type { AdminSupportDetail, AdminSupportReply } from '@parkly/shared/admin-support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { afterSupportChange } from './support-keys';

/** POST admin/support/:kind/:id/reply {reply}: e-mails the reply and marks the message answered. */
export const replyToSupport = (kind: string, id: string, input: AdminSupportReply) =>
  apiFetch<{ result: AdminSupportDetail }>(`admin/support/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/reply`, { method: 'POST', body: input }).then((r) => r.result);

export function useReplyToSupport(kind: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: AdminSupportReply) => replyToSupport(kind, id, input), onSuccess: (item) => afterSupportChange(queryClient, item) });
}
