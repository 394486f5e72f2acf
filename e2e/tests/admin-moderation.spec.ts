import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, waitForAppOnLoad } from './support/test';
import { API, expectAccessible, loginViaApi, openAs } from './support/fixtures';
import { auth, publishedListingViaApi, uniqueTag } from './support/listings';
import { main, pngBytes } from './support/screens';

// The admin console's ID checks and listing moderation, as an admin works through them: an uploaded
// ID approved (the host's listing shows the verified badge), a listing suspended (it leaves search,
// the host reads why), a visitor's report resolved.

const ADMIN_EMAIL = 'admin@parkly.test';

/** A government ID uploaded by the account, as /upload_govt_id sends it. */
async function uploadIdViaApi(request: APIRequestContext, token: string) {
  const res = await request.post(`${API}/upload_govt_id`, {
    headers: auth(token),
    multipart: { file: { name: 'aadhaar.png', mimeType: 'image/png', buffer: pngBytes(64, [224, 231, 255]) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A page in a fresh browser context: nobody is logged in there. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return waitForAppOnLoad(await context.newPage());
}

/** A spot of its own in central India, where no other test puts a listing, so a search there finds only ours. */
function lonelySpot() {
  return { lat: Number((21.3 + Math.random() * 0.4).toFixed(5)), lng: Number((78.6 + Math.random() * 0.4).toFixed(5)) };
}

const cardList = (page: Page) => main(page).getByRole('list', { name: 'Parking spaces' });
/** The listing ids of the cards, in order (each card's title links to /parking/:id, with the search's window and vehicle after it). */
const cardIds = (page: Page) => cardList(page).getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/').pop()!));

async function searchIdsViaApi(request: APIRequestContext, at: { lat: number; lng: number }) {
  const res = await request.get(`${API}/parkings/search?lat=${at.lat}&lng=${at.lng}&radius_km=2&limit=50`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { id: string }[] }).result.map((r) => r.id);
}

test.describe('admin: ID checks', () => {
  test('an admin approves a host’s ID and the host’s listing shows the verified badge', async ({ page, browser, request }) => {
    const hostName = `Kavya Verify ${uniqueTag()}`;
    const { host, listing } = await publishedListingViaApi(request, { hostName });
    await uploadIdViaApi(request, host.token);

    // before: no badge on the public page
    const visitor = await visitorPage(browser);
    await visitor.goto(`/parking/${listing.id}`);
    await expect(main(visitor).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(main(visitor).getByText('Verified host', { exact: true })).toHaveCount(0);

    const admin = await loginViaApi(request, ADMIN_EMAIL);
    await openAs(page, admin, `/admin/verification?status=pending&q=${encodeURIComponent(host.email)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'ID checks' })).toBeVisible();
    await expect(main(page).getByRole('table', { name: 'ID documents' })).toContainText(host.email);
    await expectAccessible(page);
    await main(page).getByRole('link', { name: `Review the ID of ${hostName}` }).click();

    await expect(main(page).getByRole('heading', { level: 1, name: `ID of ${hostName}` })).toBeVisible();
    // the document itself, fetched with the admin's token
    const image = main(page).getByRole('img', { name: `Government ID uploaded by ${hostName}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expectAccessible(page);

    await main(page).getByRole('button', { name: 'Approve' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Approved:' })).toContainText(`Approved: ${hostName} is now a verified host.`);
    await expect(main(page).getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // at once, with nothing cached in the way
    await visitor.reload();
    await expect(main(visitor).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(main(visitor).getByText('Verified host', { exact: true })).toBeVisible();
    await visitor.context().close();
  });

  test('rejecting asks for a reason, and the person is told', async ({ page, request }) => {
    const hostName = `Rohan Reject ${uniqueTag()}`;
    const { host } = await publishedListingViaApi(request, { hostName });
    await uploadIdViaApi(request, host.token);
    const admin = await loginViaApi(request, ADMIN_EMAIL);
    await openAs(page, admin, `/admin/verification?q=${encodeURIComponent(host.email)}`);
    await main(page).getByRole('link', { name: `Review the ID of ${hostName}` }).click();
    await main(page).getByRole('button', { name: 'Reject' }).click();

    const dialog = page.getByRole('dialog', { name: `Reject the ID of ${hostName}` });
    await dialog.getByRole('button', { name: 'Reject ID' }).click();
    await expect(dialog.getByText('Give a reason')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Reason (the person sees this)').fill('The photo is too blurry to read.');
    await dialog.getByRole('button', { name: 'Reject ID' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main(page).getByText('Not accepted').first()).toBeVisible();

    const notices = await request.get(`${API}/get-notification`, { headers: auth(host.token) });
    expect(await notices.text()).toContain('We could not verify your ID: The photo is too blurry to read.');
  });
});

test.describe('admin: listing moderation', () => {
  test('an admin suspends a listing: it leaves search at once and the host reads why; reinstating brings it back', async ({ page, browser, request }) => {
    const spot = lonelySpot();
    const { host, listing } = await publishedListingViaApi(request, { title: `Lonely lot ${uniqueTag()}`, body: spot });
    const searchUrl = `/parking?${new URLSearchParams({ place: 'Test spot', lat: String(spot.lat), lng: String(spot.lng), radius_km: '2' })}`;

    const visitor = await visitorPage(browser);
    await visitor.goto(searchUrl);
    await expect.poll(() => cardIds(visitor), { timeout: 15_000 }).toContain(listing.id);

    const admin = await loginViaApi(request, ADMIN_EMAIL);
    await openAs(page, admin, `/admin/listings?q=${encodeURIComponent(listing.title)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('table', { name: 'Listings found' }).getByRole('link', { name: listing.title }).click();

    await expect(main(page).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend “${listing.title}”` });
    await dialog.getByLabel('Reason (the host sees this)').fill('The photos show a different building.');
    await dialog.getByRole('button', { name: 'Suspend listing' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Suspended:' })).toContainText('Suspended: the listing is out of search');
    await expect(main(page).getByRole('region', { name: 'Suspension' })).toContainText('The photos show a different building.');

    // gone from search and from the public page, at once
    expect(await searchIdsViaApi(request, spot)).not.toContain(listing.id);
    await visitor.goto(searchUrl);
    await expect(main(visitor).getByRole('status').filter({ hasText: /^(\d+\+? spaces?|No results)$/ })).toBeVisible({ timeout: 15_000 });
    expect(await cardIds(visitor)).not.toContain(listing.id);
    await visitor.goto(`/parking/${listing.id}`);
    await expect(main(visitor).getByRole('heading', { level: 1, name: 'This space is not available' })).toBeVisible();

    // the host sees the reason on their listing
    const hostPage = await visitorPage(browser);
    await openAs(hostPage, host.token, `/Manage_parking?id=${listing.id}`, 'host');
    await expect(main(hostPage).getByText('Reason from Parkly:')).toBeVisible();
    await expect(main(hostPage)).toContainText('The photos show a different building.');
    await hostPage.context().close();

    await main(page).getByRole('button', { name: 'Reinstate' }).click();
    await page.getByRole('dialog', { name: `Reinstate “${listing.title}”` }).getByRole('button', { name: 'Reinstate' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Reinstated' })).toBeVisible();
    expect(await searchIdsViaApi(request, spot)).toContain(listing.id);
    await visitor.context().close();
  });

  test('a signed-in visitor reports a listing from its page; the admin sees the report and resolves it', async ({ page, browser, request }) => {
    const { listing } = await publishedListingViaApi(request, { title: `Reported bay ${uniqueTag()}` });
    const guest = await loginViaApi(request, 'guest@parkly.test');
    const guestPage = await visitorPage(browser);
    await openAs(guestPage, guest, `/parking/${listing.id}`);
    await main(guestPage).getByRole('button', { name: 'Report this listing' }).click();
    const dialog = guestPage.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByLabel('What is wrong?').fill('The host asked me to pay outside Parkly.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(main(guestPage).getByRole('status').filter({ hasText: 'our team will look at this listing' })).toBeVisible();
    await guestPage.context().close();

    const admin = await loginViaApi(request, ADMIN_EMAIL);
    await openAs(page, admin, `/admin/listings/${listing.id}`);
    const reports = main(page).getByRole('region', { name: 'Open reports (1)' });
    await expect(reports).toContainText('The host asked me to pay outside Parkly.');
    await reports.getByRole('button', { name: /^Resolve/ }).click();
    await expect(main(page).getByRole('region', { name: 'Open reports' })).toContainText('Nobody has reported this listing.');
  });
});
