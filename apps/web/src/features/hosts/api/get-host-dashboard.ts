import type { HostDashboard } from '@parkly/shared/host-bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Polled until the realtime issue pushes booking changes: a new request shows within this long. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const hostDashboardKey = ['host', 'dashboard'] as const;

/** GET host/dashboard: today's arrivals and departures, requests to answer, the next bookings and what needs doing. */
export const getHostDashboard = (signal?: AbortSignal) => apiFetch<{ result: HostDashboard }>('host/dashboard', { signal }).then((r) => r.result);

export const hostDashboardQueryOptions = () => queryOptions({ queryKey: hostDashboardKey, queryFn: ({ signal }) => getHostDashboard(signal) });

export const useHostDashboard = () => useQuery({ ...hostDashboardQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
