import type { AdminSupportDetail, AdminSupportResolve } from '@parkly/shared/admin-support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { afterSupportChange } from './support-keys';

/** POST admin/support/:kind/:id/resolve {note?}: answered without an e-mail. */
export const resolveSupport = (kind: string, id: string, input: AdminSupportResolve) =>
  apiFetch<{ result: AdminSupportDetail }>(`admin/support/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: input }).then((r) => r.result);

export function useResolveSupport(kind: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: AdminSupportResolve) => resolveSupport(kind, id, input), onSuccess: (item) => afterSupportChange(queryClient, item) });
}
