import type { AdminListingReport } from '@parkly/shared/admin-listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshAdminArea } from '../admin-keys';

/** POST admin/listing-reports/:id/resolve: the report is dealt with and leaves the listing's open ones. */
export const resolveReport = (id: string) =>
  apiFetch<{ result: AdminListingReport }>(`admin/listing-reports/${encodeURIComponent(id)}/resolve`, { method: 'POST' }).then((r) => r.result);

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveReport, onSettled: () => refreshAdminArea(queryClient, 'listings') });
}
