/**
 * For tests: an app with PAYMENT_PROVIDER=razorpay on a fresh test database, its SDK pointed at a fake
 * Razorpay (fake-razorpay.ts) started for it. `close` ends all three and removes the data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { startFakeRazorpay, type FakeRazorpay } from './fake-razorpay';
import { razorpayPaymentProvider } from './razorpay-payments';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface RazorpayTestApp {
  fake: FakeRazorpay;
  app: App;
  db: Database;
  /** the app's data folder (a config of a test's own may use it) */
  dataDir: string;
  close(): Promise<void>;
}

export async function startRazorpayTestApp(keys: RazorpayKeys, label: string): Promise<RazorpayTestApp> {
  const fake = await startFakeRazorpay(keys);
  const { openTestDatabase } = await import('../../../test/helper');
  const db = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `parkly-${label}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMITS: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    RAZORPAY_CHECKOUT_URL: `${fake.url}/v1/checkout.js`,
  });
  // a short timeout, so a stalled fake answers within the test
  const provider = razorpayPaymentProvider({ keyId: keys.keyId, keySecret: keys.keySecret, apiUrl: fake.url, timeoutMs: 1_500 });
  const app = await buildApp({ config, db, paymentProvider: provider, webDistDir: join(dataDir, 'no-web') });
  await app.ready();
  return {
    fake,
    app,
    db,
    dataDir,
    close: async () => {
      await app.close();
      await db.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
