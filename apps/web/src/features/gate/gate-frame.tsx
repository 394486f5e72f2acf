/**
 * The gate's own frame (decision 034): a bar with the network's state and the way out (Log Out for a gate
 * account, back to Parkly for a host), for a host or a gate account only; /gate and /gate/accounts show in it.
 */
import { ArrowLeft, CloudOff, LogOut, Wifi } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { LogoutDialog } from '../../app/layout/account-dialogs';
import { LogoMark } from '../../app/layout/logo';
import { useUnauthenticatedFlow } from '../../app/unauthenticated';
import { PageSpinner } from '../../components/ui/spinner';
import { useProfile } from '../accounts/api/get-profile';
import type { GateContext } from './gate-page';
import { useOnline } from './use-online';

export default function GateFrame() {
  useUnauthenticatedFlow();
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner />;
  const p = profile.data;
  if (!p) return <Navigate to="/login" replace state={{ from: '/gate' }} />;
  const hostId = p.gate_for ?? (p.host_user === 1 ? p.id : null);
  if (!hostId) return <Navigate to="/welcomehost" replace />;
  return <Frame context={{ hostId, name: p.name, gateAccount: Boolean(p.gate_for) }} />;
}

function Frame({ context }: { context: GateContext }) {
  const online = useOnline();
  const [loggingOut, setLoggingOut] = useState(false);
  const logoutButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="sticky top-0 z-40 bg-slate-900 text-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to="/gate" className="flex items-center gap-2 rounded-lg font-bold tracking-tight">
            <LogoMark className="size-7" />
            <span>
              Parkly <span className="font-medium text-slate-300">Gate</span>
            </span>
          </Link>
          <span className={`ml-auto inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${online ? 'bg-emerald-500/20 text-emerald-100' : 'bg-amber-400 text-amber-950'}`}>
            {online ? <Wifi aria-hidden="true" className="size-3.5" /> : <CloudOff aria-hidden="true" className="size-3.5" />}
            {online ? 'Online' : 'Offline'}
          </span>
          {context.gateAccount ? (
            <button
              ref={logoutButton}
              type="button"
              onClick={() => setLoggingOut(true)}
              className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm text-slate-100 hover:bg-slate-800"
            >
              <LogOut aria-hidden="true" className="size-4" /> Log Out
            </button>
          ) : (
            <Link to="/hosthomes" className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm text-slate-100 hover:bg-slate-800">
              <ArrowLeft aria-hidden="true" className="size-4" /> <span className="hidden sm:inline">Back to</span> Parkly
            </Link>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        <Outlet context={context} />
      </main>
      {context.gateAccount && <LogoutDialog open={loggingOut} onOpenChange={setLoggingOut} returnFocus={() => logoutButton.current?.focus()} />}
    </div>
  );
}
