import type { Booking } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from './booking-keys';

export interface CancelBookingInput {
  id: string;
  reason?: string;
}

/** POST bookings/:id/cancel {reason?}: answers the cancelled booking with its refund_amount (409 CONFLICT when no longer cancellable). */
export const cancelBooking = ({ id, reason }: CancelBookingInput) =>
  apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: reason?.trim() ? { reason: reason.trim() } : {},
  }).then((r) => r.result);

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelBooking, onSuccess: (booking) => storeBooking(queryClient, booking) });
}
