import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of every route a location shows, before the router starts, so the app's first render
 * is the whole screen (the page the server rendered stays on show until then, instead of a blank).
 * A module that fails to load is left to the router, which retries it and shows the error screen.
 */
export async function loadRouteModules(routes: RouteObject[], location: string) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy());
        delete route.lazy;
      } catch {
        // the router loads it again
      }
    }),
  );
}
