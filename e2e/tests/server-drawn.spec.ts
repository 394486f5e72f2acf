import type { APIRequestContext } from '@playwright/test';
import { API, openAs, signUpViaApi } from './support/fixtures';
import { expect, test } from './support/test';

/** A listing's page, and a search of Bengaluru tomorrow 09:00–18:00 (IST, the browsers' zone here). */
async function screens(request: APIRequestContext) {
  const res = await request.get(`${API}/parkings/search?lat=12.9716&lng=77.5946&radius_km=25&limit=1`);
  expect(res.status()).toBe(200);
  const listing = ((await res.json()) as { result: { id: string; title: string }[] }).result[0]!;
  const d = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const search = `/parking?${new URLSearchParams({ place: 'Bengaluru', lat: '12.9716', lng: '77.5946', when: 'hourly', start: `${d}T09:00:00+05:30`, end: `${d}T18:00:00+05:30` })}`;
  return { listing, pages: ['/', search, `/parking/${listing.id}`, '/parking_type', '/faq'] };
}

test.describe('screens drawn on the server', () => {
  test('come drawn, with their title, and the app takes them over as they are', { tag: '@both' }, async ({ page, request }) => {
    const { listing, pages } = await screens(request);
    const redrawn: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('drawn again')) redrawn.push(m.text());
    });
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<div id="root"><[a-z]/);
      expect(html.match(/<title>/g), path).toHaveLength(1);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    const listingHtml = await (await request.get(`/parking/${listing.id}`)).text();
    expect(listingHtml.split('</head>')[0]).toContain(`<title>${listing.title.replace(/&/g, '&amp;')} · Parkly</title>`);
    expect(listingHtml.split('</head>')[1]).toContain(listing.title.replace(/&/g, '&amp;'));
    expect(redrawn).toEqual([]);
  });

  test('a signed-in person gets their own page (their menu, not Login)', async ({ page, request }) => {
    const me = await signUpViaApi(request);
    await openAs(page, me.token, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: me.name, exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  });

  test('forms and screens behind login are drawn in the browser', async ({ request }) => {
    for (const path of ['/login', '/contact', '/upload_govt_id', '/profile', '/Favorater']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });
});
