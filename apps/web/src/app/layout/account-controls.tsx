import { NotificationBell } from '../../features/notifications/notification-bell';
import { UserMenu } from './user-menu';

/**
 * The signed-in part of the top bar: the bell and the user menu. Loaded on demand, so a visitor who is
 * not logged in never downloads the menus.
 */
export default function AccountControls() {
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <NotificationBell />
      <UserMenu />
    </div>
  );
}
