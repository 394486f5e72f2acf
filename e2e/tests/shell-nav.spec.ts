import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  expectAccessible,
  GUEST_EMAIL,
  GUEST_NAME,
  HOST_EMAIL,
  HOST_NAME,
  loginViaApi,
  mainNav,
  openAs,
  openMainNav,
  openUserMenu,
  signUpViaApi,
  uploadProfilePhotoViaApi,
} from './support/fixtures';

/** SPEC 2.2: shown in every state, after the mode's links. */
const ALWAYS: [string, string][] = [
  ['About Us', '/aboutus'],
  ['Blogs', '/blogs'],
  ['Contact Us', '/contact'],
];
const GUEST_LINKS: [string, string][] = [['Home', '/'], ['Parkings', '/parking'], ...ALWAYS];
const HOST_LINKS: [string, string][] = [['Home', '/hosthomes'], ['My Listing', '/my-listing'], ['Earning', '/earning'], ...ALWAYS];

/** The main navigation holds exactly these links, in this order, with these targets. */
async function expectNavLinks(page: Page, links: [string, string][]) {
  await openMainNav(page);
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveText(links.map(([name]) => name));
  for (const [name, href] of links) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
}

async function expectLogo(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Parkly home' })).toHaveAttribute('href', '/');
}

test.describe('top navigation', () => {
  test('logged out: guest links, Login and Sign Up, no account controls', async ({ page }) => {
    await page.goto('/');
    await expectLogo(page);
    await expectNavLinks(page, GUEST_LINKS);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(banner.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', '/sign_up');
    await expect(banner.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('logged out: the links lead to their pages and the logo home', async ({ page }) => {
    await page.goto('/faq');
    await openMainNav(page);
    await mainNav(page).getByRole('link', { name: 'Parkings' }).click();
    await expect(page).toHaveURL('/parking');
    await openMainNav(page);
    await mainNav(page).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    const banner = await openMainNav(page);
    await banner.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL('/sign_up');
    await page.getByRole('banner').getByRole('link', { name: 'Parkly home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the links sit behind the Menu button on a phone and in the bar on wide screens', { tag: '@both' }, async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      await expect(mainNav(page)).toBeVisible();
      await expect(button).toBeHidden();
      return;
    }
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
    await button.click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
    await expect(button).toBeFocused();
    // a link followed from the open menu closes it
    await button.click();
    await mainNav(page).getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(mainNav(page)).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('logged in, guest mode: guest links and a user menu with the name and the default icon', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/');
    await expectLogo(page);
    await expectNavLinks(page, GUEST_LINKS);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0);
    const trigger = banner.getByRole('button', { name: GUEST_NAME, exact: true });
    await expect(trigger).toBeVisible();
    // no profile_image: the default user icon stands in, and no picture is loaded
    await expect(trigger.locator('img')).toHaveCount(0);
    const menu = await openUserMenu(page, GUEST_NAME);
    await expect(menu.getByText(GUEST_NAME, { exact: true })).toBeVisible();
    await expect(menu.getByText(GUEST_EMAIL)).toBeVisible();
  });

  test('logged in: the user menu shows the profile image when there is one', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const src = await uploadProfilePhotoViaApi(request, account.token);
    await openAs(page, account.token, '/');
    const trigger = page.getByRole('banner').getByRole('button', { name: account.name, exact: true });
    const picture = trigger.locator('img');
    await expect(picture).toHaveAttribute('src', src);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('host mode: host links, and the logo still goes to /', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL), '/hosthomes', 'host');
    await expectLogo(page);
    await expectNavLinks(page, HOST_LINKS);
    await expect(page.getByRole('banner').getByRole('button', { name: HOST_NAME, exact: true })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'My Listing' }).click();
    await expect(page).toHaveURL('/my-listing');
  });
});

test.describe('Guest / Host toggle', () => {
  const GUEST_PATHS = ['/', '/parking', '/parking/42', '/parking/booking', '/Paymentstripe', '/ownerbooking', '/Favorater'];
  const HOST_PATHS = ['/hosthomes', '/my-listing', '/earning', '/booking_details', '/Manage_parking', '/add_parking'];
  const NEITHER = ['/profile', '/faq', '/aboutus', '/parking_type', '/welcomehost', '/Parking'];

  /** Opens the menu on `path` and reads which side of the toggle is pressed. */
  async function expectPressed(page: Page, path: string, side: 'Guest' | 'Host' | null) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    const menu = await openUserMenu(page, HOST_NAME);
    const guest = menu.getByRole('button', { name: 'Guest', exact: true });
    const host = menu.getByRole('button', { name: 'Host', exact: true });
    await expect(guest, `Guest on ${path}`).toHaveAttribute('aria-pressed', String(side === 'Guest'));
    await expect(host, `Host on ${path}`).toHaveAttribute('aria-pressed', String(side === 'Host'));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  // the host demo account may open the host screens, so every path shows its own page
  test('Guest is highlighted on the guest paths', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL));
    for (const path of GUEST_PATHS) await expectPressed(page, path, 'Guest');
  });

  test('Host is highlighted on the host paths', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL), '/', 'host');
    for (const path of HOST_PATHS) await expectPressed(page, path, 'Host');
  });

  test('neither is highlighted elsewhere', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL));
    for (const path of NEITHER) await expectPressed(page, path, null);
  });

  test('Guest goes to / and stores host_user 0', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL), '/hosthomes', 'host');
    const menu = await openUserMenu(page, HOST_NAME);
    await menu.getByRole('button', { name: 'Guest', exact: true }).click();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => localStorage.getItem('host_user'))).toBe('0');
    await expectNavLinks(page, GUEST_LINKS);
  });

  test('Host goes to /hosthomes for a host and stores host_user 1', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL), '/parking');
    const menu = await openUserMenu(page, HOST_NAME);
    await menu.getByRole('button', { name: 'Host', exact: true }).click();
    await expect(page).toHaveURL('/hosthomes');
    expect(await page.evaluate(() => localStorage.getItem('host_user'))).toBe('1');
    await expectNavLinks(page, HOST_LINKS);
    const again = await openUserMenu(page, HOST_NAME);
    await expect(again.getByRole('button', { name: 'Host', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('Host sends someone who is not a host to /welcomehost', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/');
    const menu = await openUserMenu(page, GUEST_NAME);
    await menu.getByRole('button', { name: 'Host', exact: true }).click();
    await expect(page).toHaveURL('/welcomehost');
    expect(await page.evaluate(() => localStorage.getItem('host_user'))).toBe('0');
    await expectNavLinks(page, GUEST_LINKS);
  });
});

