// npm run lighthouse: Lighthouse (mobile settings) on /, /parking and a listing page of the
// production build, in the system Chromium. Prints the scores and appends them to bench/RESULTS.md.
//
//   npm run build && npm run lighthouse
//
// Starts its own server with demo data on LIGHTHOUSE_PORT (default 4310) in a fresh data folder.
// LIGHTHOUSE_REPORTS=dir keeps each page's full report (JSON) there; --no-record prints without appending.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOALS = { performance: 95, accessibility: 95 };
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const RECORD = !process.argv.includes('--no-record');

if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/dist/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'parkly-lighthouse-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: BASE },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${BASE}/backend/api/v1/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

let chrome;
try {
  await waitForHealth();
  const search = await fetch(`${BASE}/backend/api/v1/parkings/search?lat=12.9716&lng=77.5946&radius_km=10&limit=1`).then((r) => r.json());
  const listingId = search.result[0]?.id;
  if (!listingId) throw new Error('no demo listing found');
  const pages = [
    ['/', '/'],
    ['/parking', '/parking?place=Bengaluru&lat=12.9716&lng=77.5946'],
    ['/parking/:id', `/parking/${listingId}`],
  ];

  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows = [];
  let version = '';
  for (const [name, path] of pages) {
    const result = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    version = result.lhr.lighthouseVersion;
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${name === '/' ? 'home' : name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}.json`), result.report);
    }
    const c = result.lhr.categories;
    const a = result.lhr.audits;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    rows.push({
      name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: a['first-contentful-paint']?.displayValue ?? '',
      lcp: a['largest-contentful-paint']?.displayValue ?? '',
      tbt: a['total-blocking-time']?.displayValue ?? '',
      cls: a['cumulative-layout-shift']?.displayValue ?? '',
    });
    const failing = Object.values(a).filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`${name}: audits below par: ${failing.map((x) => x.id).join(', ')}`);
  }

  const header = '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|';
  const table = [header, ...rows.map((r) => `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`)].join('\n');
  const met = rows.every((r) => r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility);
  const section = [
    `\n## Lighthouse, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Lighthouse ${version} with mobile settings (simulated slow 4G, mid-range phone), production build, Chromium at ${CHROME}, ${cpus().length} cores, Node ${process.version}.`,
    `Goal: performance and accessibility at least ${GOALS.performance} on each page: ${met ? 'met' : 'not met'}.`,
    '',
    table,
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) appendFileSync('bench/RESULTS.md', section);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  stop();
}
