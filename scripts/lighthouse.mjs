// npm run lighthouse: Lighthouse (mobile settings) on the six public pages of the production build
// (/, /parking, a demo listing, /login, /sign_up, /blogs), in the system Chromium. Prints the scores and
// writes them to bench/results/<date>-lighthouse-<label>.md, one file per run.
//
//   npm run build && npm run lighthouse -- --label after --note "other helpers were running"
//
// Starts its own server with demo data on LIGHTHOUSE_PORT (default 4310) in a fresh data folder.
// LIGHTHOUSE_REPORTS=dir keeps each page's full report (JSON) there; --no-record prints without writing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { publicPages, resultFile, startDemoServer } from './demo-server.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// DESIGN section 7: performance at least 90 (goal 98), accessibility 100
const FLOORS = { performance: 90, accessibility: 100 };
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const args = process.argv.slice(2);
const RECORD = !args.includes('--no-record');
const label = args.includes('--label') ? (args[args.indexOf('--label') + 1] ?? 'run') : 'run';
const note = args.includes('--note') ? (args[args.indexOf('--note') + 1] ?? '') : '';

let chrome;
let stop = () => {};
try {
  const server = await startDemoServer(PORT);
  stop = server.stop;
  const BASE = server.base;
  const pages = publicPages(server.listingId);
  const load = loadavg()[0].toFixed(1);

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
  const met = rows.every((r) => r.performance >= FLOORS.performance && r.accessibility >= FLOORS.accessibility);
  const text = [
    `# Lighthouse, ${label}: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Lighthouse ${version} with mobile settings (simulated slow 4G, 4x CPU slow-down), production build with demo data, Chromium at ${CHROME}, ${cpus().length} cores, Node ${process.version}; load average ${load} when it started.`,
    ...(note ? [note] : []),
    `Floors: performance at least ${FLOORS.performance}, accessibility ${FLOORS.accessibility} on each page: ${met ? 'met' : 'not met'}.`,
    '',
    table,
    '',
  ].join('\n');
  console.log(text);
  if (RECORD) {
    const file = resultFile('lighthouse', label);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`written to ${file}`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  stop();
}
