import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './support/test';
import { API } from './support/fixtures';

/**
 * DESIGN section 7: the first load of each page a visitor opens first stays within 130 KB of gzipped
 * JavaScript (goal 100 KB): every script the page fetches until the network is idle, gzipped as the server
 * sends it. Measured at phone width, as Lighthouse's mobile run loads them: on a desktop the results page's
 * map is on the first screen and brings Leaflet (about 44 KB more), which scripts/first-load.mjs records
 * under bench/results/ with both widths.
 *
 * Every page is held to the 130 KB floor (decision 024 brought the last three under it); a page that grows
 * past it fails here with its scripts and their sizes.
 */
const FLOOR_KB = 130;
const BUDGETS_KB: { page: string; kb: number }[] = [
  { page: '/', kb: FLOOR_KB }, // 115.1 measured 2026-11-29 (decision 041)
  { page: '/parking', kb: FLOOR_KB }, // 122.3
  { page: '/parking/:id', kb: FLOOR_KB }, // 127.0
  { page: '/login', kb: FLOOR_KB }, // 109.4
  { page: '/sign_up', kb: FLOOR_KB }, // 109.5
  { page: '/blogs', kb: FLOOR_KB }, // 108.9
];

/** The path a first visit opens for each page; the listing page is a demo listing's. */
async function pathOf(page: string, request: APIRequestContext): Promise<string> {
  if (page === '/parking') return '/parking?place=Bengaluru&lat=12.9716&lng=77.5946';
  if (page !== '/parking/:id') return page;
  const search = await request.get(`${API}/parkings/search?lat=12.9716&lng=77.5946&radius_km=10&limit=1`);
  const id = ((await search.json()) as { result: { id: string }[] }).result[0]?.id;
  expect(id, 'a demo listing').toBeTruthy();
  return `/parking/${id}`;
}

/** Every script one first visit fetches, with its gzipped size. */
async function firstLoad(page: Page, path: string) {
  const responses: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') responses.push(r);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  const scripts: { path: string; gz: number }[] = [];
  for (const r of responses) scripts.push({ path: new URL(r.url()).pathname, gz: gzipSync(await r.body(), { level: 9 }).length });
  return scripts.sort((a, b) => b.gz - a.gz);
}

for (const budget of BUDGETS_KB) {
  test(`the first load of ${budget.page} stays within ${budget.kb} KB of gzipped JavaScript`, { tag: '@phone' }, async ({ page, request }, testInfo) => {
    const scripts = await firstLoad(page, await pathOf(budget.page, request));
    const kb = scripts.reduce((sum, s) => sum + s.gz, 0) / 1024;
    const list = scripts.map((s) => `${(s.gz / 1024).toFixed(1).padStart(7)} KB  ${s.path}`).join('\n');
    const report = `${list}\n${kb.toFixed(1)} KB gzipped in all (budget ${budget.kb} KB; floor ${FLOOR_KB} KB)`;
    await testInfo.attach('first-load.txt', { body: `${report}\n` });
    console.log(`[budget] ${budget.page} (${testInfo.project.name}): ${scripts.length} scripts, ${kb.toFixed(1)} KB gzipped (budget ${budget.kb} KB)`);
    expect(kb, `the first load of ${budget.page} is over its budget:\n${report}`).toBeLessThanOrEqual(budget.kb);
  });
}
