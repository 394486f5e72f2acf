import { mkdirSync } from 'node:fs';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../apps/api/src/modules/payments/fake-stripe';
import { API, expectAccessible, signUpViaApi } from './support/fixtures';
import { FAKE_STRIPE_JS } from './support/fake-stripe-js';
import { auth, publishedListingViaApi } from './support/listings';
import { startOwnServer, type OwnServer } from './support/own-server';
import { expect as baseExpect, test } from './support/test';

// Paying with the Stripe driver: a new card typed into Stripe Elements, and 3-D Secure. The browser
// cannot reach Stripe, so this spec starts a fake Stripe, and an API of its own with the Stripe driver
// pointed at it; page.route serves a fake Stripe.js (support/fake-stripe-js.ts) and sends its calls
// to api.stripe.com to the fake. Setup goes through the API.

const SHOTS = '/tmp/shots';
const expect = baseExpect.configure({ timeout: 15_000 });
// one API server and one fake Stripe for the file: its tests share them, in order
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let fake: FakeStripe;
let server: OwnServer | undefined;
let base: string;
let api: APIRequestContext;
let listingId: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  fake = await startFakeStripe({ secretKey: 'sk_test_e2e', publishableKey: 'pk_test_e2e' });
  server = await startOwnServer('stripe', {
    DEMO_DATA: '0',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_API_BASE: fake.url,
  });
  base = server.base;
  api = await newRequest.newContext({ baseURL: base });
  listingId = await listingViaApi(api);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await fake?.close();
});

/** A host's published, instant-book space for three cars at ₹30 an hour. */
async function listingViaApi(request: APIRequestContext) {
  const { listing } = await publishedListingViaApi(request, {
    title: 'Elements driveway',
    body: { capacity: 3, hourly_rate: 3000, instant_book: true, cancellation_policy: 'moderate' },
  });
  return listing.id;
}

let day = 2;
/** A new driver holding a booking of the space (a day of its own each time), on the payment page. */
async function onPaymentPage(page: Page) {
  const guest = await signUpViaApi(api);
  const date = new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10);
  const booked = await api.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listingId, start: `${date}T10:00:00+05:30`, end: `${date}T12:00:00+05:30` } });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = ((await booked.json()) as { result: { id: string } }).result;

  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${fake.url}${url.pathname}${url.search}` }) });
  });
  await page.goto(`${base}/privacy`);
  await page.evaluate((t) => {
    localStorage.setItem('parkly_token', t);
    localStorage.setItem('host_user', '0');
  }, guest.token);
  await page.goto(`${base}/Paymentstripe?booking=${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  return { guest, bookingId: booking.id };
}

async function typeCard(page: Page, number: string) {
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 30');
  await page.getByLabel('Credit or debit card CVC').fill('123');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹/ });

async function bookingOf(token: string, id: string) {
  const res = await api.get(`${API}/bookings/${id}`, { headers: auth(token) });
  return ((await res.json()) as { result: { status: string; payment_status: string; card: { last4: string } | null } }).result;
}

test('a driver pays with a new card typed into Stripe Elements; the number goes to Stripe only', async ({ page }) => {
  const sentToParkly: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(base)) sentToParkly.push(r.postData() ?? '');
  });
  const { guest, bookingId } = await onPaymentPage(page);
  const card = page.getByRole('group', { name: 'Card information' });
  await expect(card.getByLabel('Credit or debit card number')).toBeVisible();
  await expect(page.getByText('Parkly never sees its number')).toBeVisible();
  // the simulated provider's own fields are not there
  await expect(page.getByLabel('Expiry month')).toHaveCount(0);

  // Stripe's word about an unfinished card shows next to the field
  await page.getByLabel('Credit or debit card number').fill('4242 4242');
  await payButton(page).click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  await expectAccessible(page);

  await typeCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your card number is incomplete.')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/stripe-card-form-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await payButton(page).click();
  await expect(page).toHaveURL(/\/Sucesspopup\?booking=/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { last4: '4242' } });
  expect(sentToParkly.join('\n')).not.toMatch(/4242 ?4242 ?4242 ?4242/);
  expect(fake.requests.some((r) => r.path === '/v1/payment_methods')).toBe(true);
  // not asked to save it: the card is not kept among the driver's cards
  await expect.poll(async () => ((await (await api.get(`${API}/payment-methods`, { headers: auth(guest.token) })).json()) as { result: unknown[] }).result).toEqual([]);
});

test('a 3-D Secure card: the bank challenge is completed and the booking confirms', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await typeCard(page, '4000 0027 6000 3184');
  await page.getByLabel('Save this card for next time').check();
  await payButton(page).click();

  const challenge = page.getByRole('dialog', { name: '3D Secure test payment' });
  await expect(challenge).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting for your bank…' })).toBeDisabled();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid', card: { last4: '3184' } });
  const cards = (await (await api.get(`${API}/payment-methods`, { headers: auth(guest.token) })).json()) as { result: { last4: string }[] };
  expect(cards.result.map((c) => c.last4)).toEqual(['3184']);
});

test('a failed 3-D Secure challenge leaves the space held, and another card pays', async ({ page }) => {
  const { guest, bookingId } = await onPaymentPage(page);
  await typeCard(page, '4000 0027 6000 3184');
  await payButton(page).click();
  await page.getByRole('dialog', { name: '3D Secure test payment' }).getByRole('button', { name: 'Fail authentication' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  await expect(alert).toContainText('Your bank could not confirm this payment');
  await expect(alert).toContainText('Your space is still held');
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'pending_payment', payment_status: 'unpaid' });

  await typeCard(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  expect(await bookingOf(guest.token, bookingId)).toMatchObject({ status: 'confirmed', card: { last4: '4242' } });
});
