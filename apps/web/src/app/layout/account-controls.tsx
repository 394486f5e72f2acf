import { Navigate } from 'react-router';
import { useProfile } from '../../features/accounts/api/get-profile';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { UserMenu } from './user-menu';

/**
 * The signed-in part of the top bar: the bell and the user menu. Loaded on demand, so a visitor who is
 * not logged in never downloads the menus.
 */
export default function AccountControls() {
  // a gate account has one screen, its own (decision 034): here, so a visitor's first load does not carry it
  const profile = useProfile();
  if (profile.data?.gate_for) return <Navigate to="/gate" replace />;
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <NotificationBell />
      <UserMenu />
    </div>
  );
}
