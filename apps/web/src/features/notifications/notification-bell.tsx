import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@parkly/shared/constants';
import { Bell } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/dialog';
import { usePopup } from '../../components/ui/popup';
import { useRealtimeEvent } from '../../lib/realtime';
import { useToken } from '../../lib/use-session';
import { useClearNotifications } from './api/clear-notifications';
import { useDeleteNotification } from './api/delete-notification';
import { useNotificationStatus } from './api/get-notification-status';
import { notificationsKey } from './api/notification-keys';
import { NotificationList } from './notification-list';

/** What the Delete Notification dialog will remove: one notification, or all of them (Clear All). */
type Target = { id: string | null };

/**
 * The bell of SPEC 2.3: a dot while something is unread, and a dropdown (a small modal dialog)
 * with Clear All and the list; deleting asks first, then reopens the dropdown with the fresh list.
 */
export function NotificationBell() {
  const token = useToken();
  const popup = usePopup();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  // the confirmation opens once the dropdown has closed, so the two never fight over focus
  const chosen = useRef<Target | null>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const status = useNotificationStatus(token);
  const deleteOne = useDeleteNotification();
  const clearAll = useClearNotifications();
  const busy = deleteOne.isPending || clearAll.isPending;
  const unread = status.data?.is_read === 0;
  const hintId = useId();
  const queryClient = useQueryClient();
  // a new notification: the dot (and the list, when open) refresh at once; the status poll stays as the fallback
  useRealtimeEvent('notification', () => void queryClient.invalidateQueries({ queryKey: notificationsKey }));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // reading the list marks it read: ask again for the dot once the panel closes
    if (!next) void status.refetch();
  };

  const confirm = () => {
    const handlers = {
      onSuccess: () => {
        setTarget(null);
        popup({ title: 'Success!', message: MESSAGES.notificationDeleted, kind: 'success', onClose: () => setOpen(true) });
      },
      onError: (err: unknown) => {
        console.error('Notification delete failed', err);
        setTarget(null);
        popup({ title: 'Error!', message: MESSAGES.notificationDeleteFailed, kind: 'error', onClose: () => setTimeout(() => bell.current?.focus()) });
      },
    };
    if (target?.id) deleteOne.mutate(target.id, handlers);
    else clearAll.mutate(undefined, handlers);
  };

  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger asChild>
          <button
            ref={bell}
            type="button"
            aria-haspopup="dialog"
            aria-label="Notifications"
            aria-describedby={unread ? hintId : undefined}
            className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
          >
            <Bell className="size-5" aria-hidden="true" />
            {unread && (
              <>
                <span data-testid="notification-dot" aria-hidden="true" className="absolute top-2 right-2.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white" />
                <span id={hintId} className="sr-only">
                  You have unread notifications
                </span>
              </>
            )}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            role="dialog"
            aria-modal="true"
            aria-orientation={undefined}
            onCloseAutoFocus={() => {
              if (chosen.current) setTarget(chosen.current);
              chosen.current = null;
            }}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 flex max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(calc(100vw-1rem),24rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl"
          >
            <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
              <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
              <div role="menu" aria-label="Notification actions">
                <DropdownMenu.Item
                  onSelect={() => (chosen.current = { id: null })}
                  className="cursor-pointer rounded-md px-2 py-1 text-sm font-semibold text-brand-700 outline-none hover:bg-brand-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
                >
                  Clear All
                </DropdownMenu.Item>
              </div>
            </div>
            <NotificationList token={token} open={open} onDelete={(id) => (chosen.current = { id })} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(next) => {
          if (next || busy) return;
          setTarget(null);
          // Radix gives focus back to a dialog's own trigger, and this dialog has none
          setTimeout(() => bell.current?.focus());
        }}
        title="Delete Notification"
        description="Are you sure you want to delete notification?"
        confirmLabel="Delete"
        busy={busy}
        busyLabel="Please wait..."
        danger
        onConfirm={confirm}
      />
    </>
  );
}
