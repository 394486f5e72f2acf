import type { ManagedListing } from '@parkly/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeManagedListing } from './update-listing';

/** POST parkings/:id/resume: a paused listing takes bookings again (it must still be complete). */
export const resumeListing = (id: string) =>
  apiFetch<{ result: ManagedListing }>(`parkings/${encodeURIComponent(id)}/resume`, { method: 'POST' }).then((r) => r.result);

export function useResumeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeListing,
    onSuccess: (listing) => storeManagedListing(queryClient, listing),
  });
}
