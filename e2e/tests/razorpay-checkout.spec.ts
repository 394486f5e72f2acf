import { mkdirSync } from 'node:fs';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeRazorpay, type FakeRazorpay } from '../../apps/api/src/modules/payments/fake-razorpay';
import { API, expectAccessible, GUEST_EMAIL, loginViaApi, signUpViaApi } from './support/fixtures';
import { auth, publishedListingViaApi } from './support/listings';
import { startOwnServer, type OwnServer } from './support/own-server';
import { expect as baseExpect, test } from './support/test';

// Paying with Razorpay Checkout. The browser cannot reach Razorpay, so this spec starts the fake
// Razorpay (fake-razorpay.ts), whose /v1/checkout.js is a stand-in for Checkout with its real surface,
// and an API of its own with PAYMENT_PROVIDER=razorpay pointed at it (RAZORPAY_API_URL for the SDK,
// RAZORPAY_CHECKOUT_URL for the page). Razorpay's webhooks are delivered by the test, when it chooses.
// Demo data is loaded so the admin can read a booking's payment lines (no double recording).

const SHOTS = '/tmp/shots-rz-web';
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const UPI_FAILED = 'Your UPI payment did not go through, so nothing was taken. Try again, or pay another way.';

let fake: FakeRazorpay;
let server: OwnServer | undefined;
let base: string;
let api: APIRequestContext;
let instantId: string;
let requestId: string;
let adminToken: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  fake = await startFakeRazorpay({ keyId: 'rzp_test_e2eparkly01', keySecret: 'rzp_e2e_key_secret', webhookSecret: 'rzp_e2e_webhook_secret' });
  server = await startOwnServer('razorpay', {
    DEMO_DATA: '1',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    RAZORPAY_CHECKOUT_URL: `${fake.url}/v1/checkout.js`,
  });
  base = server.base;
  api = await newRequest.newContext({ baseURL: base });
  const body = { capacity: 4, hourly_rate: 3000, cancellation_policy: 'moderate' } as const;
  instantId = (await publishedListingViaApi(api, { title: 'Indiranagar UPI driveway', body: { ...body, instant_book: true } })).listing.id;
  requestId = (await publishedListingViaApi(api, { title: 'Jayanagar request garage', body: { ...body, instant_book: false } })).listing.id;
  adminToken = await loginViaApi(api, 'admin@parkly.test');
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await fake?.close();
});

async function openAsGuest(page: Page, token: string, path: string) {
  await page.goto(`${base}/privacy`);
  await page.evaluate((t) => {
    localStorage.setItem('parkly_token', t);
    localStorage.setItem('host_user', '0');
  }, token);
  await page.goto(`${base}${path}`);
}

