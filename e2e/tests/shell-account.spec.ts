import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  API,
  bodyScrollLocked,
  chooseAccountAction,
  expectAccessible,
  localItem,
  localKeys,
  openAs,
  openUserMenu,
  popup,
  signUpViaApi,
} from './support/fixtures';

const userMenuTrigger = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** While a dialog is open the page behind is covered, inert to assistive technology and does not scroll. */
async function expectModal(page: Page) {
  await expect(page.getByTestId('modal-backdrop')).toBeVisible();
  await expect.poll(() => bodyScrollLocked(page)).toBe(true);
  // the page behind is hidden from assistive technology
  await expect(page.getByRole('banner')).toHaveCount(0);
  const before = await scrollY(page);
  await page.mouse.move(20, 200);
  await page.mouse.wheel(0, 900);
  // timing is the point here: give a scroll the time it would take to happen
  await page.waitForTimeout(400);
  expect(await scrollY(page)).toBe(before);
}

test.describe('Log Out dialog', () => {
  test('asks first, locks the page while open, and Cancel keeps the session', { tag: '@both' }, async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/privacy');
    const dialog = await chooseAccountAction(page, account.name, 'Log Out');
    await expect(dialog.getByText('Are you sure you want to log out?', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectModal(page);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('modal-backdrop')).toHaveCount(0);
    await expect.poll(() => bodyScrollLocked(page)).toBe(false);
    await expect(userMenuTrigger(page, account.name)).toBeFocused();
    expect(await localItem(page, 'parkly_token')).toBe(account.token);
    // and the page scrolls again
    await page.mouse.move(20, 200);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  });

  test('Escape also closes it', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/faq');
    const dialog = await chooseAccountAction(page, account.name, 'Log Out');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(userMenuTrigger(page, account.name)).toBeVisible();
  });

  test('confirming logs out: storage cleared, Login back, at /', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/profile');
    const dialog = await chooseAccountAction(page, account.name, 'Log Out');
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');
    await expect(userMenuTrigger(page, account.name)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toHaveCount(0);
    const banner = page.getByRole('banner');
    if ((page.viewportSize()?.width ?? 0) < 1024) await banner.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await localItem(page, 'parkly_token')).toBeNull();
    expect(await localKeys(page)).toEqual([]);
    // the server ended the session too
    const res = await request.get(`${API}/get_profile`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(res.status()).toBe(401);
  });

  test("with no stored token, confirming shows 'Unauthorised User'", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/');
    const menu = await openUserMenu(page, account.name);
    await page.evaluate(() => localStorage.removeItem('parkly_token'));
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Out' });
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    const shown = popup(page, 'Unauthorised User');
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect(shown).toBeHidden();
  });

  test("a failed logout shows the server's message with an image and closes the dialog", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.route('**/backend/api/v1/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server is busy' }) }),
    );
    await openAs(page, account.token, '/');
    const dialog = await chooseAccountAction(page, account.name, 'Log Out');
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    const shown = popup(page, 'Error!');
    await expect(shown).toBeVisible();
    await expect(shown.getByText('Server is busy', { exact: true })).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect(dialog).toBeHidden();
    await shown.getByRole('button', { name: 'OK' }).click();
    // still logged in
    await expect(userMenuTrigger(page, account.name)).toBeVisible();
    expect(await localItem(page, 'parkly_token')).toBe(account.token);
  });
});

test.describe('Delete Account dialog', () => {
  test('asks first, locks the page while open, and Cancel keeps the account', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/privacy');
    const dialog = await chooseAccountAction(page, account.name, 'Delete Account');
    await expect(dialog.getByText('Are you sure you want to delete your account?', { exact: true })).toBeVisible();
    await expectModal(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => bodyScrollLocked(page)).toBe(false);
    await expect(userMenuTrigger(page, account.name)).toBeFocused();
    expect((await request.post(`${API}/login`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
  });

  test("confirming deletes the account: the server's message, then /sign_up, and the login is gone", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/profile');
    const dialog = await chooseAccountAction(page, account.name, 'Delete Account');
    const answer = page.waitForResponse((r) => r.url().endsWith('/delete-account'));
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const { message } = (await (await answer).json()) as { message: string };
    expect(message).toBeTruthy();
    const shown = page.getByRole('alertdialog');
    await expect(shown).toBeVisible();
    await expect(shown.getByText(message, { exact: true })).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect(page).toHaveURL('/sign_up');
    expect(await localKeys(page)).toEqual([]);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect(userMenuTrigger(page, account.name)).toHaveCount(0);
    const login = await request.post(`${API}/login`, { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(401);
  });

  test("a failed deletion shows the server's message and keeps the session", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.route('**/backend/api/v1/delete-account', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Deletion is paused for maintenance' }) }),
    );
    await openAs(page, account.token, '/');
    const dialog = await chooseAccountAction(page, account.name, 'Delete Account');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const shown = popup(page, 'Error!');
    await expect(shown.getByText('Deletion is paused for maintenance', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL('/');
    expect(await localItem(page, 'parkly_token')).toBe(account.token);
  });
});

