import type { AdminListingDetail } from '@parkly/shared/admin-listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../admin-keys';

export type ListingModeration = { action: 'suspend' | 'reject'; reason: string } | { action: 'reinstate' | 'approve' };

/**
 * POST admin/listings/:id/suspend {reason}, /reinstate, /approve and /reject {reason}: the four moves
 * of moderation, one endpoint each, answering the listing as the console shows it.
 */
export const moderateListing = ({ id, ...m }: ListingModeration & { id: string }) =>
  apiFetch<{ result: AdminListingDetail }>(`admin/listings/${encodeURIComponent(id)}/${m.action}`, {
    method: 'POST',
    ...('reason' in m && { body: { reason: m.reason } }),
  }).then((r) => r.result);

export function useModerateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateListing,
    onSuccess: (listing) => queryClient.setQueryData(adminKeys.area('listings', 'detail', listing.id), listing),
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'listings'), refreshAdminArea(queryClient, 'audit')]),
  });
}
