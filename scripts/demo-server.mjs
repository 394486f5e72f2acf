// The production build on a port of its own, with demo data in a fresh data folder: what
// scripts/lighthouse.mjs and scripts/first-load.mjs measure. Build first (npm run build).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A demo listing's page is found through search: the demo data's ids are made when it loads. */
const SEARCH = 'parkings/search?lat=12.9716&lng=77.5946&radius_km=10&limit=1';

/**
 * The six pages a visitor opens first (DESIGN section 7), each with the path measured. The listing
 * page is a demo listing's.
 */
export function publicPages(listingId) {
  return [
    ['/', '/'],
    ['/parking', '/parking?place=Bengaluru&lat=12.9716&lng=77.5946'],
    ['/parking/:id', `/parking/${listingId}`],
    ['/login', '/login'],
    ['/sign_up', '/sign_up'],
    ['/blogs', '/blogs'],
  ];
}

/** Starts the built server with demo data on 127.0.0.1:port; resolves once it answers, with a demo listing's id. */
export async function startDemoServer(port) {
  if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/dist/index.html')) {
    throw new Error('Build first: npm run build');
  }
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-measure-'));
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
    const search = await fetch(`${base}/backend/api/v1/${SEARCH}`).then((r) => r.json());
    const listingId = search.result[0]?.id;
    if (!listingId) throw new Error('no demo listing found');
    return { base, listingId, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

async function waitForHealth(base) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/backend/api/v1/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/** bench/results/<YYYY-MM-DD>-<kind>-<label>.md: one file per run. */
export function resultFile(kind, label) {
  const day = new Date().toISOString().slice(0, 10);
  const safe = label.replace(/[^a-z0-9-]+/gi, '-').replace(/^-|-$/g, '') || 'run';
  return join('bench', 'results', `${day}-${kind}-${safe}.md`);
}
