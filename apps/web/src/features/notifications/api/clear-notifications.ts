import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { afterNotificationsDeleted } from './notification-keys';

/** DELETE notification-clear: removes every notification of the user. */
export const clearNotifications = () => apiFetch<{ message: string }>('notification-clear', { method: 'DELETE' });

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearNotifications, onSuccess: () => afterNotificationsDeleted(queryClient, () => false) });
}
