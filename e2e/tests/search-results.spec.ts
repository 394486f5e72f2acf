import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { main } from './support/screens';

// The /parking search results: list and map, the search bar, filters, sort, "Search this area",
// and the URL that keeps it all, as a driver uses them at phone and desktop widths.

const SHOTS = '/tmp/shots-search';
/** how far around a city the page searches (CITY_RADIUS_KM in the web app) */
const CITY_RADIUS_KM = '30';

interface Result {
  id: string;
  title: string;
  amenities: string[];
  price?: number;
  lat: number;
  lng: number;
}
interface Answer {
  result: Result[];
  /** counted up to the server's cap (SEARCH_COUNT_CAP), then total_capped */
  total: number;
  total_capped: boolean;
}

/** Tomorrow's date in India, where the tests' browser lives. */
function tomorrow() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 24 * 3600_000));
}

/** Tomorrow 09:00 to 18:00, India time, as the page writes it. */
function tomorrowWindow() {
  const date = tomorrow();
  return { date, start: `${date}T09:00:00+05:30`, end: `${date}T18:00:00+05:30` };
}

async function cityPlace(request: APIRequestContext, city: string) {
  const res = await request.get(`${API}/places?q=${encodeURIComponent(city)}`);
  expect(res.status(), await res.text()).toBe(200);
  const place = ((await res.json()) as { result: { name: string; lat: number; lng: number; kind: string }[] }).result.find((p) => p.kind === 'city');
  expect(place, `${city} is in the gazetteer`).toBeDefined();
  return place!;
}

/** The /parking URL for a city tomorrow 09:00–18:00, plus any extra parameters. */
async function cityUrl(request: APIRequestContext, city: string, extra: Record<string, string> = {}) {
  const place = await cityPlace(request, city);
  const w = tomorrowWindow();
  const params = new URLSearchParams({ place: place.name, lat: String(place.lat), lng: String(place.lng), radius_km: CITY_RADIUS_KM, when: 'hourly', start: w.start, end: w.end, ...extra });
  return { url: `/parking?${params}`, place };
}

/** What the API finds for the search in a /parking URL (the same parameters, up to 50 results). */
async function apiSearch(request: APIRequestContext, pageUrl: string, over: Record<string, string> = {}) {
  const url = new URL(pageUrl, 'http://x');
  const q = new URLSearchParams();
  for (const key of ['lat', 'lng', 'bbox', 'start', 'end', 'parking_type', 'vehicle_type', 'amenities', 'min_price', 'max_price', 'instant_book', 'min_rating', 'sort']) {
    const v = url.searchParams.get(key);
    if (v) q.set(key, v);
  }
  if (!q.has('bbox') && url.searchParams.get('radius_km')) q.set('radius_km', url.searchParams.get('radius_km')!);
  for (const [k, v] of Object.entries(over)) q.set(k, v);
  q.set('limit', '50');
  const res = await request.get(`${API}/parkings/search?${q}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Answer;
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const cardList = (page: Page) => main(page).getByRole('list', { name: 'Parking spaces' });
const countStatus = (page: Page) => main(page).getByRole('status').filter({ hasText: /^(\d+\+? spaces?|Searching…|No results)$/ });
/** a total as the page shows it: '100+' when the server stopped counting */
const countNumber = (a: Pick<Answer, 'total' | 'total_capped'>) => `${a.total}${a.total_capped ? '+' : ''}`;
const countText = (a: Pick<Answer, 'total' | 'total_capped'>) => `${countNumber(a)} ${a.total === 1 && !a.total_capped ? 'space' : 'spaces'}`;
const mapRegion = (page: Page) => main(page).getByRole('region', { name: /^Map of parking/ });
const filtersButton = (page: Page) => main(page).getByRole('button', { name: /^Filters/ });
const sortSelect = (page: Page) => main(page).getByRole('combobox', { name: 'Sort by' });
const timeChip = (page: Page) => main(page).getByRole('button', { name: /^Time:/ });

/** The listing ids of the cards, in order (each card's title links to /parking/:id, with the search's window and vehicle after it). */
const cardIds = (page: Page) => cardList(page).getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/').pop()!));

/** Waits until the cards are exactly these listings, in this order. */
async function expectCards(page: Page, ids: string[]) {
  await expect.poll(() => cardIds(page), { timeout: 10_000 }).toEqual(ids);
}

/** On a phone the map is behind the List/Map switch; on a desktop it is beside the list. */
async function showMap(page: Page) {
  if (isPhone(page)) {
    const map = main(page).getByRole('button', { name: 'Map', exact: true });
    await map.click();
    await expect(map).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/view=map/);
  }
  await expect(mapRegion(page)).toBeVisible();
  return mapRegion(page);
}

/** How many results the map draws: each price pill is one, each cluster says how many it holds. */
async function mapResultCount(page: Page) {
  const buttons = mapRegion(page).getByRole('button');
  const names = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  let n = 0;
  for (const name of names) {
    const cluster = /^(\d+) spaces here/.exec(name);
    if (cluster) n += Number(cluster[1]);
    else if (name.includes('₹')) n += 1;
  }
  return n;
}

/** Clicks the map's zoom button `times` times (with reduced motion each zoom is done when the click returns). */
async function zoom(page: Page, direction: 'in' | 'out', times: number) {
  const button = mapRegion(page).getByRole('button', { name: direction === 'in' ? 'Zoom in' : 'Zoom out', exact: true });
  for (let i = 0; i < times; i += 1) await button.click();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png` });
}