let day = 2;
/** A new driver holding a booking of a space (a day of its own each time), on the payment page. */
async function onPaymentPage(page: Page, listingId = instantId) {
  const guest = await signUpViaApi(api);
  const date = new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10);
  const booked = await api.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listingId, start: `${date}T10:00:00+05:30`, end: `${date}T12:00:00+05:30` } });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = ((await booked.json()) as { result: { id: string; total: number } }).result;
  await openAsGuest(page, guest.token, `/Paymentstripe?booking=${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  return { guest, bookingId: booking.id, total: booking.total };
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹/ });
const checkout = (page: Page) => page.getByRole('dialog', { name: /Razorpay test mode/ });

async function payByUpi(page: Page, vpa: string) {
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('UPI ID').fill(vpa);
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
}

async function payByCard(page: Page, number: string) {
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Card' }).click();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
}

async function bookingOf(token: string, id: string) {
  const res = await api.get(`${API}/bookings/${id}`, { headers: auth(token) });
  return ((await res.json()) as { result: { status: string; payment_status: string } }).result;
}

/** The booking's payment lines as the admin sees them (kind, status, amount, provider's reference). */
async function paymentLines(bookingId: string) {
  const res = await api.get(`${API}/admin/bookings/${bookingId}`, { headers: auth(adminToken) });
  expect(res.status(), await res.text()).toBe(200);
  const lines = ((await res.json()) as { result: { payments: { kind: string; status: string; amount: number; provider_ref: string | null }[] } }).result.payments;
  return lines.map((l) => `${l.kind} ${l.status} ${l.amount} ${l.provider_ref ?? ''}`).sort();
}

const orderOf = (bookingId: string) => [...fake.orders.values()].find((o) => o.receipt === bookingId) as { id: string } | undefined;
const paymentsOf = (orderId: string) => [...fake.payments.values()].filter((p) => p.order_id === orderId) as { id: string; status: string; method: string }[];
/** Razorpay's webhooks about the booking's order (its payments and the order), posted to the API as Razorpay would. */
async function deliverWebhooks(bookingId: string) {
  const order = orderOf(bookingId)!;
  const events = fake.events.filter((e) => e.body.includes(`"${order.id}"`));
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) expect((await fake.deliver(`${base}${API}/payments/razorpay-webhook`, e)).status).toBe(200);
  return events.map((e) => e.type);
}

test('UPI: the driver pays in Checkout and the booking is confirmed; Checkout loads only when paying', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/checkout.js')) scripts.push(r.url());
  });
  const { guest, bookingId } = await onPaymentPage(page);
  await expect(page.getByRole('heading', { name: 'Pay with Razorpay' })).toBeVisible();
  const ways = page.getByRole('list', { name: 'Ways to pay' });
  for (const way of ['UPI', 'Cards', 'Netbanking', 'Wallets']) await expect(ways.getByText(way, { exact: true })).toBeVisible();
  // the hold countdown stays, and no card form of the app's own
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  expect(scripts).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-pay-1280.png`, fullPage: true });

  await payButton(page).click();
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  expect(scripts).toEqual([`${fake.url}/v1/checkout.js`]);
  await expect(dialog).toContainText('Indiranagar UPI driveway');
  await expect(page.getByRole('button', { name: 'Finish paying in the Razorpay window' })).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-checkout-open-1280.png` });

  await payByUpi(page, 'driver@okaxis');
  await expect(page).toHaveURL(/\/Sucesspopup\?booking=/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  expect(paymentsOf(orderOf(bookingId)!.id).map((p) => [p.method, p.status])).toEqual([['upi', 'captured']]);
  await page.screenshot({ path: `${SHOTS}/razorpay-success-1280.png`, fullPage: true });
});

test('a failed UPI payment shows why and keeps the space held; a card then pays on the same order', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await payButton(page).click();
  await payByUpi(page, 'driver@fail');

  const alert = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  await expect(alert).toContainText(UPI_FAILED);
  await expect(alert).toContainText('Your space is still held');
  await expect(checkout(page)).toHaveCount(0);
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'pending_payment' });
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-upi-failed-1280.png`, fullPage: true });

  await payButton(page).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  const order = orderOf(bookingId)!;
  expect(paymentsOf(order.id).map((p) => [p.method, p.status])).toEqual([
    ['upi', 'failed'],
    ['card', 'captured'],
  ]);
});

test('a declined card: the message, the hold stands, and the booking is still payable', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await payButton(page).click();
  await payByCard(page, '4000 0000 0000 0002');
  const alert = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('nothing was taken');
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'pending_payment' });
  await expect(payButton(page)).toBeEnabled();
});