test.describe('user menu entries', () => {
  const GUEST_ENTRIES: [string, string][] = [
    ['Profile', '/profile'],
    ['Become a Host', '/welcomehost'],
    ['My Bookings', '/ownerbooking'],
    ['Chat', '/chatroom'],
    ['Favorite', '/Favorater'],
    ['Help & Support', '/helper'],
  ];
  const HOST_ENTRIES: [string, string][] = [
    ['Profile', '/profile'],
    ['Chat', '/chatroom'],
    ['Help & Support', '/helper'],
    // the gate screen (decision 034)
    ['Gate', '/gate'],
  ];

  async function expectEntries(page: Page, name: string, entries: [string, string][]) {
    const menu = await openUserMenu(page, name);
    await expect(menu.getByRole('menuitem')).toHaveText([...entries.map(([label]) => label), 'Delete Account', 'Log Out']);
    for (const [label, href] of entries) await expect(menu.getByRole('menuitem', { name: label, exact: true })).toHaveAttribute('href', href);
    return menu;
  }

  test('guest mode: the six guest entries, Delete Account and Log Out', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/');
    const menu = await expectEntries(page, GUEST_NAME, GUEST_ENTRIES);
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'My Bookings' }).click();
    await expect(page).toHaveURL('/ownerbooking');
    await expect(menu).toBeHidden();
    const again = await openUserMenu(page, GUEST_NAME);
    await again.getByRole('menuitem', { name: 'Favorite' }).click();
    await expect(page).toHaveURL('/Favorater');
  });

  test('host mode: Profile, Chat, Help & Support, Gate, Delete Account and Log Out', async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, HOST_EMAIL), '/hosthomes', 'host');
    const menu = await expectEntries(page, HOST_NAME, HOST_ENTRIES);
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'Help & Support' }).click();
    await expect(page).toHaveURL('/helper');
  });

  test('the menu works from the keyboard and Escape gives focus back', { tag: '@both' }, async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/faq');
    const trigger = page.getByRole('banner').getByRole('button', { name: GUEST_NAME, exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: GUEST_NAME });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
