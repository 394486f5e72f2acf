import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, becomeHostViaApi, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { main, pngBytes } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// A host's booking history (/HostBoking_history): every booking of their spaces, filtered by listing
// and status (kept in the address), the totals of the filter, a CSV of exactly the filter, and a row
// that opens the host's booking screen. Hosts, spaces and bookings are set up through the API.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const ZONE = 'Asia/Kolkata';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/host-history-${name}-${test.info().project.name}.png`, fullPage: true });

/** A day `n` days from now on the listing's clock ('2026-12-24'). */
const dayAhead = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + n * 86_400_000);
const at = (day: string, time: string) => `${day}T${time}:00+05:30`;
/** Paise as the app writes them ('₹1,425', '₹142.50'). */
const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);

/** A published, instant-book space of the host: ₹30 an hour. */
async function listingViaApi(request: APIRequestContext, token: string, title: string) {
  const created = await request.post(`${API}/parkings`, {
    headers: auth(token),
    data: {
      title,
      description: 'A gated driveway two minutes from the metro.',
      parking_type: 'driveway',
      vehicle_types: ['hatchback', 'sedan', 'suv'],
      amenities: ['gated'],
      address: { line1: '14, 12th Main Road', locality: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', postal_code: '560038', country: 'IN' },
      lat: 12.978,
      lng: 77.6408,
      capacity: 2,
      hourly_rate: 3000,
      daily_rate: 20000,
      instant_book: true,
      cancellation_policy: 'flexible',
      access_instructions: 'Ring the bell at the blue gate.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { result: { id: string } }).result.id;
  const photo = await request.post(`${API}/parkings/${id}/photos`, { headers: auth(token), multipart: { file: { name: 'gate.png', mimeType: 'image/png', buffer: pngBytes(96) } } });
  expect(photo.status(), await photo.text()).toBe(200);
  const published = await request.post(`${API}/parkings/${id}/publish`, { headers: auth(token) });
  expect(published.status(), await published.text()).toBe(200);
  return id;
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
  const guest = await signUpViaApi(request, { name });
  const car = await request.post(`${API}/vehicles`, { headers: auth(guest.token), data: { vehicle_type: 'sedan', plate, make: 'Honda', model: 'City', color: 'Grey' } });
  expect(car.status(), await car.text()).toBe(201);
  const vehicleId = ((await car.json()) as { result: { id: string } }).result.id;
  const made = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: parkingId, start, end, vehicle_id: vehicleId } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { result: { id: string } }).result.id;
  const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(guest.token), data: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' } } });
  expect(paid.status(), await paid.text()).toBe(200);
  const seen = await request.get(`${API}/bookings/${id}`, { headers: auth(hostToken) });
  return { guest, booking: ((await seen.json()) as { result: Booked }).result };
}

test('a host filters the booking history, reads its totals, downloads the CSV and opens a booking', { tag: '@both' }, async ({ page, request }) => {
  const host = await signUpViaApi(request, { name: `Meera Host ${tag()}` });
  await becomeHostViaApi(request, host.token);
  const mall = `Mall driveway ${tag()}`;
  const lane = `Lane garage ${tag()}`;
  const mallId = await listingViaApi(request, host.token, mall);
  const laneId = await listingViaApi(request, host.token, lane);
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
