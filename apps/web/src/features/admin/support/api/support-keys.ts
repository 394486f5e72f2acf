import type { QueryClient } from '@tanstack/react-query';
import type { AdminSupportDetail } from '@parkly/shared/admin-support';
import { adminKeys, refreshAdminArea } from '../../admin-keys';

export const supportKeys = {
  list: (query: string) => adminKeys.area('support', 'list', query),
  item: (kind: string, id: string) => adminKeys.area('support', 'item', kind, id),
};

/** After an answer: the message as the server now has it, and the inbox and the dashboard's count read again. */
export function afterSupportChange(queryClient: QueryClient, item: AdminSupportDetail) {
  queryClient.setQueryData(supportKeys.item(item.kind, item.id), item);
  return refreshAdminArea(queryClient, 'support');
}
