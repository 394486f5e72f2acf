import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useProfile } from '../features/accounts/api/get-profile';
import { useToken } from '../lib/use-session';

/** Protected routes: without a stored token go to /login, and come back here after logging in. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

/** Host screens: a user whose profile is not a host is sent to /welcomehost. */
export function RequireHost() {
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner />;
  if (profile.data && profile.data.host_user !== 1) return <Navigate to="/welcomehost" replace />;
  return <Outlet />;
}
