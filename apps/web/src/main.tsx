import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SERVER_STATE_ID } from '@parkly/shared/rendering';
import { AppRoutes, loadRouteModules } from './app/route-modules';
import { setTakingOverServerPage } from './lib/deferred-part';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { getToken } from './lib/storage';
import './index.css';

/** The data the server rendered this page with, if it rendered it. */
function serverState(): DehydratedState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Marks the page once the app has taken it over (or drawn it): <html data-app="started">. It wraps the
 * router rather than sitting beside it, so the tree, and with it every useId, is the server's.
 */
function AppStarted({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
    setTakingOverServerPage(false);
  }, []);
  return children;
}

const queryClient = createQueryClient();
const state = serverState();
if (state) hydrate(queryClient, state);

// a signed-in person's shell shows the push prompt with the page (app-layout.tsx loads it lazily)
if (getToken() !== null) void import('./features/push/push-prompt');

const container = document.getElementById('root')!;
const serverRendered = container.firstElementChild !== null;
// the server's page stays on show while this screen's code arrives (it is already preloading); a page the
// browser draws itself starts with its screen too
await loadRouteModules(routes, window.location.pathname);

const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <AppStarted>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppStarted>
    </AppProviders>
  </StrictMode>
);

// The server renders pages as a visitor sees them: a visitor's app takes that page over as it is; a signed-in
// person's app draws its own (their menu, their favourites) from the same data.
if (serverRendered && getToken() === null) {
  setTakingOverServerPage(true);
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.warn('The page is drawn again in the browser:', error),
  });
} else {
  createRoot(container).render(app);
}
