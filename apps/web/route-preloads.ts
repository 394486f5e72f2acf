import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** What the build writes to dist/route-preloads.json: each page route with the script files its first screen needs. */
export interface RoutePreloads {
  routes: { path: string; files: string[] }[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const PAGE_ROUTE = /\{\s*(?:index:\s*true|path:\s*'([^']*)')\s*,\s*lazy:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;

/**
 * The page routes declared in the router's source: `{ path: 'parking', lazy: page(() => import('…')) }`
 * (or `index: true`) gives '/parking' and the module it loads. Every route hangs from pathless layouts,
 * so each path is the screen's full path.
 */
export function pageRoutes(routerSource: string): { path: string; module: string }[] {
  return [...routerSource.matchAll(PAGE_ROUTE)].map((m) => ({ path: `/${m[1] ?? ''}`, module: m[2]! }));
}

/** A chunk and every chunk it imports statically, depth first, without those the page already has. */
function staticClosure(bundle: OutputBundle, fileName: string, skip: Set<string>, out: string[] = []): string[] {
  if (skip.has(fileName) || out.includes(fileName)) return out;
  out.push(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) staticClosure(bundle, dep, skip, out);
  return out;
}

/**
 * Writes route-preloads.json: for each page route of the router, the chunks of its screen that
 * index.html does not already load. The server puts them in the page as modulepreload links, so a
 * screen's code downloads alongside the app's instead of after it has started (one round trip less
 * on every first visit).
 */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'parkly-route-preloads',
    // the browser's build only: the server's renderer (vite build --ssr) needs neither
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = new Set(staticClosure(bundle, entry.fileName, new Set()));
      const routes = pageRoutes(readFileSync(routerFile, 'utf8')).flatMap(({ path, module }) => {
        const base = resolve(dirname(routerFile), module);
        const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === base);
        return page ? [{ path, files: staticClosure(bundle, page.fileName, initial).map((f) => `/${f}`) }] : [];
      });
      const preloads: RoutePreloads = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
