import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForAppOnLoad } from './support/test';
import { API, expectAccessible, loginViaApi, openAs } from './support/fixtures';
import { auth, publishedListingViaApi, uniqueTag } from './support/listings';
import { logInThroughForm, main } from './support/screens';

// The console's users area and audit log: an admin finds an account, suspends it (it cannot log in,
// its listing leaves search), reinstates it, and reads what happened in the audit log.

const ADMIN_EMAIL = 'admin@parkly.test';
const SUSPENDED_MESSAGE = 'This account is suspended. Contact support.';

/** A host of our own with one live listing at a spot no other test uses, so nobody else's account is suspended. */
async function hostWithListing(request: APIRequestContext) {
  const tag = uniqueTag();
  const spot = { lat: 13.2 + Math.random() * 0.2, lng: 77.2 + Math.random() * 0.2 };
  const { host, listing } = await publishedListingViaApi(request, { hostName: `Suspendable Host ${tag}`, body: spot });
  return { host, listing, spot };
}

async function inSearch(request: APIRequestContext, spot: { lat: number; lng: number }, listingId: string) {
  const res = await request.get(`${API}/parkings/search?lat=${spot.lat}&lng=${spot.lng}&radius_km=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { id: string }[] }).result.some((r) => r.id === listingId);
}

async function openUsers(page: Page, request: APIRequestContext) {
  await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

test.describe('admin: users', () => {
  test('an admin finds a host, suspends them (no login, listing out of search), then reinstates them', async ({ page, request, browser }) => {
    const { host, listing, spot } = await hostWithListing(request);
    expect(await inSearch(request, spot, listing.id)).toBe(true);

    await openUsers(page, request);
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(host.name.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    await main(page).getByRole('link', { name: host.name }).click();

    await expect(page.getByRole('heading', { level: 1, name: host.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(host.email);
    await expect(page.getByRole('region', { name: /^Listings/ })).toContainText(listing.title);
    await expectAccessible(page);

    // suspend, with a reason
    await main(page).getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${host.name}?` });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog.getByLabel(/Reason/)).toHaveAccessibleDescription('Give a reason');
    await dialog.getByLabel(/Reason/).fill('Three guests reported the address as fake');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${host.name} is suspended.` })).toBeVisible();
    const suspension = page.getByRole('region', { name: 'Suspension' });
    await expect(suspension).toContainText('Suspended since');
    await expect(suspension).toContainText('Three guests reported the address as fake');
    await expect(main(page).getByText('Suspended', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: /^Listings/ })).toContainText('taken down with the account');
    await expectAccessible(page);

    // the listing is gone from search and its page; the old token no longer works
    expect(await inSearch(request, spot, listing.id)).toBe(false);
    expect((await request.get(`${API}/parkings/${listing.id}`)).status()).toBe(404);
    expect((await request.get(`${API}/get_profile`, { headers: auth(host.token) })).status()).toBe(401);

    // the host, on their own browser, cannot log in
    const { locale, timezoneId, baseURL } = test.info().project.use;
    const hostContext = await browser.newContext({ locale, timezoneId, baseURL });
    const hostPage = waitForAppOnLoad(await hostContext.newPage());
    await logInThroughForm(hostPage, host.email, host.password);
    await expect(main(hostPage).getByRole('alert')).toHaveText(SUSPENDED_MESSAGE);
    await expect(hostPage).toHaveURL('/login');

    // reinstate: everything comes back
    await main(page).getByRole('button', { name: 'Reinstate', exact: true }).click();
    await page.getByRole('dialog', { name: `Reinstate ${host.name}?` }).getByRole('button', { name: 'Reinstate', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${host.name} is reinstated.` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Suspension' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
    expect(await inSearch(request, spot, listing.id)).toBe(true);

    await logInThroughForm(hostPage, host.email, host.password);
    await expect(hostPage).toHaveURL('/');
    await hostContext.close();
  });

  test('the audit log shows the suspension with its reason, before and after, and finds it by subject', async ({ page, request }) => {
    const { host } = await hostWithListing(request);
    const adminToken = await loginViaApi(request, ADMIN_EMAIL);
    const reason = `Audit check ${uniqueTag()}`;
    const res = await request.post(`${API}/admin/users/${host.user.id}/suspend`, { headers: auth(adminToken), data: { reason } });
    expect(res.status(), await res.text()).toBe(200);

    await openAs(page, adminToken, '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Subject id').fill(host.user.id);
    await page.getByLabel('Action starts with').fill('user.');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`subject=${host.user.id}`));

    const entries = page.getByRole('region', { name: 'Entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('user.suspend');
    await expect(entries.first()).toContainText(`Reason: ${reason}`);
    await entries.first().getByText('user.suspend').click();
    await expect(entries.first().getByRole('region', { name: 'Before' })).toContainText('"suspended_at": null');
    await expect(entries.first().getByRole('region', { name: 'After' })).toContainText(reason);
    await expectAccessible(page);

    // the free-text search finds it by the reason too
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Words').fill(reason);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(entries).toHaveCount(1);

    await request.post(`${API}/admin/users/${host.user.id}/reinstate`, { headers: auth(adminToken) });
  });

  test('on a phone the list is a stack of cards and the detail reads top to bottom', { tag: '@phone' }, async ({ page, request }) => {
    const { host } = await hostWithListing(request);
    await openUsers(page, request);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(host.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = main(page).getByRole('link', { name: new RegExp(host.name) });
    await expect(card).toContainText(host.email);
    await expect(card).toContainText('Host');
    await expectAccessible(page);
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: host.name })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
