import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giveNotice } from '../../../bookings/api/give-notice';
import { storeHostBooking } from './host-booking-cache';

/** POST bookings/:id/notice {} as the host: the pass ends at the end of the notice; the host's lists and dashboard refresh too. */
export function useHostGiveNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: giveNotice, onSuccess: (booking) => storeHostBooking(queryClient, booking) });
}
