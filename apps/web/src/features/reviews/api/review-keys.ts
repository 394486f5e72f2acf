import type { QueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { listingKeys } from '../../listings/api/listing-keys';

/** Query keys of reviews. A listing's reviews live apart from the listing, so paging them never refetches it. */
export const reviewKeys = {
  all: ['reviews'] as const,
  /** GET parkings/:id/reviews: the cursor pages */
  listing: (parkingId: string) => ['reviews', 'listing', parkingId] as const,
};

/** After a review or a reply: the listing's reviews and rating, and the booking that carries the review, are refetched. */
export function invalidateAfterReview(queryClient: QueryClient, parkingId: string, bookingId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.listing(parkingId) }),
    queryClient.invalidateQueries({ queryKey: listingKeys.publicListing(parkingId) }),
    ...(bookingId ? [queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) }), queryClient.invalidateQueries({ queryKey: bookingKeys.lists() })] : []),
  ]);
}
