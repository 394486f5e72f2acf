// npm run first-load: the gzipped JavaScript each of the six public pages loads on a first visit
// (every script the page fetches until the network is idle, compressed with gzip -9 as the server
// sends it), at phone (390) and desktop (1280) width, in the system Chromium, against the production build.
//
//   npm run build && npm run first-load -- --label before
//
// Starts its own server with demo data on FIRST_LOAD_PORT (default 4311) in a fresh data folder.
// Writes bench/results/<date>-first-load-<label>.md with each page's scripts (--no-record prints only;
// --list prints the scripts too).
// The same measure is the budget check in npm test: e2e/tests/budget.spec.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { publicPages, resultFile, startDemoServer } from './demo-server.mjs';

const PORT = Number(process.env.FIRST_LOAD_PORT ?? 4311);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 130;
const GOAL_KB = 100;
const args = process.argv.slice(2);
const RECORD = !args.includes('--no-record');
const LIST = args.includes('--list');
const label = args.includes('--label') ? (args[args.indexOf('--label') + 1] ?? 'run') : 'run';
const WIDTHS = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
];

/** The scripts one first visit of path fetches, with their gzipped sizes in bytes. */
async function firstLoad(browser, base, path, options) {
  const context = await browser.newContext({ ...options, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') responses.push(r);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const scripts = [];
  for (const r of responses) scripts.push({ path: new URL(r.url()).pathname, gz: gzipSync(await r.body(), { level: 9 }).length });
  await context.close();
  return scripts;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const { base, listingId, stop } = await startDemoServer(PORT);
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const rows = [];
  const details = [];
  for (const [name, path] of publicPages(listingId)) {
    const row = { name };
    for (const [width, options] of WIDTHS) {
      const scripts = await firstLoad(browser, base, path, options);
      row[width] = scripts.reduce((sum, s) => sum + s.gz, 0);
      row[`${width}Count`] = scripts.length;
      details.push(`${name} (${width}):`, ...scripts.map((s) => `  ${kb(s.gz).padStart(6)} KB  ${s.path}`));
    }
    rows.push(row);
  }
  const table = [
    '| page | phone (390) KB | desktop (1280) KB | scripts | within 130 KB | within 100 KB |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const worst = Math.max(r.phone, r.desktop) / 1024;
      return `| ${r.name} | ${kb(r.phone)} | ${kb(r.desktop)} | ${r.phoneCount} / ${r.desktopCount} | ${worst <= BUDGET_KB ? 'yes' : 'no'} | ${worst <= GOAL_KB ? 'yes' : 'no'} |`;
    }),
  ].join('\n');
  const text = [
    `# First-load JavaScript, ${label}: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    'Gzipped (level 9) JavaScript each page fetches on a first visit until the network is idle, production',
    `build with demo data, Chromium at ${CHROME}. Budget ${BUDGET_KB} KB per page, goal ${GOAL_KB} KB (DESIGN section 7).`,
    '',
    table,
    '',
    '## Scripts per page',
    '',
    '```',
    ...details,
    '```',
    '',
  ].join('\n');
  console.log(LIST ? text : text.split('## Scripts per page')[0]);
  if (RECORD) {
    const file = resultFile('first-load', label);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`written to ${file}`);
  }
} finally {
  await browser.close();
  stop();
}
