import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, waitForAppOnLoad } from './support/test';
import { API, becomeHostViaApi, expectAccessible, HOST_EMAIL, loginViaApi, mainNav, openAs, openMainNav, signUpViaApi } from './support/fixtures';
import { auth, publishedListingViaApi, uniqueTag } from './support/listings';
import { main, pngBytes } from './support/screens';

// The host listings feature: the /add_parking wizard, My Listing, Manage parking, the published page
// and the public page of a space, as hosts and visitors meet them.

const SHOTS = '/tmp/shots-listings';

/** Two photos that differ, as a host's entrance and spot shots would. */
const entrancePhoto = { name: 'entrance.png', mimeType: 'image/png', buffer: pngBytes(96, [15, 118, 110]) };
const spotPhoto = { name: 'spot.png', mimeType: 'image/png', buffer: pngBytes(96, [217, 119, 6]) };

interface Summary {
  id: string;
  title: string | null;
  status: string;
  photo_count: number;
}

/** A new host with a complete, published listing (one photo) made through the API. */
const listingViaApi = (request: APIRequestContext) =>
  publishedListingViaApi(request, { title: `Shaded driveway near Indiranagar Metro ${uniqueTag()}`, photoRgb: [15, 118, 110] });

/** An active demo listing of the demo host that has photos. */
async function demoListing(request: APIRequestContext) {
  const token = await loginViaApi(request, HOST_EMAIL);
  const res = await request.get(`${API}/parkings/mine`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  const mine = ((await res.json()) as { result: Summary[] }).result;
  const listing = mine.find((l) => l.status === 'active' && l.photo_count > 1 && l.title);
  expect(listing, 'the demo host has an active listing with photos').toBeDefined();
  return listing as Summary & { title: string };
}

const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);

