import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs } from './support/fixtures';
import { auth, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';

// More time while parked (decision 039): on the driver's booking page of a stay under way or about to end,
// "Extend" offers the next free half hours with their prices and pays in one step with the saved card; the
// host's booking page shows the extension. Refusals said plainly: the unit taken meanwhile, a declined card.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 120_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/extend-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' });

/** A new host's one-bay instant-book listing; a driver with `savedCard` saved (their default), booked and paid from about now for an hour. */
async function stayNowViaApi(request: APIRequestContext, savedCard = '4242424242424242') {
  const { host, listing } = await publishedListingViaApi(request, { title: `Basement bay in Indiranagar ${uniqueTag()}` });
  const { guest, vehicle } = await guestWithVehicleViaApi(request);
  const saved = await request.post(`${API}/payment-methods`, { headers: auth(guest.token), data: { card: card(savedCard) } });
  expect(saved.status(), await saved.text()).toBe(201);
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const end = new Date(start.getTime() + 3600_000);
  const created = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listing.id, start: start.toISOString(), end: end.toISOString(), vehicle_id: vehicle.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { result: { id: string } }).result;
  const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(guest.token), data: { card: card('4242424242424242') } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { host, listing, guest, bookingId: id, end };
}

/** Another driver books the listing's one bay from `from` for `minutes`. */
async function otherDriverBooks(request: APIRequestContext, listingId: string, from: Date, minutes: number) {
  const { guest } = await guestWithVehicleViaApi(request);
  const made = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listingId, start: from.toISOString(), end: new Date(from.getTime() + minutes * 60_000).toISOString() },
  });
  expect(made.status(), await made.text()).toBe(201);
}

const morePanel = (page: Page) => page.getByRole('region', { name: 'Need more time?' });

test('the driver extends a stay under way in one step with their saved card; the host sees it', { tag: '@both' }, async ({ page, request, browser }) => {
  const { host, guest, bookingId } = await stayNowViaApi(request);
  await openAs(page, guest.token, `/parking/booking-details/${bookingId}`);
  const more = morePanel(page);
  await expect(more).toContainText('Add time in half-hour steps');
  await more.getByRole('button', { name: 'Extend' }).click();
  const steps = more.getByRole('group', { name: 'Extend until' });
  await expect(steps.getByRole('radio')).toHaveCount(8);
  await expect(steps).toContainText('+30 min');
  await expect(more).toContainText('Paid with your Visa card ending 4242');
  await expectAccessible(page);
  await shot(page, 'options');
  // the support chat's launcher floats at the bottom right: scrolled to the bottom of the screen, no option is under it
  const launcher = page.getByRole('complementary', { name: 'Support chat' }).getByRole('button');
  for (const option of await steps.locator('label').all()) {
    await option.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const [a, b] = [(await option.boundingBox())!, (await launcher.boundingBox())!];
    expect(a.x + a.width <= b.x || b.y >= a.y + a.height || b.y + b.height <= a.y, `${await option.textContent()} is under the chat button`).toBe(true);
  }
  await page.screenshot({ path: `${SHOTS}/extend-options-bottom-${page.viewportSize()!.width}.png` });

  await steps.getByRole('radio').nth(1).check();
  await more.getByRole('button', { name: /^Pay ₹.* and extend$/ }).click();
  await expect(more.getByRole('status')).toContainText(/Done: your stay now ends at .* IST/);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('You extended the stay until');
  await expect(page.getByRole('region', { name: 'When' })).toContainText('You extended this stay until');
  await expectAccessible(page);
  await shot(page, 'done');

  // one gate pass for the whole stay (decision 044): valid to the new end, the same code on the extension's page
  const newEnd = (await more.getByRole('status').locator('strong').textContent())!;
  const gatePass = page.getByRole('region', { name: 'Gate pass' });
  await expect(gatePass).toContainText(newEnd.split(', ').at(-1)!);
  const code = (await gatePass.getByLabel(/^Pass code /).textContent())!;
  await page.getByRole('region', { name: 'When' }).getByRole('link', { name: /^PK-/ }).click();
  await expect(page.getByRole('region', { name: 'When' })).toContainText('More time right after');
  await expect(page.getByRole('region', { name: 'Gate pass' }).getByLabel(/^Pass code /)).toHaveText(code);
  await expect(page.getByRole('region', { name: 'Gate pass' })).toContainText(newEnd.split(', ').at(-1)!);
  await expectAccessible(page);
  await shot(page, 'extension-pass');

  const hostContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata', viewport: page.viewportSize()! });
  const hostPage = await hostContext.newPage();
  await openAs(hostPage, host.token, `/booking_details?id=${bookingId}`, 'host');
  await expect(hostPage.getByText('The driver extended this stay until')).toBeVisible();
  await expect(hostPage.getByRole('region', { name: 'History' })).toContainText('The driver extended the stay until');
  await expectAccessible(hostPage);
  await shot(hostPage, 'host');
  await hostContext.close();
});

test('the list stops where another driver’s booking starts, and a step taken meanwhile is said plainly', async ({ page, request }) => {
  const { listing, guest, bookingId, end } = await stayNowViaApi(request);
  await otherDriverBooks(request, listing.id, new Date(end.getTime() + 90 * 60_000), 60);
  await openAs(page, guest.token, `/parking/booking-details/${bookingId}`);
  const more = morePanel(page);
  await more.getByRole('button', { name: 'Extend' }).click();
  const steps = more.getByRole('group', { name: 'Extend until' });
  await expect(steps.getByRole('radio')).toHaveCount(3);
  await expect(more).toContainText('Someone else has booked this space after that.');

  // someone books the first half hour while the panel is open
  await otherDriverBooks(request, listing.id, end, 30);
  await more.getByRole('button', { name: /and extend$/ }).click();
  await expect(more.getByRole('alert')).toContainText('Someone has just booked this space for part of that time');
  await expect(more).toContainText('No more time can be added right after your stay');
  await expectAccessible(page);
});

test('a declined card is said plainly, nothing is charged, and the held time can be paid with another card', { tag: '@phone' }, async ({ page, request }) => {
  const { guest, bookingId } = await stayNowViaApi(request, '4000000000009995');
  await openAs(page, guest.token, `/parking/booking-details/${bookingId}`);
  const more = morePanel(page);
  await more.getByRole('button', { name: 'Extend' }).click();
  await expect(more).toContainText('Paid with your Visa card ending 9995');
  await more.getByRole('button', { name: /and extend$/ }).click();
  const alert = more.getByRole('alert');
  await expect(alert).toContainText('Your card was declined, and nothing was charged.');
  await expect(alert.getByRole('link', { name: 'pay with another card' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'declined');
  await alert.getByRole('link', { name: 'pay with another card' }).click();
  await expect(page).toHaveURL(/\/Paymentstripe\?booking=/);
});
