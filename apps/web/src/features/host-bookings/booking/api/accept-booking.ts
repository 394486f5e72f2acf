import type { Booking } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { storeHostBooking } from './host-booking-cache';

/**
 * POST bookings/:id/accept: the host takes a request and the card is charged: the booking comes back confirmed,
 * still requested with payment_status 'capturing' while the charge is being retried, or cancelled when the card
 * could not be charged (409 once answered or expired).
 */
export const acceptBooking = (id: string) => apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/accept`, { method: 'POST' }).then((r) => r.result);

export function useAcceptBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptBooking, onSuccess: (booking) => storeHostBooking(queryClient, booking) });
}
