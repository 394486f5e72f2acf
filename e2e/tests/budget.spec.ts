import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from './support/test';

/** DESIGN section 7: the first load of / stays within 150 KB of gzipped JavaScript. */
const HOME_JS_BUDGET_KB = 150;

test('the first load of / stays within the JavaScript budget', { tag: '@both' }, async ({ page }, testInfo) => {
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('search', { name: 'Find parking' })).toBeVisible();
  let total = 0;
  const lines: string[] = [];
  for (const r of scripts) {
    const gz = gzipSync(await r.body(), { level: 9 }).length;
    total += gz;
    lines.push(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url()).pathname}`);
  }
  const kb = total / 1024;
  await testInfo.attach('home-js.txt', { body: `${lines.join('\n')}\n${kb.toFixed(1)} KB gzipped in all\n` });
  console.log(`[budget] first load of / (${testInfo.project.name}): ${scripts.length} scripts, ${kb.toFixed(1)} KB gzipped (budget ${HOME_JS_BUDGET_KB} KB)`);
  expect(kb).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
});
