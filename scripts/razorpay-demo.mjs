// npm run demo:razorpay: the whole Razorpay path on this machine, no account and no internet needed.
// Builds whatever is missing, starts the fake Razorpay (apps/api/src/modules/payments/fake-razorpay.ts,
// with its fake Checkout window) on a fixed local port, and the app with demo data and
// PAYMENT_PROVIDER=razorpay pointed at it (and RAZORPAYX_ACCOUNT_NUMBER, so hosts' payouts go out through
// the fake RazorpayX, which settles each one as processed a moment later), then passes every event the
// fake Razorpay emits on to the app's webhook, as Razorpay would (so a payer who closes the tab after
// paying still gets a confirmed booking). Ctrl+C stops both and removes the demo's data folder.
//
// Settings: PORT (the app, default 3000), RAZORPAY_DEMO_PORT (the fake Razorpay, default 4590).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { buildMissing } from './build-missing.mjs';

const PORT = Number(process.env.PORT ?? 3000);
const FAKE_PORT = Number(process.env.RAZORPAY_DEMO_PORT ?? 4590);
const KEYS = { keyId: 'rzp_test_parklydemo01', keySecret: 'parkly_demo_key_secret', webhookSecret: 'parkly_demo_webhook_secret' };

buildMissing();

// the fake is TypeScript, loaded as the tests load it
register();
const { startFakeRazorpay } = await import('../apps/api/src/modules/payments/fake-razorpay.ts');
const { FAKE_CHECKOUT_TEST_CARDS } = await import('../apps/api/src/modules/payments/fake-razorpay-checkout.ts');
let fake;
try {
  fake = await startFakeRazorpay({ ...KEYS, port: FAKE_PORT });
} catch (err) {
  console.error(`The fake Razorpay could not start on port ${FAKE_PORT} (${err.code ?? err.message}). Set RAZORPAY_DEMO_PORT to a free port.`);
  process.exit(1);
}

const base = `http://localhost:${PORT}`;
const webhookUrl = `http://127.0.0.1:${PORT}/backend/api/v1/payments/razorpay-webhook`;
const dataDir = mkdtempSync(join(tmpdir(), 'parkly-razorpay-demo-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: process.env.HOST ?? '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    PUBLIC_URL: base,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
    RAZORPAY_API_URL: fake.url,
    RAZORPAY_CHECKOUT_URL: `${fake.url}/v1/checkout.js`,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let stopping = false;
let ready = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  clearInterval(forwarder);
  server.kill('SIGTERM');
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => {
  if (!stopping) console.error(`The app stopped (exit code ${code}).`);
  void stop(code ?? 1);
});

// Razorpay's webhooks: each event the fake emits, posted signed to the app once, a moment later; the
// bank's answer on each payout RazorpayX is processing (paid), and on each UPI AutoPay debit of a monthly
// pass's renewal (debited: decision 042), the tick after it was made
let sent = 0;
let forwarding = false;
const processing = new Set();
const forwarder = setInterval(async () => {
  if (forwarding || !ready) return;
  forwarding = true;
  try {
    for (const payout of fake.payouts.values()) {
      if (payout.status !== 'processing') continue;
      if (processing.has(payout.id)) fake.settlePayout(payout.id, 'processed');
      else processing.add(payout.id);
    }
    for (const payment of fake.payments.values()) {
      if (!payment.recurring || payment.status !== 'created') continue;
      if (processing.has(payment.id)) fake.settleRecurring(payment.id, 'captured');
      else processing.add(payment.id);
    }
    while (sent < fake.events.length) {
      const event = fake.events[sent];
      const answer = await fake.deliver(webhookUrl, event).catch((err) => ({ status: `failed (${err.message})` }));
      console.log(`  webhook ${event.type} -> ${answer.status}`);
      sent += 1;
    }
  } finally {
    forwarding = false;
  }
}, 1000);

for (let i = 0; i < 240 && !ready && !stopping; i++) {
  ready = await fetch(`http://127.0.0.1:${PORT}/backend/api/v1/health`).then((r) => r.ok, () => false);
  if (!ready) await new Promise((r) => setTimeout(r, 500));
}
if (!ready) {
  console.error('The app did not start within two minutes.');
  await stop(1);
}

console.log(`
Parkly with Razorpay (test mode, against a fake Razorpay on ${fake.url}) is running on ${base}

  Log in as guest@parkly.test (password parkly-demo), book a space and press "Pay".
  Razorpay's window opens; it is a local stand-in with Razorpay Checkout's behaviour:
    UPI   any UPI ID (like demo@okaxis) succeeds; one ending in @fail fails, or tick "Payment fails"
    Card  ${FAKE_CHECKOUT_TEST_CARDS.success} succeeds, ${FAKE_CHECKOUT_TEST_CARDS.declined} is declined (any expiry, any CVV)
  Webhooks are passed on to the app every second, so a payment still confirms its booking if the tab is closed.
  A monthly pass asks how it renews (UPI AutoPay or a card); its UPI AutoPay debits are paid a second later.
  Other logins: host@parkly.test (accepts requests; payouts on /earning go out through the fake RazorpayX
  and are paid a few seconds later), admin@parkly.test (refunds, payouts), same password.

Ctrl+C stops it (the demo's data is thrown away).
`);
