import { mkdirSync } from 'node:fs';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeRazorpay, type FakeRazorpay } from '../../apps/api/src/modules/payments/fake-razorpay';
import { API, DEMO_PASSWORD, expectAccessible, HOST_EMAIL } from './support/fixtures';
import { main, rupees } from './support/screens';
import { startOwnServer, type OwnServer } from './support/own-server';
import { expect as baseExpect, test } from './support/test';

// Hosts paid automatically through RazorpayX (docs/decisions/033-razorpayx-payouts.md). The browser
// never reaches RazorpayX: this spec starts a fake Razorpay and an API of its own with RazorpayX
// pointed at it (demo data, the simulated payment provider for guests). RazorpayX's word comes as it
// does in production: the fake settles the payout and posts the signed payout.* webhook.

const SHOTS = '/tmp/shots-px';
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const KEY_ID = 'rzp_test_e2ePayouts0001';
const KEY_SECRET = 'e2e_key_secret_payouts';
const WEBHOOK_SECRET = 'e2e_webhook_secret_payouts';
const ACCOUNT = '2323230041626905';

let fake: FakeRazorpay;
let server: OwnServer | undefined;
let base: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, accountNumber: ACCOUNT });
  server = await startOwnServer('payouts', {
    PAYMENT_PROVIDER: 'simulated',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
    RAZORPAY_API_URL: fake.url,
  });
  base = server.base;
  api = await newRequest.newContext({ baseURL: base });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await fake?.close();
});

async function login(email: string) {
  const res = await api.post(`${API}/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface PayoutView {
  id: string;
  amount: number;
  status: string;
  sent: boolean;
}
async function earnings(token: string) {
  const res = await api.get(`${API}/host/earnings`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { totals: { available: number; paid_out: number }; payouts: PayoutView[] } }).result;
}

async function openAs(page: Page, token: string, path: string, mode: 'host' | 'guest') {
  await page.goto(`${base}/privacy`);
  await page.evaluate(
    ([t, m]) => {
      localStorage.setItem('parkly_token', t);
      localStorage.setItem('host_user', m === 'host' ? '1' : '0');
    },
    [token, mode] as const,
  );
  await page.goto(`${base}${path}`);
}

/** RazorpayX settles the payout and posts its webhook (signed, as Razorpay does). */
async function razorpayxSays(payoutId: string, outcome: 'processed' | 'reversed') {
  const pout = [...fake.payouts.values()].find((p) => p.reference_id === payoutId);
  expect(pout, 'the payout was made at RazorpayX').toBeTruthy();
  fake.settlePayout(pout!.id as string, outcome);
  const event = fake.eventsOf(pout!.id as string).filter((e) => e.type === `payout.${outcome}`).at(-1)!;
  const res = await fake.deliver(`${base}${API}/payments/razorpay-webhook`, event);
  expect(res.status, res.body).toBe(200);
  return pout!.id as string;
}

test('a host picks weekly payouts, asks for one, and sees it on its way, then paid; a returned one comes back and an admin retries it', async ({ page }) => {
  const token = await login(HOST_EMAIL);
  const before = await earnings(token);
  expect(before.totals.available).toBeGreaterThan(0);

  // phone width: the schedule and the request
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, token, '/earning', 'host');
  const panel = main(page).getByRole('region', { name: 'Payouts' });
  await expect(panel.getByTestId('payout-schedule')).toHaveText('You ask for each payout.');
  const schedule = panel.getByRole('group', { name: 'Pay me automatically' });
  await schedule.getByRole('radio', { name: /Weekly, on Mondays/ }).check();
  await panel.getByRole('button', { name: 'Save schedule' }).click();
  await expect(panel.getByRole('status')).toContainText(/Payout schedule saved\. Weekly, on Mondays: next on Mon, \d+ \w+\./);
  await expect(panel.getByTestId('payout-schedule')).toHaveText(/^Weekly, on Mondays: next on Mon/);
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Request payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request payout' });
  await expect(dialog).toContainText('We send it at once');
  await dialog.getByRole('button', { name: `Request ${rupees(before.totals.available)}` }).click();
  await expect(panel.getByRole('status')).toContainText('We are sending it now');
  const mine = (await earnings(token)).payouts[0]!;
  expect(mine).toMatchObject({ amount: before.totals.available });

  // the sender made it at RazorpayX after the request's commit: on its way
  await expect.poll(async () => (await earnings(token)).payouts[0]!.sent).toBe(true);
  await page.reload();
  const history = main(page).getByRole('region', { name: 'Payout history' });
  const entry = history.getByRole('listitem').filter({ hasText: rupees(mine.amount) }).first();
  await expect(entry.getByText('On its way', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await panel.screenshot({ path: `${SHOTS}/earning-panel-390.png` });
  await history.screenshot({ path: `${SHOTS}/earning-on-its-way-390.png` });

  // RazorpayX: processed
  const poutId = await razorpayxSays(mine.id, 'processed');
  await page.reload();
  await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
  await expect(entry).toContainText(/ref\. UTR/);
  await page.screenshot({ path: `${SHOTS}/earning-paid-390.png`, fullPage: true });

  // desktop width: the bank sends it back; the money is available again
  await page.setViewportSize({ width: 1280, height: 800 });
  await razorpayxSays(mine.id, 'reversed');
  await page.reload();
  await expect(entry.getByText('Failed — money back in your balance', { exact: true })).toBeVisible();
  await expect(entry).toContainText('The bank sent the payout back');
  await expect(main(page).getByTestId('total-available')).toHaveText(rupees(before.totals.available));
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/earning-returned-1280.png`, fullPage: true });

  // the admin console: the RazorpayX payout and its status, and a retry of the failed one
  const adminToken = await login('admin@parkly.test');
  await openAs(page, adminToken, '/admin/payouts?status=failed', 'guest');
  const row = main(page).getByRole('listitem').filter({ hasText: poutId });
  await expect(row).toContainText('reversed');
  await expect(main(page).getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/admin-payouts-failed-1280.png`, fullPage: true });
  await row.getByRole('button', { name: /^Retry: / }).click();
  await expect(main(page).getByRole('status')).toContainText('again as a new payout');
  await expect(row).toContainText('Retried: see the newer payout');

  await expect.poll(async () => (await earnings(token)).payouts[0]).toMatchObject({ amount: mine.amount, sent: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, adminToken, '/admin/payouts', 'guest');
  await expect(main(page).getByText('Retry of an earlier failed payout').first()).toBeVisible();
  // with RazorpayX, open payouts are in flight at RazorpayX, not requests for an admin to pay
  await expect(main(page).getByLabel('Show').locator('option:checked')).toHaveText('In flight');
  await expect(main(page).getByRole('heading', { name: 'Payouts in flight' })).toBeVisible();
  const retried = main(page).getByRole('listitem').filter({ hasText: 'Retry of an earlier failed payout' }).first();
  await expect(retried.getByText('In flight', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Requested (to pay)')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/admin-payouts-390.png`, fullPage: true });
});
