import type { ListingUnit } from '@parkly/shared/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** GET parkings/:id/units: the listing's individual spaces (one per unit of capacity). */
export const getListingUnits = (listingId: string, signal?: AbortSignal) =>
  apiFetch<{ result: ListingUnit[] }>(`parkings/${encodeURIComponent(listingId)}/units`, { signal }).then((r) => r.result);

export const listingUnitsQueryOptions = (listingId: string) =>
  queryOptions({ queryKey: listingKeys.units(listingId), queryFn: ({ signal }) => getListingUnits(listingId, signal), enabled: listingId !== '' });

export function useListingUnits(listingId: string) {
  return useQuery(listingUnitsQueryOptions(listingId));
}
