import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey } from './notification-keys';

const POLL_MS = 60_000;

/** GET notification-status: is_read is 0 while any notification is unread. Failures are only logged (SPEC 8). */
export const getNotificationStatus = (signal?: AbortSignal) =>
  apiFetch<{ is_read: 0 | 1 }>('notification-status', { signal }).catch((err: unknown) => {
    if ((err as Error).name !== 'AbortError') console.error('Notification status could not be loaded', err);
    throw err;
  });

export const notificationStatusQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...notificationsKey, 'status', token],
    queryFn: ({ signal }) => getNotificationStatus(signal),
    enabled: token !== null,
    staleTime: 0,
    // polled while the tab is visible; TanStack pauses the interval in the background
    refetchInterval: POLL_MS,
    retry: false,
  });

export const useNotificationStatus = (token: string | null) => useQuery(notificationStatusQueryOptions(token));
