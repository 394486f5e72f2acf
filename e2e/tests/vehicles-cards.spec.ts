import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { expectFieldError, main } from './support/screens';

// Saved vehicles (/saved_vehicle) and saved cards (/payment_card), reached from the profile.

// long journeys on a machine shared with other runs: give each the time of three ordinary tests
test.describe.configure({ timeout: 150_000 });

/** A screenshot at the project's width; a dialog is shot as seen (fixed layers do not stretch over a full page). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `/tmp/shots/mybookings-${name}-${page.viewportSize()!.width}.png`, fullPage });

test('the profile links to My Bookings, saved vehicles and payment cards', async ({ page, request }) => {
  const guest = await signUpViaApi(request);
  await openAs(page, guest.token, '/profile');
  await expect(main(page).getByRole('link', { name: /My Bookings/ })).toHaveAttribute('href', '/ownerbooking');
  await expect(main(page).getByRole('link', { name: /Saved vehicles/ })).toHaveAttribute('href', '/saved_vehicle');
  await main(page).getByRole('link', { name: /Payment cards/ }).click();
  await expect(page).toHaveURL('/payment_card');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment cards' })).toBeVisible();
});

test('a driver adds, edits, makes default and deletes vehicles', { tag: '@both' }, async ({ page, request }) => {
  const guest = await signUpViaApi(request);
  await openAs(page, guest.token, '/saved_vehicle');
  await expect(page.getByRole('heading', { name: 'No vehicles yet' })).toBeVisible();
  await expectAccessible(page);
  await main(page).getByRole('button', { name: 'Add a vehicle' }).click();

  const form = page.getByRole('region', { name: 'Add a vehicle' });
  await form.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(form).toContainText('Choose the kind of vehicle');
  await expectFieldError(form.getByLabel('Number plate'), /Enter the number plate/);

  await form.getByRole('radio', { name: 'Sedan' }).check();
  await form.getByLabel('Number plate').fill('ka 01 ab 1234');
  await form.getByLabel('Make (optional)').fill('Honda');
  await form.getByLabel('Model (optional)').fill('City');
  await expectAccessible(page);
  await shot(page, 'vehicle-form');
  await form.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'KA 01 AB 1234 was added.' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Your vehicles' });
  const first = list.getByRole('listitem').filter({ hasText: 'KA 01 AB 1234' });
  await expect(first).toContainText('Honda City');
  await expect(first).toContainText('Default'); // the first vehicle is the default

  // a second one, a scooter
  await main(page).getByRole('button', { name: 'Add a vehicle' }).click();
  await page.getByRole('radio', { name: 'Motorcycle or scooter' }).check();
  await page.getByLabel('Number plate').fill('MH 12 XY 9');
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  const second = list.getByRole('listitem').filter({ hasText: 'MH 12 XY 9' });
  await expect(second).toContainText('Motorcycle or scooter');
  await expect(second).not.toContainText('Default');
  await second.getByRole('button', { name: 'Make MH 12 XY 9 the default' }).click();
  await expect(second).toContainText('Default');
  await expect(first).not.toContainText('Default');

  await first.getByRole('button', { name: 'Edit KA 01 AB 1234' }).click();
  await page.getByLabel('Colour (optional)').fill('Silver');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'KA 01 AB 1234' })).toContainText('Silver Honda City');
  await expectAccessible(page);
  await shot(page, 'vehicles');

  await list.getByRole('button', { name: 'Delete KA 01 AB 1234' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this vehicle?' });
  await expect(dialog).toContainText('KA 01 AB 1234');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'KA 01 AB 1234 was deleted.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // what was saved is what the server keeps
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your vehicles' }).getByRole('listitem')).toHaveCount(1);
});

test('a driver adds a card checked as typed, makes it default and deletes it; the number is never kept', async ({ page, request }) => {
  const guest = await signUpViaApi(request);
  await openAs(page, guest.token, '/payment_card');
  await expect(main(page)).toContainText('simulated provider');
  await expect(main(page)).toContainText('4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'No saved cards' })).toBeVisible();
  await expectAccessible(page);
  await main(page).getByRole('button', { name: 'Add a card' }).click();

  const form = page.getByRole('region', { name: 'Add a card' });
  const number = form.getByLabel('Card number');
  // a wrong digit is caught as soon as the number is complete, without leaving the field
  await number.pressSequentially('4242424242424241');
  await expect(number).toHaveValue('4242 4242 4242 4241');
  await expectFieldError(number, /not valid/);
  await number.fill('');
  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expect(number).toHaveAccessibleDescription(/Visa number looks right/);
  await form.getByLabel('Expiry month').pressSequentially('01');
  await form.getByLabel('Expiry year').pressSequentially('20');
  await expectFieldError(form.getByLabel('Expiry month'), 'This card has expired');
  await form.getByLabel('Expiry year').fill('');
  await form.getByLabel('Expiry year').pressSequentially(String((new Date().getFullYear() + 2) % 100));
  await expect(form.getByLabel('Expiry month')).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Security code (CVC)').pressSequentially('123');
  await expectAccessible(page);
  await shot(page, 'card-form');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Visa •••• 4242 was added.' })).toBeVisible();
  await expect(form).toBeHidden();

  const list = page.getByRole('list', { name: 'Your cards' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Default');
  await expect(list).toContainText(/Expires 01\/\d\d/);

  // a second card: the form opens empty, the earlier number was not kept
  await main(page).getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/Mastercard/);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByLabel('Security code (CVC)').fill('321');
  await page.getByRole('button', { name: 'Save card' }).click();
  const master = list.getByRole('listitem').filter({ hasText: 'Mastercard •••• 4444' });
  await expect(master).toBeVisible();
  await master.getByRole('button', { name: 'Make Mastercard •••• 4444 the default' }).click();
  await expect(master).toContainText('Default');
  await expectAccessible(page);
  await shot(page, 'cards');

  await list.getByRole('button', { name: 'Delete Visa •••• 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this card?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Visa •••• 4242 was deleted.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your cards' }).getByRole('listitem')).toHaveCount(1);
});
