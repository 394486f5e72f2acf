import type { Booking, CreateBookingInput } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from '../../bookings/api/booking-keys';
import { listingKeys } from '../../listings/api/listing-keys';
import { checkoutKeys } from './checkout-keys';

/** A stay, or a monthly pass from `start` with no end (decision 038). */
export type NewBooking = CreateBookingInput | (Omit<CreateBookingInput, 'end'> & { plan: 'monthly' });

/**
 * POST bookings {parking_id, start, end, vehicle_id?} or {parking_id, start, plan: 'monthly', vehicle_id?}: 201 with the booking, status pending_payment,
 * holding a unit until expires_at. 409 SLOT_TAKEN when no unit is free, 409 TOO_MANY_HOLDS when the
 * driver already holds 3 unpaid bookings, 422 NOT_BOOKABLE (the message says why), 400 VALIDATION with
 * errors per field, 429 RATE_LIMITED (the message says when to try again).
 */
export const createBooking = (input: NewBooking) => apiFetch<{ result: Booking }>('bookings', { method: 'POST', body: input }).then((r) => r.result);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      // the hold changes what is free: later quotes and the busy strip must ask again
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.quotesOf(booking.parking_id) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.busyOf(booking.parking_id) });
      return storeBooking(queryClient, booking);
    },
  });
}
