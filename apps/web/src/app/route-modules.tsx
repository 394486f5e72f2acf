import { Component, lazy, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteError } from './route-error';

/**
 * React Router in declarative mode (decision 024): the route table (router.tsx) keeps the data router's
 * shape (`lazy`, `errorElement`), and this file turns it into plain `<Route element>` objects. A screen's
 * code is loaded before the first render where the page is known (the server, and the browser before it
 * takes over the server's page) and with React.lazy on a navigation, which the router runs in a
 * transition: the screen on show stays until the next one's code has arrived, as with the data router.
 */

type Loader = () => Promise<{ Component: ComponentType }>;

const loaded = new WeakMap<RouteObject, ComponentType>();
const pending = new WeakMap<RouteObject, LazyExoticComponent<ComponentType>>();

/** Loads a route's screen once; a failure is not kept (the next attempt asks again). */
async function loadRoute(route: RouteObject): Promise<ComponentType> {
  const known = loaded.get(route);
  if (known) return known;
  const { Component: Screen } = await (route.lazy as Loader)();
  loaded.set(route, Screen);
  return Screen;
}

/** The screen of a lazy route: drawn at once if its code is here, else loaded (suspending the navigation). */
function RouteModule({ route }: { route: RouteObject }) {
  const Screen = loaded.get(route);
  if (Screen) return <Screen />;
  let Lazy = pending.get(route);
  if (!Lazy) {
    Lazy = lazy(() =>
      loadRoute(route).then(
        (Loaded) => ({ default: Loaded }),
        (err: unknown) => {
          pending.delete(route);
          throw err;
        },
      ),
    );
    pending.set(route, Lazy);
  }
  return <Lazy />;
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean; error: unknown; key: string }> {
  override state = { failed: false, error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    // a navigation clears the error, as the data router did
    return props.resetKey !== state.key ? { failed: false, error: undefined, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** What a route's `errorElement` was: its screen and everything below it fall back to the error screen. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}

function toDeclarative(route: RouteObject): RouteObject {
  const { lazy: load, errorElement, element, children, ...rest } = route;
  let shown: ReactNode = load ? <RouteModule route={route} /> : (element ?? <Outlet />);
  if (errorElement) shown = <RouteErrorBoundary>{shown}</RouteErrorBoundary>;
  return { ...rest, element: shown, children: children?.map(toDeclarative) } as RouteObject;
}

const declared = new WeakMap<RouteObject[], RouteObject[]>();

/** The screen the location shows, from the route table. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  let table = declared.get(routes);
  if (!table) declared.set(routes, (table = routes.map(toDeclarative)));
  return useRoutes(table);
}

/**
 * Loads the code of every route a location shows, so the first render is the whole screen (the page the
 * server rendered stays on show until then, instead of a blank). False if one failed to load: the
 * browser's app then loads it again as it renders (and shows the error screen if it fails again).
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<boolean> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const results = await Promise.allSettled(matches.filter(({ route }) => typeof route.lazy === 'function').map(({ route }) => loadRoute(route)));
  return results.every((r) => r.status === 'fulfilled');
}
