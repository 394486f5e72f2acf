import type { Booking } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { storeHostBooking } from './host-booking-cache';

export interface DeclineBookingInput {
  id: string;
  /** shown to the driver */
  reason?: string;
}

/** POST bookings/:id/decline {reason?}: the host turns a request down; the driver's card is released (409 once answered or expired). */
export const declineBooking = ({ id, reason }: DeclineBookingInput) =>
  apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: reason?.trim() ? { reason: reason.trim() } : {},
  }).then((r) => r.result);

export function useDeclineBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineBooking, onSuccess: (booking) => storeHostBooking(queryClient, booking) });
}
