import type { ListingPhoto, ManagedListing } from '@parkly/shared/listings';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the listings feature, shared by the wizard, Manage parking, My Listing and the
 * managers (photos, units, blackouts). Invalidating `listingKeys.all` refreshes everything.
 */
export const listingKeys = {
  all: ['listings'] as const,
  /** GET parkings/mine: the host's listings */
  mine: () => ['listings', 'mine'] as const,
  /** everything about one listing (prefix of manage, units, blackouts) */
  listing: (id: string) => ['listings', id] as const,
  /** GET parkings/:id/manage: the host's full view (photos, units and blackouts included) */
  manage: (id: string) => ['listings', id, 'manage'] as const,
  /** GET parkings/:id/units */
  units: (id: string) => ['listings', id, 'units'] as const,
  /** GET parkings/:id/blackouts */
  blackouts: (id: string) => ['listings', id, 'blackouts'] as const,
  /** GET parkings/:id: the public page */
  publicListing: (id: string) => ['listings', id, 'public'] as const,
  /** GET parkings/:id/busy?days: outside `listing(id)`, so a host's edit does not refetch it (it never did) */
  busy: (id: string, days: number) => ['listings', 'busy', id, days] as const,
  busyOf: (id: string) => ['listings', 'busy', id] as const,
};

/** After any write to a listing: refresh its own queries and the host's list (cover, counts, status). */
export function invalidateListing(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingKeys.listing(id) }),
    queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
  ]);
}

/** Photo writes answer the listing's photos in their new order: put them in the cached listing. */
export function setCachedPhotos(queryClient: QueryClient, id: string, photos: ListingPhoto[]) {
  queryClient.setQueryData<ManagedListing>(listingKeys.manage(id), (old) => (old ? { ...old, photos } : old));
}
