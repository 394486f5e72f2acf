/**
 * A Stripe world for API tests: a fake Stripe on a local port, a test database, the app with the
 * stripe driver (the real SDK) pointed at the fake, an instant-book and a request-to-book listing, and
 * one driver, shared by a whole test file (sign-ups and photos are slow on a busy machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../../test/helper';
import { newGuest, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { startFakeStripe } from './fake-stripe';
import { stripeProvider } from './stripe-provider';

export async function startStripeWorld(opts: { webhookSecret: string; timeoutMs: number; instant?: Parameters<typeof publishedListing>[1] }) {
  const fake = await startFakeStripe();
  const db = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-stripe-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMITS: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: opts.webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  // no SDK retries and a short timeout, so a stalled fake answers within the test
  const provider = stripeProvider({ secretKey: 'sk_test_fake', apiBase: fake.url, timeoutMs: opts.timeoutMs, maxNetworkRetries: 0 });
  const app = await buildApp({ config, db, paymentProvider: provider, webDistDir: join(dataDir, 'no-web') });
  await app.ready();
  const instant = await publishedListing(app, opts.instant);
  const request = await publishedListing(app, { instant_book: false });
  const guest = await newGuest(app);
  let slot = 0;
  return {
    fake,
    dataDir,
    db,
    app,
    instant,
    request,
    guest,
    /** a window of its own for each booking (capacity 2: no two tests ever compete) */
    nextWindow: () => window(24 + 3 * slot++, 2),
    async close() {
      await app.close();
      await db.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
