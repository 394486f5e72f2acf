import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs } from './support/fixtures';
import { auth, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';
import { main, uniqueEmail } from './support/screens';

// The gate pass (decision 034): the driver's pass on their booking page, which opens again with no network
// from the service worker; the gate screen with a typed code, with a photo of the QR code (the decoder's
// from-a-file path), and a gate account whose check-in taken offline is sent when the network is back.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 150_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/gate-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** A new host's instant-book listing and a driver with a vehicle, booked and paid from about now for two hours. */
async function bookingNowViaApi(request: APIRequestContext) {
  const { host, listing } = await publishedListingViaApi(request, { title: `Gated bay in Koramangala ${uniqueTag()}` });
  const { guest, vehicle } = await guestWithVehicleViaApi(request);
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const end = new Date(start.getTime() + 2 * 3600_000);
  const created = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listing.id, start: start.toISOString(), end: end.toISOString(), vehicle_id: vehicle.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { result: { id: string } }).result;
  const paid = await request.post(`${API}/bookings/${id}/pay`, {
    headers: auth(guest.token),
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const pass = await request.get(`${API}/bookings/${id}/pass`, { headers: auth(guest.token) });
  expect(pass.status()).toBe(200);
  const { code } = ((await pass.json()) as { result: { code: string } }).result;
  return { host, listing, guest, vehicle, bookingId: id, code };
}

/** The driver's pass page; answers a PNG of its QR code (a photo a guard could take of the driver's screen). */
async function qrPhoto(browser: Browser, token: string, bookingId: string, file: string) {
  const context = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await openAs(page, token, `/parking/booking-details/${bookingId}`);
  const qr = page.getByRole('img', { name: /^QR code of the gate pass/ });
  await expect(qr).toBeVisible();
  await qr.screenshot({ path: file });
  await context.close();
}

test('the driver sees their pass, and it opens again from the service worker with no network', { tag: '@both' }, async ({ page, context, request }) => {
  const { guest, vehicle, bookingId, code, listing } = await bookingNowViaApi(request);
  await openAs(page, guest.token, `/parking/booking-details/${bookingId}`);
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `QR code of the gate pass ${code}` })).toBeVisible();
  await expect(pass.getByLabel(`Pass code ${code.split('').join(' ')}`)).toHaveText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(pass).toContainText(vehicle.plate);
  await expect(pass).toContainText(/Valid .* IST/);
  await expectAccessible(page);
  await shot(page, 'pass');

  // kept on the device once shown: the page, its files and the pass
  await page.waitForFunction(async () => {
    const kept = await (await caches.open('parkly-pass-v1')).keys();
    return kept.some((r) => r.url.endsWith('/pass')) && Boolean(navigator.serviceWorker.controller);
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('You are offline: this is the pass saved on this device.')).toBeVisible({ timeout: 15_000 });
    await expect(main(page).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code of the gate pass ${code}` })).toBeVisible();
    await expect(main(page)).toContainText(vehicle.plate);
    await expectAccessible(page);
    await shot(page, 'pass-offline');
  } finally {
    await context.setOffline(false);
  }
});

test('the host checks a pass in by its typed code and out by a photo of its QR code; the driver’s history says so', { tag: '@both' }, async ({ page, request, browser }, info) => {
  const { host, guest, vehicle, bookingId, code } = await bookingNowViaApi(request);
  await openAs(page, host.token, '/gate', 'host');
  await expect(page.getByRole('heading', { level: 1, name: 'Check a pass' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Pass code or number plate').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Find the pass' }).click();
  const card = page.getByRole('article', { name: guest.name.split(' ')[0] });
  await expect(card).toContainText(vehicle.plate);
  await expectAccessible(page);
  // not in yet: nothing to check out
  await expect(card.getByRole('button', { name: 'Check out' })).toBeDisabled();
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Checked in/ })).toContainText(`Checked in ${guest.name.split(' ')[0]} · ${vehicle.plate} at`);
  await expect(card.getByRole('button', { name: 'Check in' })).toBeDisabled();
  await shot(page, 'typed');

  const photo = info.outputPath('qr.png');
  await qrPhoto(browser, guest.token, bookingId, photo);
  await page.getByLabel('Scan a photo').setInputFiles(photo);
  const scanned = page.getByRole('article', { name: guest.name.split(' ')[0] });
  await expect(scanned.getByText('Genuine Parkly pass')).toBeVisible();
  await expect(scanned.getByText('Valid now')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'scanned');
  await scanned.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Checked out/ })).toBeVisible();

  await openAs(page, guest.token, `/parking/booking-details/${bookingId}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(/Checked in \d\d:\d\d by the host/);
  await expect(history).toContainText(/Checked out \d\d:\d\d by the host/);
});

test('a gate account the host makes opens only the gate; a check-in taken offline is sent when the network is back', async ({ page, context, request }) => {
  const { host, guest, bookingId, code } = await bookingNowViaApi(request);
  await openAs(page, host.token, '/gate/accounts', 'host');
  await page.getByRole('button', { name: 'Add a gate account' }).click();
  const email = uniqueEmail('gate');
  await page.getByLabel('Name').fill('North gate');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('gate passphrase 42');
  await page.getByRole('button', { name: 'Create gate account' }).click();
  await expect(page.getByText(`North gate can now log in with ${email}.`)).toBeVisible();
  await expect(main(page).getByRole('listitem').filter({ hasText: 'North gate' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'accounts');

  const login = await request.post(`${API}/login`, { data: { email, password: 'gate passphrase 42' } });
  const gateToken = ((await login.json()) as { token: string }).token;
  // any other screen takes it to the gate
  await openAs(page, gateToken, '/ownerbooking');
  await expect(page).toHaveURL('/gate');
  await expect(page.getByText('Signed in as North gate.')).toBeVisible();
  // the key that checks QR codes is on the device before the network goes
  await page.waitForFunction(() => localStorage.getItem('parkly_gate_key') !== null);

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await page.getByLabel('Pass code or number plate').fill(code);
  await page.getByRole('button', { name: 'Find the pass' }).click();
  await page.getByRole('button', { name: `Check in ${code}` }).click();
  await expect(page.getByRole('status')).toContainText('No network: the check-in of');
  await expect(page.getByRole('region', { name: 'Taken offline' })).toContainText('Waiting for the network');
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Taken offline' })).toContainText(`Sent: Checked in ${guest.name.split(' ')[0]}`);

  const booking = await request.get(`${API}/bookings/${bookingId}`, { headers: auth(host.token) });
  const events = ((await booking.json()) as { result: { events: { event: string; by: string }[] } }).result.events;
  expect(events.at(-1)).toMatchObject({ event: 'check_in', by: 'gate' });
});
