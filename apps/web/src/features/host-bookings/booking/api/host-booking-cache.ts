import type { Booking } from '@parkly/shared/bookings';
import type { QueryClient } from '@tanstack/react-query';
import { storeBooking } from '../../../bookings/api/booking-keys';

/** Query keys that hold the host's side of bookings and money: host/bookings, host/dashboard, host/earnings. */
const isHostQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && /^(host|earning)/.test(key[0]);

/**
 * After the host answers or cancels: keep the booking the server answered as the cached one, and
 * refresh every list it may have moved in (the driver-side lists, the host's lists, the dashboard,
 * the earnings).
 */
export async function storeHostBooking(queryClient: QueryClient, booking: Booking) {
  await Promise.all([storeBooking(queryClient, booking), queryClient.invalidateQueries({ predicate: (q) => isHostQuery(q.queryKey) })]);
}
