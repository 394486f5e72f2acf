import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the browser Playwright itself runs
 * headless tests in) when installed, about a quarter less CPU per test than the full browser's headless mode;
 * else the full browser. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Browser tests against the production build, in the system Chromium (never a downloaded one). */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: 'list',
  // one folder per server port, so runs side by side keep their own traces
  outputDir: `../test-results/${PORT}`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  // Each test runs once, at desktop width, unless tagged: `{ tag: '@phone' }` runs it at phone width
  // instead, `{ tag: '@both' }` at both (keep that for what differs by layout: menus, sheets, the map).
  projects: [
    { name: 'phone', grep: /@phone|@both/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  // the SMTP sink the server's mail goes to (tests/support/mail-sink.ts: port PORT + 20000)
  globalSetup: './tests/support/mail-sink-setup.ts',
  webServer: {
    // a fresh data folder each run: demo content is loaded into an empty embedded database
    command: `rm -rf .data-${PORT} && node ../apps/api/dist/server.js`,
    url: `${baseURL}/backend/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { DATA_DIR: `.data-${PORT}`, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMITS: '0', PUBLIC_URL: baseURL, SMTP_URL: `smtp://127.0.0.1:${PORT + 20_000}` },
  },
});
