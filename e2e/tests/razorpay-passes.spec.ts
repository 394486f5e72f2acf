import { mkdirSync } from 'node:fs';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeRazorpay, type FakeRazorpay } from '../../apps/api/src/modules/payments/fake-razorpay';
import { API, expectAccessible, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, publishedListingViaApi } from './support/listings';
import { startOwnServer, type OwnServer } from './support/own-server';
import { renewAt } from './support/renewal-clock';
import { expect as baseExpect, test } from './support/test';

// A monthly pass under Razorpay (decision 042). The driver pays the first month in (the fake) Razorpay Checkout,
// choosing how the renewals are paid (UPI AutoPay or a card): that payment sets the renewals up. Then the payer's
// mandate stops (cancelled in their UPI app, or the card's token expired) and the renewal job runs a day before the
// next month, at a time of the test's own (the server paused, the job run on its database: support/renewal-clock.ts):
// the month waits on the driver, whose booking page offers "Confirm this month's payment", through Checkout again.
// Razorpay's token.cancelled webhook makes the page say the mandate stopped before the job runs (decision 045).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-rz-passes';
const expect = baseExpect.configure({ timeout: 15_000 });
// two payments in Checkout and a server restart in each test: room for a loaded machine
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let fake: FakeRazorpay;
let server: OwnServer | undefined;
let base: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  fake = await startFakeRazorpay({ keyId: 'rzp_test_e2epasses01', keySecret: 'rzp_e2e_pass_secret', webhookSecret: 'rzp_e2e_pass_webhook' });
  server = await startOwnServer('razorpay-passes', {
    // no demo content: each test makes its own people and space, and the server restarts faster
    DEMO_DATA: '0',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    RAZORPAY_CHECKOUT_URL: `${fake.url}/v1/checkout.js`,
  });
  base = server.base;
  api = await newRequest.newContext({ baseURL: base });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await fake?.close();
});

/** A screenshot of the page (`window`: of what is on screen, for a Checkout window over it). */
const shot = (page: Page, name: string, window = false) => page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: !window });

async function openAsGuest(page: Page, token: string, path: string) {
  await page.goto(`${base}/privacy`);
  await page.evaluate((t) => {
    localStorage.setItem('parkly_token', t);
    localStorage.setItem('host_user', '0');
  }, token);
  await page.goto(`${base}${path}`);
}

type Pass = { id: string; renews_at: string; periods: { n: number; payment_status: string }[]; renews_with: { method: string; label: string } | null; events: { event: string; by: string }[] };

/** A new host's one-bay space with a monthly rate, and a new driver holding a pass on it from `day` days ahead. */
async function heldPass(name: string, day: number) {
  const { listing, host } = await publishedListingViaApi(api, {
    title: `Society basement bay ${name}`,
    body: { capacity: 1, hourly_rate: 4000, daily_rate: 30000, monthly_rate: 450000, notice_days: 15, instant_book: true, cancellation_policy: 'flexible' },
  });
  const guest = await signUpViaApi(api, { name });
  const made = await api.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listing.id, start: `${dayAhead(day)}T09:00:00+05:30`, plan: 'monthly' } });
  expect(made.status(), await made.text()).toBe(201);
  return { guest, host, id: ((await made.json()) as { result: { id: string } }).result.id };
}

const passOf = async (token: string, id: string) => ((await (await api.get(`${API}/bookings/${id}`, { headers: auth(token) })).json()) as { result: Pass }).result;
const checkout = (page: Page) => page.getByRole('dialog', { name: /Razorpay test mode/ });
/** The token the pass's first payment made (its order's receipt is the booking). */
function tokenOf(bookingId: string) {
  const order = [...fake.orders.values()].find((o) => o.receipt === bookingId)!;
  return [...fake.payments.values()].find((p) => p.order_id === order.id && p.token_id)!.token_id as string;
}

/** The renewal job, a day before the pass's next month (five minutes into its first attempt). */
async function runRenewalDue(token: string, id: string) {
  const { renews_at } = await passOf(token, id);
  const at = new Date(Date.parse(renews_at) - 86_400_000 + 5 * 60_000);
  return server!.paused((env) => renewAt(env, at, id));
}

