import { expect, test } from '@playwright/test';
import { expectAccessible, GUEST_EMAIL, loginViaApi, openAs, openUserMenu } from './support/fixtures';

const ADMIN_EMAIL = 'admin@parkly.test';

test.describe('the admin console', () => {
  test('an admin sees the dashboard and the operations view in the console frame', { tag: '@both' }, async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/');
    // the account menu leads an administrator (and only one) to the console
    const menu = await openUserMenu(page, 'Parkly Admin');
    await menu.getByRole('menuitem', { name: 'Admin console' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const entry of ['Dashboard', 'ID checks', 'Listings', 'Users', 'Bookings', 'Payouts', 'Support', 'Content', 'Operations', 'Audit log']) {
      await expect(nav.getByRole('link', { name: entry })).toBeAttached();
    }
    // the demo data has users, hosts, live listings and bookings
    const users = page.getByRole('term').filter({ hasText: /^Users$/ });
    await expect(users.locator('xpath=following-sibling::dd[1]')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole('region', { name: 'Waiting for you' }).getByRole('link', { name: /Payout requests/ })).toBeVisible();
    await expectAccessible(page);

    await nav.getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail outbox' })).toBeVisible();
    // the server runs the booking job every 15 s and the outbox every 3 s from its start
    await expect(page.getByRole('region', { name: 'Background jobs' }).getByText('E-mail outbox')).toBeVisible({ timeout: 35_000 });
    await expectAccessible(page);
  });

  test('a driver who opens /admin is told it is not for them; a visitor is asked to log in', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/');
    await expect((await openUserMenu(page, 'Aarav Sharma')).getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: "This area is for Parkly's team" })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem('parkly_token'));
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
  });
});
