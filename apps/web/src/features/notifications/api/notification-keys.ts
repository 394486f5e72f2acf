import type { Notification } from '@parkly/shared/notifications';
import type { QueryClient } from '@tanstack/react-query';

/** One root key, so a change to notifications refreshes both the bell dot and the list. */
export const notificationsKey = ['notifications'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;

/** After a delete: drop what is gone at once, then refetch the list and the dot. */
export function afterNotificationsDeleted(queryClient: QueryClient, keep: (n: Notification) => boolean) {
  queryClient.setQueriesData<Notification[]>({ queryKey: notificationListKey }, (old) => old?.filter(keep));
  return queryClient.invalidateQueries({ queryKey: notificationsKey });
}