test.describe('search results', () => {
  // the map honours reduced motion (no zoom animation), so a zoom is over when its click returns
  test.use({ reducedMotion: 'reduce' });

  test('with no place it searches around Bengaluru, or the stored position', async ({ page }) => {
    await page.goto('/parking');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Parking near Bengaluru' })).toBeAttached();
    await expect(page).toHaveTitle('Parking near Bengaluru · Parkly');
    await expect(countStatus(page)).toHaveText(/^\d+ spaces?$/);
    await expect(cardList(page).getByRole('article').first()).toBeVisible();
    // a bare /parking stays bare: the default place is written only when the search changes
    await expect(page).toHaveURL('/parking');

    await page.evaluate(() => {
      localStorage.setItem('user_lat', '19.076');
      localStorage.setItem('user_lang', '72.8777');
    });
    await page.reload();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Parking near you' })).toBeAttached();
    await expect(cardList(page).getByRole('article').first()).toContainText('Mumbai');
  });

  test('a city and tomorrow 09:00–18:00 from the search bar', async ({ page, request }) => {
    await page.goto('/parking');
    await main(page).getByRole('searchbox', { name: 'Search near a place' }).fill('Hyderabad');
    const place = await cityPlace(request, 'Hyderabad');
    await main(page).getByRole('list', { name: 'Suggested places' }).getByRole('button', { name: place.name }).click();
    await expect(page).toHaveURL(/place=Hyderabad/);
    await expect(main(page).getByRole('heading', { level: 1, name: `Parking near ${place.name}` })).toBeAttached();

    await timeChip(page).click();
    const dialog = page.getByRole('dialog', { name: 'When do you need parking?' });
    await expect(dialog.getByRole('radio', { name: 'Hourly' })).toBeChecked();
    const w = tomorrowWindow();
    await dialog.getByLabel('Date').fill(w.date);
    await dialog.getByLabel('From').fill('09:00');
    await dialog.getByLabel('Until').fill('18:00');
    if (test.info().project.name === 'phone') await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(timeChip(page)).toHaveText('Tomorrow, 09:00–18:00');

    const url = new URL(page.url());
    expect(url.searchParams.get('start')).toBe(w.start);
    expect(url.searchParams.get('end')).toBe(w.end);
    const answer = await apiSearch(request, page.url());
    expect(answer.total).toBeGreaterThan(0);
    await expect(countStatus(page)).toHaveText(countText(answer));
    await expectCards(page, answer.result.map((r) => r.id));
    // with a window every card shows the total for it
    await expect(cardList(page).getByRole('article').first()).toContainText('total');
    await shot(page, 'hyderabad-list');
    await expectAccessible(page);
  });

  test('EV charging, sort by price, reload and Back', async ({ page, request }) => {
    const { url } = await cityUrl(request, 'Hyderabad');
    const all = await apiSearch(request, url);
    const ev = await apiSearch(request, url, { amenities: 'ev_charging' });
    expect(ev.total, 'the demo data has EV chargers in Hyderabad').toBeGreaterThan(1);
    expect(ev.total).toBeLessThan(all.total);
    const evIds = all.result.filter((r) => r.amenities.includes('ev_charging')).map((r) => r.id);

    await page.goto(url);
    await expect(countStatus(page)).toHaveText(countText(all));

    await filtersButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel.getByRole('button', { name: `Show ${countText(all)}` })).toBeVisible();
    await panel.getByRole('checkbox', { name: 'EV charging' }).check();
    // the panel counts the matches before the filter is applied
    const show = panel.getByRole('button', { name: `Show ${countText(ev)}` });
    await expect(show).toBeVisible();
    await shot(page, 'filters');
    await expectAccessible(page);
    await show.click();
    await expect(panel).toBeHidden();

    await expect(page).toHaveURL(/amenities=ev_charging/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters, 1 active');
    await expect(countStatus(page)).toHaveText(countText(ev));
    await expectCards(page, ev.result.map((r) => r.id));
    // every listed card is one of the unfiltered results that has a charger, and none is missing
    expect([...(await cardIds(page))].sort()).toEqual([...evIds].sort());
    const map = await showMap(page);
    await expect.poll(() => mapResultCount(page)).toBe(ev.total);
    for (const name of await map.getByRole('button', { name: /₹/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!))) {
      expect(ev.result.some((r) => name.startsWith(r.title)), name).toBe(true);
    }
    if (isPhone(page)) await main(page).getByRole('button', { name: 'List', exact: true }).click();

    await sortSelect(page).selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price/);
    const byPrice = await apiSearch(request, page.url());
    const prices = byPrice.result.map((r) => r.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expectCards(page, byPrice.result.map((r) => r.id));

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('price');
    await expect(filtersButton(page)).toHaveAccessibleName('Filters, 1 active');
    await expect(timeChip(page)).toHaveText('Tomorrow, 09:00–18:00');
    await expectCards(page, byPrice.result.map((r) => r.id));

    await page.goBack();
    await expect(page).not.toHaveURL(/sort=price/);
    await expect(sortSelect(page)).toHaveValue('distance');
    await expectCards(page, ev.result.map((r) => r.id));
    await page.goBack();
    await expect(page).not.toHaveURL(/amenities/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters');
    await expect(countStatus(page)).toHaveText(countText(all));
  });

  test('moving the map offers Search this area, which searches the view', async ({ page, request }) => {
    const { url, place } = await cityUrl(request, 'Hyderabad');
    const all = await apiSearch(request, url);
    await page.goto(url);
    await showMap(page);
    await expect.poll(() => mapResultCount(page)).toBe(all.total);
    const searchArea = main(page).getByRole('button', { name: 'Search this area' });
    await expect(searchArea).toBeHidden();

    // into the first cluster (a click zooms to it), or one step in where nothing is clustered
    const cluster = mapRegion(page).getByRole('button', { name: /spaces here/ }).first();
    if (await cluster.count()) await cluster.click();
    else await zoom(page, 'in', 1);
    await expect(searchArea).toBeVisible();
    await shot(page, 'moved-map');
    await searchArea.click();
    await expect(page).toHaveURL(/bbox=/);
    const after = new URL(page.url());
    // the searched point stays, for the distances
    expect(after.searchParams.get('lat')).toBe(String(place.lat));
    const inView = await apiSearch(request, page.url());
    expect(inView.total).toBeGreaterThan(0);
    expect(inView.total).toBeLessThan(all.total);
    await expect(countStatus(page)).toHaveText(countText(inView));
    await expect.poll(() => mapResultCount(page)).toBe(inView.total);
    if (isPhone(page)) await main(page).getByRole('button', { name: 'List', exact: true }).click();
    await expectCards(page, inView.result.map((r) => r.id));

    // too wide a view: the server refuses, and the page says why
    await showMap(page);
    await zoom(page, 'out', 6);
    await searchArea.click();
    await expect(main(page).getByRole('alert').filter({ hasText: 'The map area is too large: zoom in to search it' }).first()).toBeVisible();
    await shot(page, 'too-large');
    if (isPhone(page)) await main(page).getByRole('button', { name: 'List', exact: true }).click();
    await main(page).getByRole('button', { name: `Search around ${place.name}` }).click();
    await expect(page).not.toHaveURL(/bbox=/);
    await expect(countStatus(page)).toHaveText(countText(all));
  });

  test('the list and the map point at each other', { tag: '@both' }, async ({ page, request }) => {
    const { url } = await cityUrl(request, 'Hyderabad');
    await page.goto(url);
    const map = await showMap(page);
    const marker = map.getByRole('button', { name: /₹/ }).first();
    await expect(marker).toBeVisible();
    const name = (await marker.getAttribute('aria-label'))!;
    const title = name.slice(0, name.lastIndexOf(', ₹'));
    const card = main(page).getByRole('article', { name: title });

    if (isPhone(page)) {
      // a tap on a price shows its card over the map
      await marker.click();
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: title })).toBeVisible();
      await shot(page, 'marker-card');
      await expectAccessible(page);
      await main(page).getByRole('button', { name: 'Close', exact: true }).click();
      await expect(card).toBeHidden();
    } else {
      await card.hover();
      await expect(marker).toHaveAttribute('data-active', 'true');
      await main(page).getByRole('heading', { level: 1 }).hover();
      await expect(marker).not.toHaveAttribute('data-active');
      // the marker is a button: Enter on it chooses its card, which scrolls into view
      await page.mouse.wheel(0, 2000);
      await marker.focus();
      await page.keyboard.press('Enter');
      await expect(card).toBeInViewport();
      await expect(marker).toHaveAttribute('data-active', 'true');
      await shot(page, 'marker-card');
    }
  });

  test('Load more brings the next page', async ({ page, request }) => {
    const { url } = await cityUrl(request, 'Hyderabad');
    const all = await apiSearch(request, url);
    expect(all.total).toBeGreaterThan(3);
    // pages of three, so the demo data has several: the browser's searches ask for three (the page the
    // server drew came with a full page, so the test opens it sorted otherwise and sorts by distance)
    await page.route('**/backend/api/v1/parkings/search?*', (route) => route.continue({ url: `${route.request().url()}&limit=3` }));
    await page.goto((await cityUrl(request, 'Hyderabad', { sort: 'rating' })).url);
    await expect(cardList(page).getByRole('article').first()).toBeVisible();
    await sortSelect(page).selectOption({ label: 'Nearest' });
    await expectCards(page, all.result.slice(0, 3).map((r) => r.id));
    await expect(main(page).getByText(`Showing 3 of ${countNumber(all)}`)).toBeVisible();
    const more = main(page).getByRole('button', { name: 'Load more' });
    while (await more.isVisible()) {
      const before = (await cardIds(page)).length;
      await more.click();
      await expect.poll(async () => (await cardIds(page)).length).toBeGreaterThan(before);
    }
    await expectCards(page, all.result.map((r) => r.id));
    await expect(main(page).getByText(`Showing ${all.total} of ${countNumber(all)}`)).toBeVisible();
  });

  test('the heart on a result saves it to favorites', async ({ page, request }) => {
    const me = await signUpViaApi(request);
    const { url } = await cityUrl(request, 'Hyderabad');
    await openAs(page, me.token, url);
    const card = cardList(page).getByRole('article').first();
    const heart = card.getByRole('button', { name: 'Save to favorites' });
    await heart.click();
    const saved = card.getByRole('button', { name: 'Remove from favorites' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(cardList(page).getByRole('article').first().getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('no match: Clear filters; a failed search: the message and Retry', async ({ page, request }) => {
    const { url } = await cityUrl(request, 'Hyderabad', { parking_type: 'outdoor_storage', amenities: 'valet', min_rating: '5' });
    await page.goto(url);
    await expect(main(page).getByRole('heading', { name: 'No spaces match your search' })).toBeVisible();
    await expect(countStatus(page)).toHaveText('0 spaces');
    await shot(page, 'empty');
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/amenities/);
    await expect(cardList(page).getByRole('article').first()).toBeVisible();

    let fail = true;
    await page.route('**/backend/api/v1/parkings/search?*', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Search is resting for a moment.', code: 'INTERNAL' }) }) : route.fallback(),
    );
    await sortSelect(page).selectOption({ label: 'Top rated' });
    const alert = main(page).getByRole('alert').filter({ hasText: 'Search is resting for a moment.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await shot(page, 'error');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(cardList(page).getByRole('article').first()).toBeVisible();
  });

  test('list and map pass an accessibility check', { tag: '@both' }, async ({ page, request }) => {
    const { url } = await cityUrl(request, 'Hyderabad');
    await page.goto(url);
    await expect(cardList(page).getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    await showMap(page);
    await expect(mapRegion(page).getByRole('button', { name: /₹|spaces here/ }).first()).toBeVisible();
    await shot(page, 'map');
    await expectAccessible(page);
  });
});
