import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, becomeHostViaApi, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag, type Host } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// A host's booking history (/HostBoking_history): every booking of their spaces, filtered by listing
// and status (kept in the address), the totals of the filter, a CSV of exactly the filter, and a row
// that opens the host's booking screen. Hosts, spaces and bookings are set up through the API.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/host-history-${name}-${test.info().project.name}.png`, fullPage: true });

const at = (day: string, time: string) => `${day}T${time}:00+05:30`;
/** Paise as the app writes them ('₹1,425', '₹142.50'). */
const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);

/** A published, instant-book space of the host: ₹30 an hour, room for two cars. */
async function listingViaApi(request: APIRequestContext, host: Host, title: string) {
  const { listing } = await publishedListingViaApi(request, { host, title, body: { capacity: 2, hourly_rate: 3000, instant_book: true } });
  return listing.id;
}

interface Booked {
  id: string;
  reference: string;
  total: number;
  host_fee: number;
  host_payout: number;
}

/** A new driver with a car books and pays the window; answers the booking as its host sees it. */
async function bookViaApi(request: APIRequestContext, hostToken: string, parkingId: string, start: string, end: string, name: string, plate: string) {
  const { guest, vehicle } = await guestWithVehicleViaApi(request, { name, vehicle: { plate, make: 'Honda', model: 'City', color: 'Grey' } });
  const made = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: parkingId, start, end, vehicle_id: vehicle.id } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { result: { id: string } }).result.id;
  const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(guest.token), data: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' } } });
  expect(paid.status(), await paid.text()).toBe(200);
  const seen = await request.get(`${API}/bookings/${id}`, { headers: auth(hostToken) });
  return { guest, booking: ((await seen.json()) as { result: Booked }).result };
}

test('a host filters the booking history, reads its totals, downloads the CSV and opens a booking', { tag: '@both' }, async ({ page, request }) => {
  const host = await signUpViaApi(request, { name: `Meera Host ${uniqueTag()}` });
  await becomeHostViaApi(request, host.token);
  const mall = `Mall driveway ${uniqueTag()}`;
  const lane = `Lane garage ${uniqueTag()}`;
  const mallId = await listingViaApi(request, host, mall);
  const laneId = await listingViaApi(request, host, lane);
  const [d3, d4, d5] = [dayAhead(3), dayAhead(4), dayAhead(5)];
  const kept = await bookViaApi(request, host.token, mallId, at(d3, '10:00'), at(d3, '12:00'), 'Rohan Mehta', 'KA 01 HH 1111');
  await bookViaApi(request, host.token, laneId, at(d4, '09:00'), at(d4, '10:00'), 'Sana Iqbal', 'KA 02 HH 2222');
  const dropped = await bookViaApi(request, host.token, mallId, at(d5, '18:00'), at(d5, '19:00'), 'Dev Rao', 'KA 03 HH 3333');
  const cancel = await request.post(`${API}/bookings/${dropped.booking.id}/cancel`, { headers: auth(dropped.guest.token), data: {} });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await openAs(page, host.token, '/HostBoking_history', 'host');
  const content = main(page);
  await expect(content.getByRole('heading', { level: 1, name: 'Booking history' })).toBeVisible();
  const rows = content.getByRole('list').filter({ has: page.getByRole('link', { name: new RegExp(mall) }) }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const totals = content.getByRole('region', { name: 'Totals for this filter' });
  await expect(totals).toContainText('3 bookings, 2 confirmed or completed');

  // filter: one listing, then only what is confirmed; the address keeps both
  await content.getByLabel('Listing').selectOption({ label: mall });
  await expect(rows).toHaveCount(2);
  await content.getByLabel('Status').selectOption({ label: 'Confirmed' });
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`listing=${mallId}.*status=confirmed|status=confirmed.*listing=${mallId}`));
  await expect(totals).toContainText('1 booking, 1 confirmed or completed');
  await expect(totals.getByRole('definition').nth(0)).toHaveText(rupees(kept.booking.total));
  await expect(totals.getByRole('definition').nth(1)).toHaveText(rupees(kept.booking.host_fee));
  await expect(totals.getByRole('definition').nth(2)).toHaveText(rupees(kept.booking.host_payout));
  const row = rows.first();
  await expect(row).toContainText(kept.booking.reference);
  await expect(row).toContainText('Rohan Mehta');
  await expect(row).toContainText('KA 01 HH 1111');
  await expectAccessible(page);
  await shot(page, 'filtered');

  // the CSV holds exactly the filter
  const downloading = page.waitForEvent('download');
  await content.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^parkly-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(csv[0]).toBe('Reference,Listing,Unit,Guest,Vehicle,Plate,Start,End,Status,Total,Commission,Host payout,Currency');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`${kept.booking.reference},${mall},`);
  expect(csv[1]).toContain(`,Rohan Mehta,Grey Honda City,KA 01 HH 1111,${at(d3, '10:00')},${at(d3, '12:00')},confirmed,${(kept.booking.total / 100).toFixed(2)},`);

  // a reload keeps the filter; the row opens the host's booking screen
  await page.reload();
  await expect(rows).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(`/booking_details?id=${kept.booking.id}`);
  await expect(main(page)).toContainText(kept.booking.reference);
});
