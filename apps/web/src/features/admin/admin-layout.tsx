import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { ScrollRestoration } from '../../app/scroll-restoration';
import { LogoMark } from '../../app/layout/logo';
import { useUnauthenticatedFlow } from '../../app/unauthenticated';
import { buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { useRealtimeConnection } from '../../lib/realtime';
import { useProfile } from '../accounts/api/get-profile';
import { ADMIN_NAV } from './admin-nav';
import { useAdminDashboard } from './dashboard/get-dashboard';

/**
 * The console's frame: its own bar and navigation (a column on wide screens, a scrolling row on
 * phones), for admins only. Anyone else signed in is told so; the API refuses them anyway.
 */
export default function AdminLayout() {
  useUnauthenticatedFlow();
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner />;
  if (profile.data?.role !== 'admin') return <NotAnAdmin />;
  return <Console />;
}

function Console() {
  useRealtimeConnection();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-900 text-white">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 rounded-lg font-bold tracking-tight">
            <LogoMark className="size-7" />
            <span>
              Parkly <span className="font-medium text-slate-300">Admin</span>
            </span>
          </Link>
          <Link to="/" className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-slate-800 hover:text-white">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Parkly
          </Link>
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <AdminNav />
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}

function AdminNav() {
  const dashboard = useAdminDashboard();
  const waiting = dashboard.data?.waiting;
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0">
      <ul className="relative flex gap-1 overflow-x-auto px-2 py-2 lg:sticky lg:top-14 lg:flex-col lg:overflow-visible lg:px-3 lg:py-4">
        {ADMIN_NAV.map(({ to, label, Icon, waiting: key }) => {
          const count = key && waiting ? waiting[key] : 0;
          return (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={to === '/admin'}
                className={({ isActive }) =>
                  `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span>{label}</span>
                {count > 0 && (
                  <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {count}
                    <span className="sr-only"> waiting</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function NotAnAdmin() {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-6 text-center">
      <DocumentTitle title="No access" />
      <ShieldAlert className="size-10 text-slate-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This area is for Parkly's team</h1>
      <p className="mt-2 text-slate-600">Your account cannot open the admin console. If you think it should, ask another administrator.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        Go to Parkly
      </Link>
    </main>
  );
}
