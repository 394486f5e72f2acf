import type { Booking } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from './booking-keys';

/**
 * POST bookings/:id/notice {}: the guest or the listing's host ends a monthly pass; the answer is the booking
 * with ends_at (the first renewal date at least notice_days away). A second notice changes nothing; 409
 * NOT_A_PASS for a stay, 404 for anyone else's booking.
 */
export const giveNotice = (id: string) => apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/notice`, { method: 'POST', body: {} }).then((r) => r.result);

export function useGiveNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: giveNotice, onSuccess: (booking) => storeBooking(queryClient, booking) });
}
