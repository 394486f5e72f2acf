// Promotion codes (decision 036): an admin creates a code in the console; a driver adds it on the review step
// (a wrong code is refused on the field), sees the discount in the price, pays the discounted total, and
// Parkly's invoice (read with pdftotext) shows the discount. Both widths, axe on each screen.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, expectAccessible, loginViaApi, openAs } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('an admin creates a code; a driver applies it at checkout, pays the discounted total and the invoice shows it', { tag: '@both' }, async ({ page, request }, testInfo) => {
  const code = `E2E${uniqueTag()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');

  // the admin's console
  const admin = await loginViaApi(request, 'admin@parkly.test');
  await openAs(page, admin, '/admin/promo-codes');
  await expect(main(page).getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  const form = main(page).getByRole('region', { name: 'New code' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off').fill('150');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText('A percentage is at most 100')).toBeVisible();
  await form.getByLabel('Percent off').fill('10');
  await form.getByLabel('Uses per person').fill('1');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(main(page).getByText(`Created ${code}: 10% off.`)).toBeVisible();
  const codes = main(page).getByRole('region', { name: 'Codes' });
  await expect(codes.getByText(code, { exact: true })).toBeVisible();
  await expect(codes.getByRole('button', { name: `Deactivate ${code}` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('admin-promo-codes.png'), fullPage: true });

  // the driver's review step
  const { listing } = await publishedListingViaApi(request, { body: { capacity: 1, instant_book: true } });
  const { guest } = await guestWithVehicleViaApi(request);
  const day = dayAhead(testInfo.project.name === 'phone' ? 8 : 9);
  const start = `${day}T04:30:00.000Z`;
  const end = `${day}T06:30:00.000Z`;
  const quote = async (promo?: string) => {
    const res = await request.get(`${API}/parkings/${listing.id}/quote?${new URLSearchParams({ start, end, ...(promo && { promo_code: promo }) })}`);
    return ((await res.json()) as { result: { total: number; discount: number } }).result;
  };
  const [full, discounted] = await Promise.all([quote(), quote(code)]);
  expect(discounted.discount).toBeGreaterThan(0);
  const money = (minor: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);

  await openAs(page, guest.token, `/parking/booking?${new URLSearchParams({ parking_id: listing.id, start, end })}`);
  const summary = main(page).getByRole('complementary', { name: 'Summary' });
  await expect(summary.getByText(money(full.total))).toBeVisible();
  await summary.getByRole('button', { name: 'Add a promo code' }).click();
  await summary.getByLabel('Promo code').fill('NOSUCHCODE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText('This promo code does not exist. Check how it is spelled.')).toBeVisible();
  await expect(summary.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await summary.getByLabel('Promo code').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`Promo code ${code.toLowerCase()} applied`, { exact: false })).toBeVisible();
  await expect(summary.getByText(`Promo code ${code}`, { exact: true })).toBeVisible();
  await expect(summary.getByText(money(discounted.discount))).toBeVisible();
  await expect(summary.getByText(money(discounted.total))).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('review-with-promo.png'), fullPage: true });

  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(main(page).getByText(`Promo code ${code}`, { exact: true })).toBeVisible();
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${money(discounted.total)}` }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('booking') ?? (await (await request.get(`${API}/bookings`, { headers: auth(guest.token) })).json()).result[0].id;

  // the driver's booking page keeps the discount line
  await page.goto(`/parking/booking-details/${id}`);
  await expect(main(page).getByText(`Promo code ${code}`, { exact: true })).toBeVisible();
  await expectAccessible(page);

  const pdf = await request.get(`${API}/bookings/${id}/invoice.pdf`, { headers: auth(guest.token) });
  expect(pdf.status()).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'parkly-promo-')), 'invoice.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`less promo code ${code}`);

  // the code allows one use per person: the same driver is refused on the field
  const again = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listing.id, start: `${day}T08:30:00.000Z`, end: `${day}T09:30:00.000Z`, promo_code: code } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { errors: { promo_code: string } }).errors.promo_code).toBe('You have already used this promo code.');

  // the console's page of the booking shows the discount as Parkly's
  await openAs(page, admin, `/admin/bookings/${id}`);
  const price = main(page).getByRole('region', { name: 'Price' });
  await expect(price).toContainText(`Promo code ${code} (Parkly's)`);
  await expect(price).toContainText(`−${money(discounted.discount)}`);
  await expectAccessible(page);
});
