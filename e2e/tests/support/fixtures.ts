import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const API = '/backend/api/v1';
export const DEMO_PASSWORD = 'parkly-demo';

let n = 0;
/** A new account made through the pinned signup call. */
export async function signUpViaApi(request: APIRequestContext, over: Partial<{ name: string; email: string; password: string }> = {}) {
  n += 1;
  const body = {
    name: over.name ?? `Riya Test ${n}`,
    email: over.email ?? `e2e-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: over.password ?? 'quiet harbour lamp 42',
  };
  const res = await request.post(`${API}/signup`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const json = (await res.json()) as { token: string; result: { id: string; name: string } };
  return { ...body, token: json.token, user: json.result };
}

export async function loginViaApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post(`${API}/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Stores the token as the app does after logging in, then opens `path`. */
export async function openAs(page: Page, token: string, path = '/', mode: 'guest' | 'host' = 'guest') {
  await page.goto('/privacy');
  await page.evaluate(
    ([t, m]) => {
      localStorage.setItem('parkly_token', t);
      localStorage.setItem('host_user', m === 'host' ? '1' : '0');
    },
    [token, mode] as const,
  );
  await page.goto(path);
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((x) => x.target.join(' ')).join(', ')})`)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Shell helpers: the top bar, the user menu, the bell, dialogs and storage, as a person meets them.

export const GUEST_EMAIL = 'guest@parkly.test';
export const HOST_EMAIL = 'host@parkly.test';
export const GUEST_NAME = 'Aarav Sharma';
export const HOST_NAME = 'Priya Nair';

/** Below Tailwind's lg breakpoint the bar's links sit behind the Menu button. */
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * Makes the main navigation visible (opening the Menu button at phone width) and gives back the
 * page's banner, which also holds Login and Sign Up (outside the navigation on wide screens).
 */
export async function openMainNav(page: Page) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Parkly home' })).toBeVisible();
  if (isNarrow(page)) {
    const button = banner.getByRole('button', { name: 'Menu', exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(mainNav(page)).toBeVisible();
  return banner;
}

/** The top bar's navigation (never the footer's Explore links). */
export const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' });

/** Opens the account menu by its trigger (the user's name) and gives back the popup. */
export async function openUserMenu(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  const menu = page.getByRole('dialog', { name, exact: true });
  await expect(menu).toBeVisible();
  return menu;
}

/** Picks Log Out or Delete Account in the account menu and gives back the confirmation dialog. */
export async function chooseAccountAction(page: Page, name: string, action: 'Log Out' | 'Delete Account') {
  const menu = await openUserMenu(page, name);
  await menu.getByRole('menuitem', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toBeVisible();
  return dialog;
}

export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true });

/** Opens the bell's dropdown and gives back the panel. */
export async function openNotifications(page: Page) {
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The popup (alert dialog) with this title. */
export const popup = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });

export const localItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
export const localKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

/** True while Radix holds the page still (react-remove-scroll marks and styles the body). */
export const bodyScrollLocked = (page: Page) =>
  page.evaluate(() => document.body.hasAttribute('data-scroll-locked') && getComputedStyle(document.body).overflow === 'hidden');

/** A gate for page.route: hold a request until the test has seen the in-between state. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Makes a fresh account a host (it also gets the 'You are now a host' notification). */
export async function becomeHostViaApi(request: APIRequestContext, token: string) {
  const res = await request.post(`${API}/become-host`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A 1x1 PNG, enough for the server to re-encode as a profile photo. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

export async function uploadProfilePhotoViaApi(request: APIRequestContext, token: string) {
  const res = await request.post(`${API}/profile/photo`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { profile_image: string } }).result.profile_image;
}

/** Ends the token's session on the server, as logging out on another device would. */
export async function revokeViaApi(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}
