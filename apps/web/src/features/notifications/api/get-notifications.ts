import type { Notification } from '@parkly/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationListKey } from './notification-keys';

/** GET get-notification: newest first; the server marks them read. Failures are only logged (SPEC 8). */
export const getNotifications = (signal?: AbortSignal) =>
  apiFetch<{ notification: Notification[] }>('get-notification', { signal })
    .then((r) => r.notification ?? [])
    .catch((err: unknown) => {
      if ((err as Error).name !== 'AbortError') console.error('Notifications could not be loaded', err);
      throw err;
    });

export const notificationListQueryOptions = (token: string | null, open: boolean) =>
  queryOptions({
    queryKey: [...notificationListKey, token],
    queryFn: ({ signal }) => getNotifications(signal),
    // fetched each time the panel opens
    enabled: open && token !== null,
    staleTime: 0,
    retry: false,
  });

export const useNotifications = (token: string | null, open: boolean) => useQuery(notificationListQueryOptions(token, open));
