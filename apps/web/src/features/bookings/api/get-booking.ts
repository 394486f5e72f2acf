import type { Booking } from '@parkly/shared/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/** GET bookings/:id: one booking as its guest or host sees it (404 for anyone else). */
export const getBooking = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const bookingQueryOptions = (id: string) => queryOptions({ queryKey: bookingKeys.detail(id), queryFn: ({ signal }) => getBooking(id, signal) });

export const useBooking = (id: string | null | undefined) => useQuery({ ...bookingQueryOptions(id ?? ''), enabled: Boolean(id) });

/** True when the booking does not exist for this person (unknown id, or someone else's). */
export const isBookingNotFound = (err: unknown) => err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN');
