import type { GatePass } from '@parkly/shared/gate-pass';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/** GET bookings/:id/pass: a confirmed booking's gate pass (409 before it is confirmed). */
export const getBookingPass = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: GatePass }>(`bookings/${encodeURIComponent(id)}/pass`, { signal }).then((r) => r.result);

export const bookingPassQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...bookingKeys.detail(id), 'pass'] as const,
    queryFn: ({ signal }) => getBookingPass(id, signal),
    // asked even when the browser says it is offline: the service worker answers with the pass it kept
    networkMode: 'always',
    retry: false,
  });

export const useBookingPass = (id: string | undefined, enabled: boolean) => useQuery({ ...bookingPassQueryOptions(id ?? ''), enabled: Boolean(id) && enabled });
