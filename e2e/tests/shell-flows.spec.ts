import type { Dialog, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { bell, expectAccessible, localItem, localKeys, openAs, openMainNav, popup, revokeViaApi, signUpViaApi } from './support/fixtures';

const SLOW_WARNING = 'Warning: You are on a 3G ,2g connection, which may affect performance.';

/** Storage keys, or null while the page is between documents (the flow reloads it). */
const keysOrNull = (page: Page) => localKeys(page).catch(() => null);
/** The path the current document was loaded at (a full load, not a client-side navigation). */
const loadedAt = (page: Page) => page.evaluate(() => new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name).pathname);

/** Pretends the Network Information API reports this connection type, from before the app starts. */
async function fakeConnection(page: Page, effectiveType: string) {
  await page.addInitScript((type) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ effectiveType: type }) });
  }, effectiveType);
}

test.describe('unauthenticated answers (SPEC 4)', () => {
  test("a revoked session: 'Unauthenticated User' with an image, storage cleared, then a fresh / ", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await revokeViaApi(request, account.token);
    await openAs(page, account.token, '/aboutus');
    const shown = popup(page, 'Unauthenticated User');
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect.poll(() => keysOrNull(page)).toEqual([]);
    // the flow sends the person to / with a full reload
    await expect(page).toHaveURL('/');
    await expect.poll(() => loadedAt(page).catch(() => null)).toBe('/');
    await expect(shown).toBeHidden();
    const banner = await openMainNav(page);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await localItem(page, 'parkly_token')).toBeNull();
  });

  test('a session ended elsewhere while the page is open runs the same flow on the next call', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/faq');
    await expect(page.getByRole('banner').getByRole('button', { name: account.name, exact: true })).toBeVisible();
    await revokeViaApi(request, account.token);
    await bell(page).click();
    await expect(popup(page, 'Unauthenticated User')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: account.name, exact: true })).toHaveCount(0);
    await expect(page).toHaveURL('/');
    await expect.poll(() => loadedAt(page).catch(() => null)).toBe('/');
    await expect.poll(() => keysOrNull(page)).toEqual([]);
  });
});

test.describe('protected routes', () => {
  test('opening /profile logged out goes to /login, and logging in returns to /profile', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
    const main = page.getByRole('main');
    await main.getByLabel('E-mail').fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('banner').getByRole('button', { name: account.name, exact: true })).toBeVisible();
    expect(await localItem(page, 'parkly_token')).toBeTruthy();
  });
});

test.describe('slow connection warning', () => {
  for (const type of ['3g', '2g']) {
    test(`on ${type}, an alert warns once per session`, async ({ page }) => {
      await fakeConnection(page, type);
      const first = page.waitForEvent('dialog');
      // the alert holds the page: the load is awaited once it has been answered
      const load = page.goto('/');
      const dialog = await first;
      expect(dialog.type()).toBe('alert');
      expect(dialog.message()).toBe(SLOW_WARNING);
      await dialog.accept();
      await load;

      const later: Dialog[] = [];
      page.on('dialog', (d) => {
        later.push(d);
        void d.accept();
      });
      await page.reload();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@parkly.in' })).toBeVisible();
      expect(later.map((d) => d.message())).toEqual([]);
    });
  }

  test('on 4g there is no alert', async ({ page }) => {
    await fakeConnection(page, '4g');
    const seen: string[] = [];
    page.on('dialog', (d) => {
      seen.push(d.message());
      void d.accept();
    });
    await page.goto('/');
    // the page has started and fetched its content: the check has run
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@parkly.in' })).toBeVisible();
    await page.goto('/blogs');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@parkly.in' })).toBeVisible();
    expect(seen).toEqual([]);
  });
});

test.describe('push registration', () => {
  test("logged in without push permission: device_token falls back to 'currentToken' and the banner invites", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/');
    await expect.poll(() => localItem(page, 'device_token')).toBe('currentToken');
    const permission = await page.evaluate(() => Notification.permission);
    const banner = page.getByRole('region', { name: 'Booking notifications' });
    if (permission !== 'default') {
      // the browser has already decided: there is nothing to ask
      await expect(banner).toHaveCount(0);
      return;
    }
    await expect(banner.getByRole('button', { name: 'Turn on alerts' })).toBeVisible();
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Not now' }).click();
    await expect(banner).toHaveCount(0);
    // dismissed for the rest of the session
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: account.name, exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('with permission granted: a push subscription, or the fallback where the browser has no push service', async ({ page, context, request }) => {
    await context.grantPermissions(['notifications']);
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/');
    await expect
      .poll(async () => {
        const value = await localItem(page, 'device_token');
        if (value === 'currentToken') return 'fallback';
        try {
          return typeof (JSON.parse(value ?? '') as { endpoint?: unknown }).endpoint === 'string' ? 'subscription' : value;
        } catch {
          return value;
        }
      })
      .toMatch(/^(fallback|subscription)$/);
    await expect(page.getByRole('region', { name: 'Booking notifications' })).toHaveCount(0);
  });

  test('logged out, nothing is registered', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@parkly.in' })).toBeVisible();
    expect(await localItem(page, 'device_token')).toBeNull();
    await expect(page.getByRole('region', { name: 'Booking notifications' })).toHaveCount(0);
  });
});
