/**
 * Query keys of the host's booking history. They start with 'host', so the host booking screen's
 * writes (accept, decline, cancel) refresh the history with the dashboard.
 */
export const hostBookingKeys = {
  all: ['host', 'bookings'] as const,
  /** GET host/bookings with one filter (the API's query string): its cursor pages */
  list: (query: string) => ['host', 'bookings', 'list', query] as const,
};
