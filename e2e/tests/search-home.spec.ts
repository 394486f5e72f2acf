import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { main } from './support/screens';

const heroSearch = (page: Page) => main(page).getByRole('search', { name: 'Find parking' });

/** 'YYYY-MM-DD' in India, `days` from today (the tests run in Asia/Kolkata). */
function indiaDate(days: number) {
  return new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
const tomorrow = indiaDate(1);

/** The search a /parking URL carries. */
function searchOf(page: Page) {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/parking');
  return Object.fromEntries(url.searchParams);
}

/** Live demo listings in Bengaluru, nearest the centre first. */
async function bengaluruListings(request: APIRequestContext, limit = 3) {
  const res = await request.get(`${API}/parkings/search?lat=12.9716&lng=77.5946&radius_km=20&limit=${limit}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { id: string; title: string }[] }).result;
}

test.describe('home search', () => {
  test('a typed place picked from the suggestions and tomorrow 9:00 to 18:00 lead to /parking', { tag: '@both' }, async ({ page }) => {
    await page.goto('/');
    const form = heroSearch(page);
    await form.getByLabel('Where').fill('Koram');
    await form.getByRole('button', { name: 'Koramangala' }).first().click();
    await expect(form.getByLabel('Where')).toHaveValue(/^Koramangala/);
    // tomorrow 09:00 to 18:00 is already filled in
    await expect(form.getByRole('radio', { name: 'Hourly' })).toBeChecked();
    await expect(form.getByLabel('Date')).toHaveValue(tomorrow);
    await expect(form.getByLabel('From')).toHaveValue('09:00');
    await expect(form.getByLabel('Until')).toHaveValue('18:00');
    await form.getByRole('button', { name: 'Search parking' }).click();

    await expect(page).toHaveURL(/\/parking\?/);
    const s = searchOf(page);
    expect(s.place).toMatch(/^Koramangala/);
    expect(Number(s.lat)).toBeCloseTo(12.93, 1);
    expect(Number(s.lng)).toBeCloseTo(77.62, 1);
    expect(s).toMatchObject({ when: 'hourly', start: `${tomorrow}T09:00:00+05:30`, end: `${tomorrow}T18:00:00+05:30` });
  });

  test('pressing Search without picking takes the best match; daily and monthly make whole-day windows', async ({ page }) => {
    await page.goto('/');
    const form = heroSearch(page);
    await form.getByLabel('Where').fill('Mumbai');
    await expect(form.getByRole('list', { name: 'Suggested places' })).toBeVisible();
    // the suggestions open over the form; Escape closes them, as it would for a person
    await form.getByLabel('Where').press('Escape');
    await form.getByRole('radio', { name: 'Daily' }).check();
    await form.getByLabel('First day').fill(indiaDate(2));
    await form.getByLabel('Last day').fill(indiaDate(4));
    await form.getByRole('button', { name: 'Search parking' }).click();
    await expect(page).toHaveURL(/\/parking\?/);
    let s = searchOf(page);
    expect(s.place).toMatch(/Mumbai/);
    expect(Number(s.lat)).toBeCloseTo(19.07, 1);
    expect(s).toMatchObject({ when: 'daily', start: `${indiaDate(2)}T00:00:00+05:30`, end: `${indiaDate(5)}T00:00:00+05:30` });

    await page.goto('/');
    await heroSearch(page).getByLabel('Where').fill('Pune');
    await expect(heroSearch(page).getByRole('list', { name: 'Suggested places' })).toBeVisible();
    // a tap elsewhere closes the suggestions too
    await main(page).getByRole('heading', { level: 1 }).click();
    await heroSearch(page).getByRole('radio', { name: 'Monthly' }).check();
    await heroSearch(page).getByLabel('Start date').fill(indiaDate(3));
    await heroSearch(page).getByRole('button', { name: 'Search parking' }).click();
    await expect(page).toHaveURL(/\/parking\?/);
    s = searchOf(page);
    expect(s).toMatchObject({ when: 'monthly', start: `${indiaDate(3)}T00:00:00+05:30`, end: `${indiaDate(33)}T00:00:00+05:30` });
  });

  test('says what is missing instead of searching nowhere or in the past', async ({ page }) => {
    await page.goto('/');
    const form = heroSearch(page);
    await form.getByRole('button', { name: 'Search parking' }).click();
    await expect(form.getByRole('alert')).toHaveText('Type a place or use Near me');
    await form.getByLabel('Where').fill('Qwxzv');
    await form.getByRole('button', { name: 'Search parking' }).click();
    await expect(form.getByRole('alert')).toHaveText('No place found for "Qwxzv". Try a city or area.');
    await form.getByLabel('Where').fill('Delhi');
    await form.getByLabel('Date').fill(indiaDate(-2));
    await form.getByRole('button', { name: 'Search parking' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose today or a later date');
    await expect(page).toHaveURL('/');
  });

  test('Near me searches around the device position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 19.076, longitude: 72.8777 });
    await page.goto('/');
    await heroSearch(page).getByRole('button', { name: 'Near me' }).click();
    await expect(page).toHaveURL(/\/parking\?/);
    const s = searchOf(page);
    expect(s).toMatchObject({ place: 'Near me', lat: '19.076', lng: '72.8777', when: 'hourly' });
  });

  test('shows real spaces on the home page, each opening its listing', async ({ page, request }) => {
    await page.goto('/');
    const section = main(page).getByRole('region', { name: 'Spaces in Bengaluru' });
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(6);
    const first = cards.first();
    const title = (await first.getByRole('link').textContent())!;
    await first.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/parking\/[0-9a-f-]{36}$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title);
    expect((await bengaluruListings(request, 50)).map((l) => l.title)).toContain(title);
    await page.goBack();
    await expect(section.getByRole('link', { name: 'See all spaces' })).toHaveAttribute('href', /^\/parking\?place=Bengaluru&lat=12\.9716&lng=77\.5946$/);
    await expectAccessible(page);
  });
});

test.describe('/parking_type', () => {
  test('every type with its picture, explanation and live count, leading to the search', async ({ page, request }) => {
    const counts = ((await (await request.get(`${API}/parkings/types`)).json()) as { result: { parking_type: string; count: number }[] }).result;
    await page.goto('/parking_type');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Find the right kind of space');
    const types = main(page).getByRole('region', { name: 'By kind of space' }).getByRole('link');
    await expect(types).toHaveCount(8);
    const garage = types.filter({ has: page.getByText('Garage', { exact: true }) });
    const garages = counts.find((c) => c.parking_type === 'garage')!.count;
    expect(garages).toBeGreaterThan(0);
    await expect(garage).toContainText(`${garages} spaces`);
    await expect(garage).toContainText('Lockable and covered');
    await expect(garage.locator('img')).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
    const vehicles = main(page).getByRole('region', { name: 'By vehicle' });
    await expect(vehicles.getByRole('link', { name: 'EV charging' })).toHaveAttribute('href', '/parking?amenities=ev_charging');
    await expect(vehicles.getByRole('link', { name: 'Boat' })).toHaveAttribute('href', '/parking?vehicle_type=boat');
    await expectAccessible(page);
    await garage.click();
    await expect(page).toHaveURL('/parking?parking_type=garage');
  });
});

test.describe('/Favorater', () => {
  test('asks a visitor to log in', async ({ page }) => {
    await page.goto('/Favorater');
    await expect(main(page).getByRole('heading', { name: 'Log in to see your favorites' })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('lists the saved spaces, and the heart removes one at once', async ({ page, request }) => {
    const me = await signUpViaApi(request);
    const [a, b] = await bengaluruListings(request, 2);
    for (const l of [a!, b!]) {
      const res = await request.post(`${API}/favorites`, { headers: { authorization: `Bearer ${me.token}` }, data: { parking_id: l.id } });
      expect(res.status()).toBe(201);
    }
    await openAs(page, me.token, '/Favorater');
    await expect(main(page).getByText('2 saved spaces')).toBeVisible();
    const cards = main(page).getByRole('article');
    // newest first
    await expect(cards.nth(0)).toHaveAccessibleName(b!.title);
    await expect(cards.nth(1)).toHaveAccessibleName(a!.title);
    await expectAccessible(page);

    await cards.nth(0).getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(cards).toHaveCount(1);
    await expect(main(page).getByText('1 saved space', { exact: true })).toBeVisible();
    await page.reload();
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(main(page).getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Find parking' })).toHaveAttribute('href', '/parking');
  });
});
