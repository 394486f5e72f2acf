import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { afterNotificationsDeleted } from './notification-keys';

/** POST notification-delete {notification_id} */
export const deleteNotification = (notificationId: string) =>
  apiFetch<{ message: string }>('notification-delete', { method: 'POST', body: { notification_id: notificationId } });

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_answer, id) => afterNotificationsDeleted(queryClient, (n) => n.id !== id),
  });
}
