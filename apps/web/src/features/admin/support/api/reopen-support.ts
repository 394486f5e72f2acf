import type { AdminSupportDetail } from '@parkly/shared/admin-support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { afterSupportChange } from './support-keys';

/** POST admin/support/:kind/:id/reopen: back to open (the last reply stays for the record). */
export const reopenSupport = (kind: string, id: string) =>
  apiFetch<{ result: AdminSupportDetail }>(`admin/support/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/reopen`, { method: 'POST' }).then((r) => r.result);

export function useReopenSupport(kind: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => reopenSupport(kind, id), onSuccess: (item) => afterSupportChange(queryClient, item) });
}
