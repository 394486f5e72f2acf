import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRouteModules } from './app/route-modules';
import { isDrawnOnServer, routes } from './app/router';
import type { RenderedPage, RenderPage } from '@parkly/shared/rendering';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { loadDeferredParts } from './lib/deferred-part';

/** How long the server waits for a screen's data before it sends what it has (the browser asks for the rest). */
const DATA_WAIT_MS = 1500;

/** The query's `enabled` as the screen set it (an observer's option, which the query keeps from its first observer). */
function isEnabled(query: Query) {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Asks, in one go, for every query the screen wanted and has not got; each fails quietly (the browser asks again). */
async function fetchWanted(client: QueryClient) {
  const wanted = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.options.queryFn !== undefined && isEnabled(q));
  if (!wanted.length) return false;
  const all = Promise.allSettled(wanted.map((q) => q.fetch()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, DATA_WAIT_MS)))]);
  clearTimeout(timer);
  return true;
}

/**
 * Renders a public screen as a visitor (no session) sees it, with its data: a first render finds the
 * queries the screen asks for, they are answered through `api` (the server's own API), and a second
 * render draws the screen with them. Only the screens marked in the router are drawn (null: the browser draws it).
 */
export const render: RenderPage<ApiTransport> = async (url, api): Promise<RenderedPage | null> => {
  const location = new URL(url, 'http://parkly.internal');
  // decided before any screen's code is loaded: other screens (forms, those behind login) are never loaded here
  const matches = matchRoutes(routes, location.pathname);
  if (!isDrawnOnServer(matches?.at(-1)?.route.handle)) return null;
  setApiTransport(api); // the same for every page (RenderPage)
  // a screen whose code failed to load: the browser draws it
  if (!(await loadRouteModules(routes, location.pathname))) return null;
  // the parts the browser loads when they come into view are drawn here in full
  await loadDeferredParts();
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const draw = () =>
    renderToString(
      <AppProviders client={client}>
        <StaticRouter location={`${location.pathname}${location.search}${location.hash}`}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </AppProviders>,
    );
  let html = draw();
  if (await fetchWanted(client)) html = draw();
  const notFound = matches!.some((m) => m.route.path === '*');
  return { html, state: dehydrate(client), status: notFound ? 404 : 200 };
};
