import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedListing } from '@parkly/shared/listings';
import { apiFetch } from '../../../lib/api-client';
import { storeManagedListing } from './update-listing';

/**
 * POST parkings/:id/publish puts a complete listing live (publishing a live one changes nothing).
 * A 400 names what is still missing in `errors`: 'title', 'address.city', 'position', 'photos', 'rates', …
 */
export const publishListing = (id: string) =>
  apiFetch<{ result: ManagedListing }>(`parkings/${encodeURIComponent(id)}/publish`, { method: 'POST' }).then((r) => r.result);

export function usePublishListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishListing, onSuccess: (listing) => storeManagedListing(queryClient, listing) });
}
