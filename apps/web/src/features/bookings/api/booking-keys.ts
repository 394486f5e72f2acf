import type { Booking, BookingListKind } from '@parkly/shared/bookings';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the bookings feature, shared by My Bookings, the booking's page, cancel and the
 * checkout screens. Invalidating `bookingKeys.all` refreshes everything.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  /** every list tab (prefix of `list`) */
  lists: () => ['bookings', 'list'] as const,
  /** GET bookings?status=: one tab's cursor pages */
  list: (status: BookingListKind) => ['bookings', 'list', status] as const,
  /** GET bookings/:id */
  detail: (id: string) => ['bookings', 'detail', id] as const,
  /** GET bookings/:id/extension-options (decision 039) */
  extensionOptions: (id: string) => ['bookings', 'extension-options', id] as const,
};

/** After any write that answers a booking: keep it as the cached one and refresh every tab (it may move between them). */
export function storeBooking(queryClient: QueryClient, booking: Booking) {
  queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
  return queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
}
