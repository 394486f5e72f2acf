import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelBooking } from '../../../bookings/api/cancel-booking';
import { storeHostBooking } from './host-booking-cache';

/** POST bookings/:id/cancel {reason?} as the host: the driver gets everything back; the host's lists and money refresh too. */
export function useHostCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelBooking, onSuccess: (booking) => storeHostBooking(queryClient, booking) });
}
