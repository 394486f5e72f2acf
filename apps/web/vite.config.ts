import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';
import { routePreloads } from './route-preloads';

const api = process.env.PARKLY_API ?? 'http://localhost:3000';

/**
 * React Router's package points every bundler at its development build (warnings about misuse); its
 * production build is the same code without them. The browser's build takes it: 0.5 KB off every first load.
 */
const reactRouterProduction = { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) };

/**
 * lucide-react's icon modules call the package's createLucideIcon; the browser's build gives them
 * lib/lucide-icon.ts, which draws the same SVG without the package's context and helpers for other
 * frameworks (1.1 KB off every first load; lib/lucide-icon.test.tsx holds the two to the same markup).
 * Each shape of an icon also carries a React key of six random letters ({ d: "…", key: "mvr1a0" }), which
 * gzip cannot shrink; the shapes of an icon never change, so lib/lucide-icon.ts keys them by position and
 * the build drops the letters (about 5 bytes a shape: 0.4 KB of a listing's first load).
 */
function lucideIcons(): Plugin {
  const replacement = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));
  return {
    name: 'parkly-lucide-icons',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /lucide-react[\\/]dist[\\/]esm[\\/]/.test(importer) && /^\.\.?\/createLucideIcon\.mjs$/.test(source)) return replacement;
      return null;
    },
    transform(code, id) {
      if (!/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/.test(id)) return null;
      return { code: code.replace(/,\s*key:\s*"[a-z0-9]+"/g, ''), map: null };
    },
  };
}

/** The chunks the entry imports statically (named by the groups and Rolldown below). */
const LOADED_BY_ENTRY = /(^|\/)(rolldown-runtime|framework|preload-helper)-[\w-]{8}\.js$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), lucideIcons(), routePreloads(fileURLToPath(new URL('./src/app/router.tsx', import.meta.url))), precompress()],
  // the server's renderer loads screens with maps but never draws one: Leaflet, which needs a browser even
  // to load, is a stand-in there
  resolve: isSsrBuild
    ? { alias: [{ find: /^leaflet$/, replacement: fileURLToPath(new URL('./src/lib/leaflet-on-server.ts', import.meta.url)) }] }
    : command === 'build'
      ? { alias: [reactRouterProduction] }
      : {},
  server: {
    port: 5173,
    proxy: {
      '/backend': { target: api, ws: true },
      '/uploads': api,
    },
  },
  build: isSsrBuild
    ? // the server's renderer (vite build --ssr src/entry-server.tsx); screens stay in chunks of their own,
      // loaded only when a page needs them
      { target: 'node20', sourcemap: false, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        // every browser the app supports preloads modules itself: no polyfill on every first load. A lazy
        // chunk's list of files to preload with it leaves out the three every page has loaded before any
        // import() runs (the entry imports them): the lists are in the entry and the screens' chunks.
        modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((d) => !LOADED_BY_ENTRY.test(d)) },
        rolldownOptions: {
          // Small chunks shared by a few screens (an icon, a helper) are copied into the screens that use them
          // rather than fetched one by one: a phone on a slow network pays a round trip per file, and a first
          // visit asked for 25 files of about 1 KB each. The copies share one module state (Rolldown's registry).
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
              // React, the router and the query cache run every screen: one file, fetched with the entry
              groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 10 }],
            },
          },
        },
      },
}));
