import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useProfile } from '../../features/accounts/api/get-profile';
import { ScrollRestoration } from '../scroll-restoration';
import { ChatWidget } from '../../features/support/chat-widget';
import { deferredPart } from '../../lib/deferred-part';
import { useToken } from '../../lib/use-session';
import { useUnauthenticatedFlow } from '../unauthenticated';
import { TopNav } from './top-nav';
import { useStartupChecks } from './use-startup-checks';

// never on the first screen (main is a screen tall): drawn by the server, its code loaded when it scrolls into view
const Footer = deferredPart<object>('footer', () => import('./footer').then((m) => ({ default: m.Footer })));
// push is for signed-in people: a visitor's first load goes without its prompt (main.tsx starts fetching it
// at once for someone signed in, so it comes with their page)
const PushPrompt = lazy(() => import('../../features/push/push-prompt').then((m) => ({ default: m.PushPrompt })));
// the realtime client is for signed-in people: a visitor's first load goes without it
const RealtimeConnection = lazy(() => import('./realtime-connection'));

/** The frame of every screen: top navigation, the page, the footer and the support chat widget. */
export function AppLayout() {
  const token = useToken();
  const profile = useProfile();
  useUnauthenticatedFlow();
  useStartupChecks();
  // the realtime socket while someone is signed in (screens keep polling as the fallback); once loaded it
  // stays mounted, so a sign-out closes the socket
  const [realtimeWanted, setRealtimeWanted] = useState(token !== null);
  if (token !== null && !realtimeWanted) setRealtimeWanted(true);
  // a gate account has one screen (decision 034)
  if (token !== null && profile.data?.gate_for) return <Navigate to="/gate" replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Skip to content
      </a>
      <TopNav />
      {/* only signed-in people get push, so visitors never download its registration */}
      {token && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}
      {/* at least a screen tall: the footer never shows above the fold while a page loads, then jumps away */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ChatWidget />
      {realtimeWanted && (
        <Suspense fallback={null}>
          <RealtimeConnection />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
