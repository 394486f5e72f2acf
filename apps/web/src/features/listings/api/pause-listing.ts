import type { ManagedListing } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeManagedListing } from './update-listing';

/** POST parkings/:id/pause: a live listing stops taking bookings (existing ones stay). */
export const pauseListing = (id: string) =>
  apiFetch<{ result: ManagedListing }>(`parkings/${encodeURIComponent(id)}/pause`, { method: 'POST' }).then((r) => r.result);

export function usePauseListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseListing,
    onSuccess: (listing) => storeManagedListing(queryClient, listing),
  });
}
