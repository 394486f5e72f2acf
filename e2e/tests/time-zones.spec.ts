import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './support/test';
import { API, becomeHostViaApi, openAs, signUpViaApi } from './support/fixtures';
import { auth, draftListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';

// Times belong to a place, never to the device: a driver or host whose browser is in New York picks
// and reads India's clock for a search (the configured zone) and a listing's own clock for its
// blocked dates, and the API gets ISO times with that zone's offset.
test.use({ timezoneId: 'America/New_York' });

/** 'YYYY-MM-DD' in a zone, `days` from today there. */
const dateIn = (timeZone: string, days = 0) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + days * 86_400_000));

const heroSearch = (page: Page) => main(page).getByRole('search', { name: 'Find parking' });
const timeChip = (page: Page) => main(page).getByRole('button', { name: /^Time:/ });

/** The next GET parkings/search the page sends with a time window. */
const searchWithWindow = (page: Page) =>
  page.waitForRequest((r: Request) => {
    const url = new URL(r.url());
    return url.pathname === `${API}/parkings/search` && url.searchParams.has('start');
  });

test.describe('a browser in New York', () => {
  test('searches with India-zone times from the home page and the time editor', async ({ page }) => {
    // the browser really is in New York
    await page.goto('/');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

    const tomorrow = dateIn('Asia/Kolkata', 1);
    const form = heroSearch(page);
    await form.getByLabel('Where').fill('Koram');
    await form.getByRole('button', { name: 'Koramangala' }).first().click();
    // tomorrow is India's tomorrow, and the form says which clock it is on
    await expect(form.getByLabel('Date')).toHaveValue(tomorrow);
    await expect(form.getByText('Times are India Standard Time.')).toBeVisible();

    const sent = searchWithWindow(page);
    await form.getByRole('button', { name: 'Search parking' }).click();
    const first = new URL((await sent).url());
    expect(first.searchParams.get('start')).toBe(`${tomorrow}T09:00:00+05:30`);
    expect(first.searchParams.get('end')).toBe(`${tomorrow}T18:00:00+05:30`);
    await expect(timeChip(page)).toHaveText('Tomorrow, 09:00–18:00');

    // a new window from the results page's editor is India time too
    await timeChip(page).click();
    const dialog = page.getByRole('dialog', { name: 'When do you need parking?' });
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);
    await expect(dialog.getByLabel('From')).toHaveValue('09:00');
    await dialog.getByLabel('From').fill('20:30');
    await dialog.getByLabel('Until').fill('07:00');
    const resent = searchWithWindow(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const second = new URL((await resent).url());
    const dayAfter = dateIn('Asia/Kolkata', 2);
    expect(second.searchParams.get('start')).toBe(`${tomorrow}T20:30:00+05:30`);
    expect(second.searchParams.get('end')).toBe(`${dayAfter}T07:00:00+05:30`);
    await expect(timeChip(page)).toHaveText(/^Tomorrow, 20:30–07:00 \(/);
  });

  for (const { zone, name, offset } of [
    { zone: 'Asia/Kolkata', name: /India Standard Time/, offset: '+05:30' },
    // the hint names the zone as it is today; the period, in July, is on London's summer time
    { zone: 'Europe/London', name: /Greenwich Mean Time|British Summer Time/, offset: '+01:00' },
  ]) {
    test(`a blocked period entered on Manage parking is kept and shown in the listing's zone (${zone})`, async ({ page, request }) => {
      // the manage screen is one of the heaviest to load (listing, photos, spaces, blocked dates)
      test.setTimeout(60_000);
      const listing = await draftListingInZoneViaApi(request, zone);
      const year = new Date().getFullYear() + 1;
      await openAs(page, listing.token, `/Manage_parking?id=${listing.id}`, 'host');

      const section = main(page).getByRole('region', { name: 'Blocked dates' });
      await expect(section.getByRole('button', { name: 'Block these dates' })).toBeVisible({ timeout: 20_000 });
      await expect(section.getByText(/^Times are the space's local time/)).toContainText(name);
      await section.getByLabel('From').fill(`${year}-07-10T18:00`);
      await section.getByLabel('Until').fill(`${year}-07-12T09:00`);
      await section.getByLabel(/^Reason/).fill('Family wedding');
      await section.getByRole('button', { name: 'Block these dates' }).click();

      const periods = section.getByRole('list', { name: 'Blocked periods' });
      const row = periods.getByRole('listitem').filter({ hasText: 'Family wedding' });
      await expect(row).toContainText(new RegExp(`10 Jul,? ${year},? 6:00\\s?pm`, 'i'));
      await expect(row).toContainText(new RegExp(`12 Jul,? ${year},? 9:00\\s?am`, 'i'));

      // the API got the listing's wall-clock times, not New York's
      const res = await request.get(`${API}/parkings/${listing.id}/blackouts`, { headers: auth(listing.token) });
      expect(res.status(), await res.text()).toBe(200);
      const [saved] = ((await res.json()) as { result: { start: string; end: string }[] }).result;
      expect(Date.parse(saved!.start)).toBe(Date.parse(`${year}-07-10T18:00:00${offset}`));
      expect(Date.parse(saved!.end)).toBe(Date.parse(`${year}-07-12T09:00:00${offset}`));
    });
  }
});

/** A new host's draft listing in `timeZone`, made through the API. */
async function draftListingInZoneViaApi(request: APIRequestContext, timeZone: string) {
  const host = await signUpViaApi(request);
  await becomeHostViaApi(request, host.token);
  const id = await draftListingViaApi(request, host.token, { title: `Covered bay near the station ${uniqueTag()}`, parking_type: 'garage' });
  const patched = await request.patch(`${API}/parkings/${id}`, { headers: auth(host.token), data: { time_zone: timeZone } });
  expect(patched.status(), await patched.text()).toBe(200);
  return { id, token: host.token };
}
