import type { AdminBookingDetail } from '@parkly/shared/admin-bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from '../../admin-keys';

/** GET admin/bookings/:id: a booking's whole history (events, payments, refunds, the host's ledger). */
export const getAdminBooking = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: AdminBookingDetail }>(`admin/bookings/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const adminBookingKey = (id: string) => adminKeys.area('bookings', 'detail', id);

export const adminBookingQueryOptions = (id: string) => queryOptions({ queryKey: adminBookingKey(id), queryFn: ({ signal }) => getAdminBooking(id, signal) });

export const useAdminBooking = (id: string) => useQuery(adminBookingQueryOptions(id));
