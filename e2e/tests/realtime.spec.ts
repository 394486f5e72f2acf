import type { APIRequestContext } from '@playwright/test';
import { API, openAs, openNotifications } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// Realtime: the host has a booking open when the driver cancels it in another browser; the host's
// screen shows it cancelled at once (well inside its 30 s poll), without a reload. And a host watching
// the dashboard sees a new booking and the bell's dot arrive as the driver pays.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const instantListingViaApi = (request: APIRequestContext) =>
  publishedListingViaApi(request, {
    hostName: `Asha Host ${uniqueTag()}`,
    title: `Corner driveway ${uniqueTag()}`,
    body: { instant_book: true },
    photoRgb: [90, 110, 70],
  });

/** A host's published instant-book space and a driver's confirmed, paid booking of it, through the API. */
async function confirmedBookingViaApi(request: APIRequestContext, made?: Awaited<ReturnType<typeof instantListingViaApi>>) {
  const { host, listing } = made ?? (await instantListingViaApi(request));
  const { guest, vehicle } = await guestWithVehicleViaApi(request, {
    name: `Ravi Driver ${uniqueTag()}`,
    vehicle: { make: 'Maruti', model: 'Ciaz', color: 'White', plate: `KA 05 ${uniqueTag().slice(-4).toUpperCase()}` },
  });
  const day = dayAhead(3);
  const booked = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listing.id, start: `${day}T09:00:00+05:30`, end: `${day}T11:00:00+05:30`, vehicle_id: vehicle.id },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { result: { id: string } }).result.id;
  const paid = await request.post(`${API}/bookings/${id}/pay`, {
    headers: auth(guest.token),
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { result: { status: string } }).result.status).toBe('confirmed');
  return { host, guest, title: listing.title, bookingId: id };
}

test("the driver cancels and the host's open booking screen shows it cancelled without a reload", async ({ browser, request }) => {
  const { host, guest, title, bookingId } = await confirmedBookingViaApi(request);

  const hostContext = await browser.newContext();
  const driverContext = await browser.newContext();
  try {
    const hostPage = await hostContext.newPage();
    const socketOpen = hostPage.waitForEvent('websocket', (ws) => ws.url().includes('/backend/api/v1/realtime'));
    await openAs(hostPage, host.token, `/booking_details?id=${bookingId}`, 'host');
    await expect(hostPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(hostPage)).toContainText('Confirmed');
    const socket = await socketOpen;
    const frames: string[] = [];
    socket.on('framereceived', (f) => frames.push(String(f.payload)));
    // marks this document: a reload would lose it
    await hostPage.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const driverPage = await driverContext.newPage();
    await openAs(driverPage, guest.token, `/booking_cancel?id=${bookingId}`);
    await driverPage.getByRole('button', { name: 'Cancel booking' }).click();
    await driverPage.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(driverPage.getByRole('heading', { name: 'Booking cancelled' })).toBeVisible();

    // the host's screen polls every 30 s: within 10 s it can only be the realtime event
    await expect(main(hostPage)).toContainText('Cancelled', { timeout: 10_000 });
    await expect(main(hostPage)).not.toContainText('Confirmed');
    expect(await hostPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(frames.some((f) => f.includes('"type":"booking"') && f.includes(bookingId) && f.includes('cancelled'))).toBe(true);
  } finally {
    await hostContext.close();
    await driverContext.close();
  }
});

test("a host watching the dashboard sees a new booking and the bell's dot arrive without a reload", async ({ page, request }) => {
  const made = await instantListingViaApi(request);
  const socketOpen = page.waitForEvent('websocket', (ws) => ws.url().includes('/backend/api/v1/realtime'));
  await openAs(page, made.host.token, '/hosthomes', 'host');
  const comingUp = page.getByRole('region', { name: 'Coming up' });
  await expect(comingUp).toContainText('No confirmed bookings ahead yet.');
  await socketOpen;
  // reading the welcome notification takes the dot away
  await openNotifications(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notification-dot')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const { guest } = await confirmedBookingViaApi(request, made);

  // the dashboard polls every 30 s and the bell every 60 s: within 10 s it can only be the socket
  await expect(comingUp.getByRole('link', { name: new RegExp(guest.name.split(' ')[0]!) })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('notification-dot')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