test('closing the Checkout window takes nothing and says so; paying afterwards works', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await payButton(page).click();
  await checkout(page).getByRole('button', { name: 'Close' }).click();
  await expect(checkout(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Payment window closed. Nothing was taken.' })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'pending_payment' });
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-closed-1280.png`, fullPage: true });

  // Escape closes it too
  await payButton(page).click();
  await expect(checkout(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checkout(page)).toHaveCount(0);

  await payButton(page).click();
  await payByUpi(page, 'driver@oksbi');
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed' });
});

test('the payer pays and the tab is gone before the page reports it: the webhook confirms the booking', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  // the handler's report never reaches Parkly (the tab was closed right after paying)
  let blocked = 0;
  await page.route('**/backend/api/v1/bookings/*/pay', (route) => {
    if (route.request().postData()?.includes('razorpay_signature')) {
      blocked += 1;
      return route.abort();
    }
    return route.continue();
  });
  await payButton(page).click();
  await payByUpi(page, 'driver@okicici');
  await expect.poll(() => blocked).toBe(1);
  await page.close();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'pending_payment' });

  const delivered = await deliverWebhooks(bookingId);
  expect(delivered).toEqual(expect.arrayContaining(['payment.captured', 'order.paid']));
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

  const again = await page.context().newPage();
  await openAsGuest(again, guest.token, `/parking/booking-details/${bookingId}`);
  await expect(again.getByText('Confirmed').first()).toBeVisible();
  // the payment page knows it is paid
  await again.goto(`${base}/Paymentstripe?booking=${bookingId}`);
  await expect(again.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
});

test('webhooks after the page has recorded the payment change nothing (and neither do replays)', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await payButton(page).click();
  await payByUpi(page, 'driver@okhdfc');
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  const before = await paymentLines(bookingId);
  expect(before.length).toBeGreaterThan(0);

  await deliverWebhooks(bookingId);
  await deliverWebhooks(bookingId);
  expect(await paymentLines(bookingId)).toEqual(before);
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
});

test('request to book: the payment is authorised, not taken, and the request is sent', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page, requestId);
  await expect(page.getByText('The amount is held, not taken')).toBeVisible();
  await payButton(page).click();
  await payByUpi(page, 'driver@okaxis');
  await expect(page.getByRole('heading', { name: 'Request sent', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'requested' });
  expect(paymentsOf(orderOf(bookingId)!.id).map((p) => p.status)).toEqual(['authorized']);
});

test('Checkout that cannot be loaded is a clear error, and trying again opens it', async ({ page }) => {
  await onPaymentPage(page);
  let refused = 0;
  await page.route(`${fake.url}/v1/checkout.js`, (route) => {
    refused += 1;
    return route.abort();
  });
  await payButton(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Razorpay did not open' });
  await expect(alert).toContainText('could not be loaded');
  expect(refused).toBe(1);
  await page.unroute(`${fake.url}/v1/checkout.js`);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(checkout(page)).toBeVisible();
  await expect(page.getByText('Razorpay did not open')).toHaveCount(0);
});

test('saved cards from before Razorpay are shown as not usable here', async ({ page }) => {
  // the demo driver has a card saved with the simulated provider
  const token = await loginViaApi(api, GUEST_EMAIL);
  const cards = ((await (await api.get(`${API}/payment-methods`, { headers: auth(token) })).json()) as { result: { last4: string }[] }).result;
  expect(cards.length).toBeGreaterThan(0);
  const date = new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10);
  const booked = await api.post(`${API}/bookings`, { headers: auth(token), data: { parking_id: instantId, start: `${date}T10:00:00+05:30`, end: `${date}T12:00:00+05:30` } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = ((await booked.json()) as { result: { id: string } }).result;
  await openAsGuest(page, token, `/Paymentstripe?booking=${id}`);
  await expect(page.getByRole('heading', { name: 'Your saved cards' })).toBeVisible();
  await expect(page.getByText(`ending ${cards[0]!.last4}`)).toBeVisible();
  await expect(page.getByText('Saved for card payments before Razorpay; not usable here.')).toHaveCount(cards.length);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-saved-cards-1280.png`, fullPage: true });

  // the saved cards page says which cards work now, and offers no card to add
  await page.goto(`${base}/payment_card`);
  await expect(page.getByRole('heading', { name: 'You pay with Razorpay' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your cards' });
  await expect(list.getByText('Not usable now')).toHaveCount(cards.length);
  await expect(list.getByRole('button', { name: /Make .* the default/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a card' })).toHaveCount(0);
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/razorpay-card-page-${width}.png`, fullPage: true });
  }
});

test('at phone width: pay by UPI in Checkout and see the booking confirmed', { tag: '@phone' }, async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-pay-390.png`, fullPage: true });
  await payButton(page).click();
  await expect(checkout(page)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/razorpay-checkout-open-390.png` });
  await payByUpi(page, 'driver@fail');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toContainText(UPI_FAILED);
  await page.screenshot({ path: `${SHOTS}/razorpay-upi-failed-390.png`, fullPage: true });
  await payButton(page).click();
  await payByUpi(page, 'driver@okaxis');
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/razorpay-success-390.png`, fullPage: true });
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed' });
});
