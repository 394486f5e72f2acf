import type { Review, ReviewsPage } from '@parkly/shared/reviews';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateAfterReview, reviewKeys } from './review-keys';

/** POST reviews/:id/reply {text}: the listing's host, once (409 after that, 403 for anyone else). */
export const replyToReview = ({ reviewId, text }: { reviewId: string; text: string }) =>
  apiFetch<{ result: Review }>(`reviews/${encodeURIComponent(reviewId)}/reply`, { method: 'POST', body: { text } }).then((r) => r.result);

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: (review) => {
      // show the reply where the review is at once, then refresh
      queryClient.setQueryData<InfiniteData<ReviewsPage>>(reviewKeys.listing(review.parking_id), (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, result: p.result.map((r) => (r.id === review.id ? review : r)) })) } : old,
      );
      return invalidateAfterReview(queryClient, review.parking_id);
    },
  });
}
