// GST invoices (decision 031): a driver pays on the payment page, then downloads the invoice from their
// booking's page; the host downloads the same file from their view of the booking. Before paying there is no
// invoice, and no button.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi } from './support/listings';
import { main } from './support/screens';

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('a driver pays and downloads the GST invoice; the host downloads it too', { tag: '@both' }, async ({ page, request }, testInfo) => {
  const { host, listing } = await publishedListingViaApi(request);
  const { guest } = await guestWithVehicleViaApi(request);
  // a window of its own per width (the listing has one space)
  const day = dayAhead(testInfo.project.name === 'phone' ? 6 : 7);
  const created = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listing.id, start: `${day}T04:30:00.000Z`, end: `${day}T06:30:00.000Z` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { result: { id: string } }).result.id;

  // not paid yet: no invoice
  await openAs(page, guest.token, `/parking/booking-details/${id}`);
  await expect(main(page).getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toHaveCount(0);

  await page.goto(`/Paymentstripe?booking=${id}`);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();

  await page.goto(`/parking/booking-details/${id}`);
  const button = main(page).getByRole('button', { name: 'Download invoice' });
  await expect(button).toBeVisible();
  const pdf = await download(page, button);
  expect(pdf.name).toMatch(/^parkly-invoice-PK-[0-9A-F]{8}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);

  await openAs(page, host.token, `/booking_details?id=${id}`, 'host');
  const hostButton = main(page).getByRole('button', { name: 'Download invoice' });
  const hostPdf = await download(page, hostButton);
  expect(hostPdf.name).toBe(pdf.name);
  expect(hostPdf.bytes.equals(pdf.bytes)).toBe(true);
  await expectAccessible(page);
});