/** The rates a listing offers, as its public answer gives them: [{ per: 'per hour', amount: '₹40' }, …]. */
async function offeredRatesViaApi(request: APIRequestContext, id: string) {
  const res = await request.get(`${API}/parkings/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  const l = ((await res.json()) as { result: Record<'hourly_rate' | 'daily_rate' | 'weekly_rate' | 'monthly_rate', number | null> }).result;
  const units = [
    ['hourly_rate', 'per hour'],
    ['daily_rate', 'per day'],
    ['weekly_rate', 'per week'],
    ['monthly_rate', 'per month'],
  ] as const;
  return units.flatMap(([key, per]) => (l[key] === null ? [] : [{ per, amount: rupees(l[key]) }]));
}

/** A page in a fresh browser context: nobody is logged in there. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return waitForAppOnLoad(await context.newPage());
}

const wizardForm = (page: Page) => main(page).getByRole('form');
const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });
const next = (page: Page) => main(page).getByRole('button', { name: 'Next', exact: true });
const back = (page: Page) => main(page).getByRole('button', { name: 'Back', exact: true });

/**
 * Ticks a chip or a card as a person does, by its visible words: the radio or checkbox under it is
 * visually hidden (the card is what is drawn). Then checks the control itself took the choice.
 */
async function pick(page: Page, role: 'radio' | 'checkbox', label: string) {
  await main(page).getByText(label, { exact: true }).click();
  // a card's name is its label and then its description
  await expect(main(page).getByRole(role, role === 'radio' ? { name: new RegExp(`^${label}`) } : { name: label, exact: true })).toBeChecked();
}

/** At phone width the wizard says 'Step n of 8'; on wide screens the step list marks the current one. */
async function expectStep(page: Page, n: number, heading: string) {
  await expect(stepHeading(page, heading)).toBeVisible();
  await expect(page).toHaveURL(/\/add_parking\?id=[0-9a-f-]{36}&step=/);
  const steps = main(page).getByRole('navigation', { name: 'Listing steps' });
  if ((page.viewportSize()?.width ?? 1280) < 1024) await expect(steps.getByText(`Step ${n} of 8`, { exact: true })).toBeVisible();
  else await expect(steps.locator('[aria-current="step"]')).toContainText(`Step ${n} of 8`);
}

test.describe('a new host lists a space', () => {
  test('completes the wizard (leaving halfway), publishes, edits the rate, pauses, and the public page says not available', { tag: '@both' }, async ({ page, request, browser }, testInfo) => {
    test.setTimeout(150_000);
    const phone = testInfo.project.name === 'phone';
    const host = await signUpViaApi(request);
    await becomeHostViaApi(request, host.token);
    const title = `Covered garage near Forum Mall ${Date.now().toString(36)}`;

    await openAs(page, host.token, '/add_parking', 'host');
    await expect(main(page).getByRole('heading', { level: 1, name: 'List your space' })).toBeVisible();

    // 1. type and vehicles
    await expect(stepHeading(page, 'What kind of space is it?')).toBeVisible();
    await pick(page, 'radio', 'Garage');
    await pick(page, 'checkbox', 'Hatchback');
    await pick(page, 'checkbox', 'Sedan');
    if (phone) await page.screenshot({ path: `${SHOTS}/wizard-1-type-phone.png` });
    await next(page).click();

    // 2. location: the draft now exists and its id is in the address
    await expectStep(page, 2, 'Where is it?');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your listing' })).toBeVisible();
    await main(page).getByLabel('Street address').fill('7, Hosur Road');
    await main(page).getByLabel('Locality or area').fill('Koramangala');
    await main(page).getByLabel('City', { exact: true }).fill('Bengaluru');
    await main(page).getByLabel('State', { exact: true }).fill('Karnataka');
    await main(page).getByLabel('PIN code').fill('560095');
    await main(page).getByLabel('Latitude').fill('12.9345');
    await main(page).getByLabel('Longitude').fill('77.6112');
    await next(page).click();

    // 3. details and size
    await expectStep(page, 3, 'Describe your space');
    await main(page).getByLabel('Title', { exact: true }).fill(title);
    await main(page).getByLabel('Description (optional)').fill('A lockable garage with a roller shutter, lit at night.');
    await pick(page, 'checkbox', 'Covered');
    await pick(page, 'checkbox', 'CCTV');
    await main(page).getByRole('button', { name: 'One space more' }).click();
    await expect(main(page).getByLabel('Spaces')).toHaveValue('2');
    await main(page).getByLabel('Height').fill('2.1');
    await next(page).click();
    await expectStep(page, 4, 'Add photos');

    // leave halfway, then come back to the draft from My Listing
    await page.goto('/');
    await openMainNav(page);
    await mainNav(page).getByRole('link', { name: 'My Listing', exact: true }).click();
    await expect(page).toHaveURL('/my-listing');
    const draftCard = main(page).getByRole('article', { name: title });
    await expect(draftCard.getByText('Draft', { exact: true })).toBeVisible();
    await expect(draftCard).toContainText('Koramangala, Bengaluru');
    await expect(draftCard).toContainText('2 spaces');
    await expect(draftCard).toContainText('Still to do:');
    await draftCard.getByRole('link', { name: /^Continue\b/ }).click();

    // it resumes at the first step still lacking something: the photos; the earlier steps kept their values
    await expectStep(page, 4, 'Add photos');
    await expect(main(page).getByText('0 of 20 photos', { exact: true })).toBeVisible();
    await back(page).click();
    await expectStep(page, 3, 'Describe your space');
    await expect(main(page).getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(main(page).getByLabel('Description (optional)')).toHaveValue('A lockable garage with a roller shutter, lit at night.');
    await expect(main(page).getByRole('checkbox', { name: 'Covered', exact: true })).toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: 'CCTV', exact: true })).toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: 'Valet', exact: true })).not.toBeChecked();
    await expect(main(page).getByLabel('Spaces')).toHaveValue('2');
    await expect(main(page).getByLabel('Height')).toHaveValue('2.1');
    await back(page).click();
    await expectStep(page, 2, 'Where is it?');
    await expect(main(page).getByLabel('Street address')).toHaveValue('7, Hosur Road');
    await expect(main(page).getByLabel('City', { exact: true })).toHaveValue('Bengaluru');
    await expect(main(page).getByLabel('Latitude')).toHaveValue('12.9345');
    await next(page).click();
    await expectStep(page, 3, 'Describe your space');
    await next(page).click();

    // 4. photos: skipping them is refused; two, picked together, answer that (the first becomes the cover)
    await expectStep(page, 4, 'Add photos');
    await next(page).click();
    const noPhotos = main(page).getByText('Add at least one photo to continue.', { exact: false });
    await expect(noPhotos).toBeVisible();
    await expectStep(page, 4, 'Add photos');
    await main(page).getByLabel('Choose photos').setInputFiles([entrancePhoto, spotPhoto]);
    const photos = main(page).getByRole('list', { name: 'Photos' });
    await expect(photos.getByRole('group', { name: 'Photo 1 of 2, cover' }).getByRole('img')).toBeVisible();
    await expect(photos.getByRole('group', { name: 'Photo 2 of 2', exact: true }).getByRole('img')).toBeVisible();
    await expect(main(page).getByText('2 of 20 photos', { exact: true })).toBeVisible();
    await expect(photos.getByRole('group', { name: /^Uploading/ })).toHaveCount(0);
    await expect(noPhotos).toHaveCount(0);
    if (phone) {
      await photos.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/wizard-4-photos-phone.png` });
    }
    await next(page).click();

    // 5. pricing
    await expectStep(page, 5, 'Set your prices');
    await expect(main(page).getByRole('switch', { name: 'Hourly rate' })).toBeChecked();
    await main(page).getByLabel('Hourly rate in rupees').fill('40');
    await main(page).getByLabel('Daily rate in rupees').fill('250');
    await pick(page, 'radio', 'Flexible');
    await next(page).click();

    // 6. availability: closed on Sundays
    await expectStep(page, 6, 'When can drivers park?');
    const allDay = main(page).getByRole('switch', { name: /^Open 24\/7/ });
    await expect(allDay).toBeChecked();
    await allDay.uncheck();
    await expect(main(page).getByLabel('Monday: opens at')).toHaveValue('08:00');
    await main(page).getByRole('button', { name: 'Remove Sunday' }).click();
    await expect(main(page).getByRole('button', { name: 'Open on Sunday' })).toBeVisible();
    await next(page).click();

    // 7. access
    await expectStep(page, 7, 'How do guests get in?');
    await main(page).getByLabel('Access instructions (optional)').fill('Shutter code 4821. Bay 3 on the left.');
    await next(page).click();

    // 8. review and publish
    await expectStep(page, 8, 'Review and publish');
    const review = wizardForm(page);
    await expect(review.getByText('Still needed before you can publish:')).toHaveCount(0);
    await expect(review.getByRole('region', { name: 'Type and vehicles' })).toContainText('Garage');
    await expect(review.getByRole('region', { name: 'Type and vehicles' })).toContainText('Hatchback, Sedan');
    await expect(review.getByRole('region', { name: 'Location' })).toContainText('7, Hosur Road, Koramangala, Bengaluru, Karnataka, 560095');
    await expect(review.getByRole('region', { name: 'Details and size' })).toContainText(title);
    await expect(review.getByRole('region', { name: 'Photos' }).getByRole('list', { name: '2 photos' }).getByRole('img')).toHaveCount(2);
    const pricing = review.getByRole('region', { name: 'Pricing and booking' });
    await expect(pricing.getByRole('list', { name: 'Rates' })).toContainText('₹40 per hour');
    await expect(pricing.getByRole('list', { name: 'Rates' })).toContainText('₹250 per day');
    await expect(pricing).toContainText('Flexible');
    await expect(review.getByRole('region', { name: 'Availability' })).toContainText('Mon–Sat: 08:00–20:00');
    await expect(review.getByRole('region', { name: 'Availability' })).toContainText('Sun: Closed');
    await expect(review.getByRole('region', { name: 'Access instructions' })).toContainText('Shutter code 4821');
    if (phone) await page.screenshot({ path: `${SHOTS}/wizard-8-review-phone.png` });
    await main(page).getByRole('button', { name: 'Publish listing' }).click();

    // the published page shows the live listing
    await expect(page).toHaveURL(/\/parking_Complete\?id=[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your space is live!' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(main(page).getByText('Active', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('list', { name: 'Rates' })).toContainText('₹40 per hour');
    await expect(main(page).getByRole('link', { name: 'View your listing' })).toHaveAttribute('href', `/parking/${id}`);
    await expect(main(page)).toContainText('You have 2 photos.');

    // My Listing: the live card, then Manage parking to change the hourly rate
    await main(page).getByRole('link', { name: 'Go to My Listing' }).click();
    await expect(page).toHaveURL('/my-listing');
    const card = main(page).getByRole('article', { name: title });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card).toContainText('2 photos');
    await expect(card.getByRole('list', { name: 'Rates' })).toContainText('₹40 per hour');
    await card.getByRole('link', { name: /^Edit\b/ }).click();
    await expect(page).toHaveURL(`/Manage_parking?id=${id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    const pricingForm = main(page).getByRole('form', { name: 'Pricing and booking' });
    await expect(pricingForm.getByLabel('Hourly rate in rupees')).toHaveValue('40');
    await pricingForm.getByLabel('Hourly rate in rupees').fill('55');
    await pricingForm.getByRole('button', { name: 'Save pricing' }).click();
    await expect(pricingForm.getByRole('status')).toHaveText('Saved');
    await expect(pricingForm.getByLabel('Hourly rate in rupees')).toHaveValue('55');

    // pause it from its status panel
    const status = main(page).getByRole('region', { name: /^Status/ });
    await expect(status.getByText('Active', { exact: true })).toBeVisible();
    await status.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(status.getByText('Paused', { exact: true })).toBeVisible();
    await expect(status).toContainText('Paused: hidden from search and not taking new bookings.');
    await expect(status.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();

    // back on My Listing the card has the new rate and says paused
    await main(page).getByRole('link', { name: 'My Listing', exact: true }).click();
    await expect(page).toHaveURL('/my-listing');
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Rates' })).toContainText('₹55 per hour');
    await expect(card.getByRole('list', { name: 'Rates' })).not.toContainText('₹40');

    // a visitor who is not logged in finds it is not available
    const visitor = await visitorPage(browser);
    await visitor.goto(`/parking/${id}`);
    await expect(main(visitor).getByRole('heading', { level: 1, name: 'This space is not available' })).toBeVisible();
    await expect(main(visitor)).toContainText(`${title} is not taking bookings right now.`);
    await expect(main(visitor).getByRole('link', { name: 'Find other parking' })).toBeVisible();
    await expect(main(visitor).getByRole('link', { name: 'Book this space' })).toHaveCount(0);
    await visitor.context().close();
  });
});

test.describe('the public page of a space', () => {
  test('a visitor sees the photos, the rates and the map of the area', { tag: '@both' }, async ({ page, request }, testInfo) => {
    const listing = await demoListing(request);
    await page.goto(`/parking/${listing.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

    // the gallery: the cover and its sisters, each opening the viewer
    const total = listing.photo_count;
    const cover = main(page).getByRole('img', { name: `${listing.title}: photo 1 of ${total}`, exact: true });
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const second = main(page).getByRole('img', { name: `${listing.title}: photo 2 of ${total}`, exact: true });
    await expect(second).toBeVisible();
    await expect(main(page).getByRole('button', { name: `Show all ${total} photos` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/public-top-${testInfo.project.name}.png` });

    // every rate the host offers, in the price card (one card shows at each width), with the way to book
    const price = main(page).getByRole('region', { name: 'Prices and booking' });
    const offered = await offeredRatesViaApi(request, listing.id);
    expect(offered.length).toBeGreaterThan(0);
    await expect(price.getByRole('term')).toHaveText(offered.map((r) => r.per));
    await expect(price.getByRole('definition')).toHaveText(offered.map((r) => r.amount));
    await expect(price.getByRole('link', { name: 'Book this space' })).toBeVisible();

    // the map of the area: loaded when it comes near the screen, an area and never the exact spot
    const where = main(page).getByRole('region', { name: "Where you'll park" });
    await where.scrollIntoViewIfNeeded();
    await expect(where.getByRole('region', { name: /^Map of the area around / })).toBeVisible();
    await expect(where).toContainText('The space is within about 100 m of the centre of the circle');
    await page.screenshot({ path: `${SHOTS}/public-map-${testInfo.project.name}.png` });
    await expectAccessible(page);
  });
});

test.describe('accessibility of the listing screens (no serious or critical axe violation)', () => {
  test('the wizard: a new listing, a step with errors, the photos and the review', async ({ page, request }) => {
    const { host, listing } = await listingViaApi(request);
    // a new listing's first step, sent with nothing chosen: its errors too must be accessible
    await openAs(page, host.token, '/add_parking', 'host');
    await expect(stepHeading(page, 'What kind of space is it?')).toBeVisible();
    await next(page).click();
    await expect(main(page).getByText('Choose the type of space')).toBeVisible();
    await expect(main(page).getByText('Choose at least one vehicle that fits')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/add_parking?id=${listing.id}&step=photos`);
    await expect(main(page).getByRole('group', { name: 'Photo 1 of 1, cover' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/add_parking?id=${listing.id}&step=review`);
    await expect(stepHeading(page, 'Review and publish')).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Details and size' })).toContainText(listing.title);
    await expectAccessible(page);
  });

  test('My Listing, the published page and the public page', async ({ page, request, browser }) => {
    const { host, listing } = await listingViaApi(request);
    await openAs(page, host.token, '/my-listing', 'host');
    await expect(main(page).getByRole('article', { name: listing.title }).getByText('Active', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/parking_Complete?id=${listing.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your space is live!' })).toBeVisible();
    await expectAccessible(page);

    const visitor = await visitorPage(browser);
    await visitor.goto(`/parking/${listing.id}`);
    await expect(main(visitor).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(main(visitor).getByRole('img', { name: `${listing.title}: photo 1 of 1` })).toBeVisible();
    await expectAccessible(visitor);
    await visitor.context().close();
  });

  test('Manage parking, and the public page once the listing is paused', async ({ page, request, browser }) => {
    const { host, listing } = await listingViaApi(request);
    await openAs(page, host.token, `/Manage_parking?id=${listing.id}`, 'host');
    await expect(main(page).getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(main(page).getByRole('group', { name: 'Photo 1 of 1, cover' })).toBeVisible();
    await expectAccessible(page);

    const status = main(page).getByRole('region', { name: /^Status/ });
    await status.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(status.getByText('Paused', { exact: true })).toBeVisible();

    const visitor = await visitorPage(browser);
    await visitor.goto(`/parking/${listing.id}`);
    await expect(main(visitor).getByRole('heading', { level: 1, name: 'This space is not available' })).toBeVisible();
    await expectAccessible(visitor);
    await visitor.context().close();
  });
});