async function payInCheckout(page: Page, how: { upi: string } | { card: string }) {
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  if ('upi' in how) {
    await expect(dialog).toContainText('This payment also sets up UPI AutoPay');
    await dialog.getByLabel('UPI ID').fill(how.upi);
  } else {
    await expect(dialog).toContainText('Your card is saved with Razorpay for later payments');
    await dialog.getByLabel('Card number').fill(how.card);
    await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await dialog.getByLabel('CVV').fill('123');
  }
  // a recurring authorisation is paid only the way its order says: no choice of tabs
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
}

test('a driver buys a pass with UPI AutoPay; a cancelled mandate makes the next month wait; they confirm it by card', async ({ page, browser }) => {
  const { guest, host, id } = await heldPass('Meera Pass', 3);

  // the payment page: how the renewals are paid, UPI AutoPay first
  await openAsGuest(page, guest.token, `/Paymentstripe?booking=${id}`);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  const how = page.getByRole('group', { name: 'How your renewals are paid' });
  await expect(how.getByRole('radio', { name: /UPI AutoPay/ })).toBeChecked();
  await expect(page.getByText('This payment also sets up UPI AutoPay for your renewals')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'pass-pay');

  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(checkout(page)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'pass-checkout-upi', true);
  await payInCheckout(page, { upi: 'meera@okaxis' });
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await passOf(guest.token, id)).toMatchObject({ renews_with: { method: 'upi', label: 'UPI AutoPay · meera@okaxis' } });

  // the booking page says what renews it
  await page.goto(`${base}/parking/booking-details/${id}`);
  const pass = page.getByRole('region', { name: 'Monthly pass' });
  await expect(pass).toContainText('UPI AutoPay · meera@okaxis is debited a day before each renewal');
  await expect(pass.getByRole('button', { name: "Confirm this month's payment" })).toHaveCount(0);

  // the payer cancels the mandate in their UPI app: Razorpay's webhook says so, and the page at once (decision 045)
  const token = tokenOf(id);
  fake.revokeToken(token);
  const cancelled = fake.eventsOf(token).find((e) => e.type === 'token.cancelled')!;
  expect((await fake.deliver(`${base}${API}/payments/razorpay-webhook`, cancelled)).status).toBe(200);
  await page.reload();
  await expect(pass).toContainText('UPI AutoPay · meera@okaxis (cancelled in your UPI app)');
  await expect(pass).toContainText('Renewals are stopped');
  await expectAccessible(page);
  await shot(page, 'pass-mandate-cancelled');

  // a day before the next month the renewal job runs: the month waits on the driver, the dead token is not tried
  expect(await runRenewalDue(guest.token, id)).toMatchObject({ action_required: 1, renewed: 0 });
  const notices = ((await (await api.get(`${API}/get-notification`, { headers: auth(guest.token) })).json()) as { notification: { title: string }[] }).notification;
  expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(["Monthly pass: confirm this month's payment", 'Monthly pass: UPI AutoPay was cancelled']));

  // the booking page: the month waits on the driver
  await page.goto(`${base}/parking/booking-details/${id}`);
  const waiting = pass.getByRole('alert').filter({ hasText: 'This month’s payment needs you' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('We try your saved payment method again on');
  await expect(pass.getByRole('listitem').filter({ hasText: 'Month 2' })).toContainText('Waiting for your confirmation');
  await expectAccessible(page);
  await shot(page, 'pass-waiting');

  // the host sees the month waiting on the driver (and not the driver's UPI ID)
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const hostPage = await hostContext.newPage();
  await hostPage.goto(`${base}/privacy`);
  await hostPage.evaluate((t) => {
    localStorage.setItem('parkly_token', t);
    localStorage.setItem('host_user', '1');
  }, host.token);
  await hostPage.goto(`${base}/booking_details?id=${id}`);
  const hostPass = hostPage.getByRole('region', { name: 'Monthly pass' });
  await expect(hostPass.getByRole('alert').filter({ hasText: 'The renewal is waiting for the driver' })).toBeVisible();
  await expect(hostPass.getByRole('listitem').filter({ hasText: 'Month 2' })).toContainText('Waiting for the driver');
  await expect(hostPass.getByRole('button', { name: "Confirm this month's payment" })).toHaveCount(0);
  await expect(hostPass).not.toContainText('meera@okaxis');
  await expectAccessible(hostPage);
  await hostPage.screenshot({ path: `${SHOTS}/pass-waiting-host-${test.info().project.name}.png`, fullPage: true });
  await hostContext.close();

  // they confirm it, by card this time: Checkout for the month, which also keeps the card for the renewals
  await waiting.getByRole('radio', { name: /Card/ }).check();
  await waiting.getByRole('button', { name: "Confirm this month's payment" }).click();
  await expect(checkout(page)).toBeVisible();
  await shot(page, 'pass-confirm-checkout', true);
  await payInCheckout(page, { card: '4111 1111 1111 1111' });
  await expect(page.getByRole('status').filter({ hasText: 'This month is paid. Your pass goes on.' })).toBeVisible();
  await expect(pass.getByRole('listitem').filter({ hasText: 'Month 2' })).toContainText('Paid');
  await expect(pass).toContainText('Visa ending 1111 is charged a day before each renewal');
  await expect(pass.getByRole('alert').filter({ hasText: 'needs you' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'pass-confirmed');
  const after = await passOf(guest.token, id);
  expect(after.periods.map((p) => [p.n, p.payment_status])).toEqual([
    [1, 'paid'],
    [2, 'paid'],
  ]);
  expect(after.events.filter((e) => e.event === 'renew')).toEqual([expect.objectContaining({ by: 'guest' })]);
});

test('at phone width: a card pass whose token expired; the window closed once, then confirmed with UPI AutoPay', { tag: '@phone' }, async ({ page }) => {
  const { guest, id } = await heldPass('Kiran Pass', 4);
  await openAsGuest(page, guest.token, `/Paymentstripe?booking=${id}`);
  await page.getByRole('group', { name: 'How your renewals are paid' }).getByRole('radio', { name: /Card/ }).check();
  await expect(page.getByText('Razorpay keeps the card you pay with for your renewals')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'pass-pay-card');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await payInCheckout(page, { card: '4111 1111 1111 1111' });
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();

  fake.expireToken(tokenOf(id));
  expect(await runRenewalDue(guest.token, id)).toMatchObject({ action_required: 1 });

  await page.goto(`${base}/parking/booking-details/${id}`);
  const pass = page.getByRole('region', { name: 'Monthly pass' });
  const waiting = pass.getByRole('alert').filter({ hasText: 'This month’s payment needs you' });
  await expect(waiting).toBeVisible();
  // the renewals were paid by card: that is offered first
  await expect(waiting.getByRole('radio', { name: /Card/ })).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'pass-waiting');

  // the window closed: nothing taken, still waiting
  await waiting.getByRole('radio', { name: /UPI AutoPay/ }).check();
  await waiting.getByRole('button', { name: "Confirm this month's payment" }).click();
  await checkout(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment window closed. Nothing was taken.' })).toBeVisible();
  await shot(page, 'pass-window-closed');

  await waiting.getByRole('button', { name: "Confirm this month's payment" }).click();
  await expectAccessible(page);
  await shot(page, 'pass-confirm-checkout', true);
  await payInCheckout(page, { upi: 'kiran@oksbi' });
  await expect(page.getByRole('status').filter({ hasText: 'This month is paid. Your pass goes on.' })).toBeVisible();
  await expect(pass).toContainText('UPI AutoPay · kiran@oksbi is debited a day before each renewal');
  await expectAccessible(page);
  await shot(page, 'pass-confirmed');
  expect((await passOf(guest.token, id)).periods.map((p) => p.payment_status)).toEqual(['paid', 'paid']);
});
