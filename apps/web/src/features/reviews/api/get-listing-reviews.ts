import type { ReviewsPage } from '@parkly/shared/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export const REVIEWS_PAGE_SIZE = 5;

/** GET parkings/:id/reviews?limit&cursor: newest first, with the listing's average and count. */
export function getListingReviews(parkingId: string, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<ReviewsPage>(`parkings/${encodeURIComponent(parkingId)}/reviews?${params}`, { signal });
}

export const listingReviewsQueryOptions = (parkingId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.listing(parkingId),
    queryFn: ({ pageParam, signal }) => getListingReviews(parkingId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
    staleTime: 60_000,
  });

/** A listing's reviews page by page ("Show more reviews" calls fetchNextPage). */
export const useListingReviews = (parkingId: string) => useInfiniteQuery(listingReviewsQueryOptions(parkingId));
