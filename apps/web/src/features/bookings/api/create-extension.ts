import type { Booking } from '@parkly/shared/bookings';
import type { CreateBookingBody } from '@parkly/shared/extensions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingKeys, storeBooking } from './booking-keys';

/**
 * POST bookings {parking_id, start, end, extends_booking_id} (decision 039): more time after the driver's
 * confirmed stay, held on its unit for 15 minutes (status pending_payment); 409 SLOT_TAKEN when the unit is
 * taken then, 409 NOT_EXTENDABLE when the stay cannot be extended, 422 when start is not its end.
 */
export const createExtension = (input: CreateBookingBody & { extends_booking_id: string }) =>
  apiFetch<{ result: Booking }>('bookings', { method: 'POST', body: input }).then((r) => r.result);

export function useCreateExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExtension,
    onSuccess: (booking, input) => {
      // the hold changes what the stay can still be extended by
      void queryClient.invalidateQueries({ queryKey: bookingKeys.extensionOptions(input.extends_booking_id) });
      return storeBooking(queryClient, booking);
    },
  });
}
