import type { CreateReviewInput, Review } from '@parkly/shared/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateAfterReview } from './review-keys';

export interface CreateReviewVars {
  bookingId: string;
  parkingId: string;
  input: CreateReviewInput;
}

/** POST bookings/:id/review {rating, text?}: 201 with the review; 400 with field errors; 409 when it cannot be reviewed (again). */
export const createReview = ({ bookingId, input }: CreateReviewVars) =>
  apiFetch<{ result: Review }>(`bookings/${encodeURIComponent(bookingId)}/review`, { method: 'POST', body: input }).then((r) => r.result);

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: (_review, vars) => invalidateAfterReview(queryClient, vars.parkingId, vars.bookingId) });
}
