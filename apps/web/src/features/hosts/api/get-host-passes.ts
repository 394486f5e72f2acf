import type { HostBooking, HostBookingsAnswer } from '@parkly/shared/host-bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-host-dashboard';

/** The most confirmed bookings the dashboard looks through for passes (host/bookings' own page limit). */
const LOOK_THROUGH = 100;

/**
 * The host's running monthly passes, soonest renewal first: GET host/bookings?status=confirmed, kept to the
 * passes (decision 038). The dashboard's own answer has no list of passes yet; the host's history has them all.
 */
export async function getHostPasses(signal?: AbortSignal): Promise<HostBooking[]> {
  const params = new URLSearchParams({ status: 'confirmed', order: 'asc', limit: String(LOOK_THROUGH) });
  const answer = await apiFetch<HostBookingsAnswer>(`host/bookings?${params}`, { signal });
  const renewal = (b: HostBooking) => Date.parse(b.renews_at ?? b.ends_at ?? b.end);
  return answer.result.filter((b) => b.plan === 'monthly').sort((a, b) => renewal(a) - renewal(b));
}

export const hostPassesQueryOptions = () => queryOptions({ queryKey: ['host', 'dashboard', 'passes'] as const, queryFn: ({ signal }) => getHostPasses(signal) });

export const useHostPasses = () => useQuery({ ...hostPassesQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
