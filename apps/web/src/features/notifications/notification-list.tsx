import { MESSAGES } from '@parkly/shared/constants';
import { BellOff } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { useNotifications } from './api/get-notifications';
import { NotificationItem } from './notification-item';

/** The body of the panel: a spinner, 'No Notification', or the items. A failed fetch is only logged. */
export function NotificationList({ token, open, onDelete }: { token: string | null; open: boolean; onDelete: (id: string) => void }) {
  const list = useNotifications(token, open);

  if (list.isPending && list.fetchStatus === 'fetching') {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading" />
      </div>
    );
  }
  const items = list.data ?? [];
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
        <BellOff className="size-8 text-slate-300" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-600">{MESSAGES.noNotification}</p>
      </div>
    );
  }
  return (
    <div className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto overscroll-contain">
      {items.map((n) => (
        <NotificationItem key={n.id} notification={n} onDelete={onDelete} />
      ))}
    </div>
  );
}
