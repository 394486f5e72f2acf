import type { APIRequestContext, Page } from '@playwright/test';
import { API, becomeHostViaApi, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// A host runs their bookings: a request arrives on the dashboard (/hosthomes), the host opens it
// (/booking_details?id=), accepts or declines it, or cancels a confirmed booking; the driver's own
// booking page (/parking/booking-details/:id) says what the host did. Everything before the screens is
// set up through the API: a host, a published request-to-book space, a driver who books and pays.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/host-bookings-${name}-${test.info().project.name}.png`, fullPage });

/** A new host with a published space that takes requests (instant book off): ₹30 an hour, one car. */
const requestListingViaApi = (request: APIRequestContext) =>
  publishedListingViaApi(request, {
    hostName: `Kiran Host ${uniqueTag()}`,
    title: `Quiet lane garage ${uniqueTag()}`,
    body: { parking_type: 'garage', capacity: 2, hourly_rate: 3000, instant_book: false, cancellation_policy: 'strict' },
    photoRgb: [120, 80, 40],
  });

interface BookingAnswer {
  result: { id: string; status: string; reference: string; total: number };
}

/** A new driver with a saved car asks for 10:00 to 13:00 on a day ahead and pays: the booking is a request. */
async function requestViaApi(request: APIRequestContext, listingId: string, daysAhead = 2) {
  const { guest, vehicle } = await guestWithVehicleViaApi(request, { name: `Meera Driver ${uniqueTag()}`, vehicle: { make: 'Honda', model: 'City', color: 'Grey' } });
  const day = dayAhead(daysAhead);
  const created = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listingId, start: `${day}T10:00:00+05:30`, end: `${day}T13:00:00+05:30`, vehicle_id: vehicle.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as BookingAnswer).result;
  const paid = await request.post(`${API}/bookings/${id}/pay`, {
    headers: auth(guest.token),
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const booking = ((await paid.json()) as BookingAnswer).result;
  expect(booking.status).toBe('requested');
  return { guest, booking, plate: vehicle.plate };
}

const hostPage = (id: string) => `/booking_details?id=${id}`;
const statusNote = (page: Page) => main(page).getByRole('status').filter({ hasText: /You (accepted|declined|cancelled)/ });

test('a request arrives on the dashboard, the host accepts it and the driver sees it confirmed', { tag: '@both' }, async ({ page, request }) => {
  const { host, listing } = await requestListingViaApi(request);
  await openAs(page, host.token, '/hosthomes', 'host');
  const requests = page.getByRole('region', { name: /Requests to answer/ });
  await expect(requests).toContainText('No requests waiting');
  await expect(page.getByRole('region', { name: 'Today' })).toContainText('No one arrives today.');

  // the driver asks while the dashboard is open: it polls, and the request shows up by itself
  const { guest, booking, plate } = await requestViaApi(request, listing.id);
  // a request names the driver by their first name; the full name comes with the confirmed booking
  const firstName = guest.name.split(' ')[0]!;
  await expect(requests.getByRole('link', { name: new RegExp(firstName) })).toBeVisible({ timeout: 45_000 });
  await expect(requests).toContainText(/2[34] h( \d+ min)? left/);
  await expect(requests).toContainText('answer by');
  await expect(requests).toContainText(plate);
  await expectAccessible(page);
  await shot(page, 'dashboard-request');

  await requests.getByRole('link', { name: new RegExp(firstName) }).click();
  await expect(page).toHaveURL(hostPage(booking.id));
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(main(page)).toContainText('Request to answer');
  await expect(main(page)).toContainText(booking.reference);
  await expect(main(page)).toContainText(/10:00\s*am\s*–\s*1:00\s*pm/i);
  const answer = page.getByRole('region', { name: 'Answer this request' });
  await expect(answer).toContainText(/Answer by .+ IST/);
  await expect(answer).toContainText(/2[34] h( \d+ min)? left to answer/);
  const guestBox = page.getByRole('region', { name: 'Guest and vehicle' });
  await expect(guestBox).toContainText(firstName);
  await expect(guestBox).not.toContainText(guest.name);
  await expect(guestBox).toContainText('Grey Honda City');
  await expect(guestBox).toContainText(plate);
  const money = page.getByRole('region', { name: 'Your payout' });
  await expect(money).toContainText('3 hours × ₹30');
  await expect(money).toContainText('Parkly commission (15%)');
  await expect(money).toContainText('₹13.50');
  await expect(money).toContainText(/Your payout if you accept\s*₹76.50/);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Request received');
  await expectAccessible(page);
  await shot(page, 'request');

  await answer.getByRole('button', { name: 'Accept request' }).click();
  await expect(statusNote(page)).toContainText(`You accepted the request. ${firstName} has been told`);
  await expect(statusNote(page).getByText(/You accepted/)).toBeFocused();
  await expect(main(page)).toContainText('Confirmed');
  await expect(guestBox).toContainText(guest.name);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('You accepted the request');
  await expectAccessible(page);
  await shot(page, 'accepted');

  // the dashboard has moved it from the requests to what is coming up
  await page.getByRole('link', { name: 'Host dashboard' }).first().click();
  await expect(page.getByRole('region', { name: /Requests to answer/ })).toContainText('No requests waiting');
  await expect(page.getByRole('region', { name: 'Coming up' }).getByRole('link', { name: new RegExp(guest.name) })).toBeVisible();

  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(main(page)).toContainText('Confirmed');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Accepted by the host');
});

test('the host declines a request with a reason, and the driver reads it', async ({ page, request }) => {
  const { host, listing } = await requestListingViaApi(request);
  const { guest, booking } = await requestViaApi(request, listing.id);
  const reason = 'The garage is being painted that week, sorry!';
  await openAs(page, host.token, hostPage(booking.id), 'host');
  const answer = page.getByRole('region', { name: 'Answer this request' });
  await answer.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
  await expect(dialog).toContainText('Their card is released: nothing is charged.');
  await dialog.getByLabel('Reason for the driver (optional)').fill(reason);
  await expectAccessible(page);
  await shot(page, 'decline-dialog', false);
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusNote(page)).toContainText('You declined the request.');
  await expect(main(page)).toContainText('Declined');
  await expect(page.getByRole('region', { name: 'Where it stands' })).toContainText(`You declined this request: “${reason}”`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(reason);
  await expect(page.getByRole('region', { name: 'Your payout' })).toContainText('Not earned');

  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await expect(main(page)).toContainText(`The host declined this request: “${reason}”`);
  await expect(main(page)).toContainText('Nothing was taken from your card.');
});

test('the host cancels a confirmed booking only after the warning, and the driver gets everything back', async ({ page, request }) => {
  const { host, listing } = await requestListingViaApi(request);
  const { guest, booking } = await requestViaApi(request, listing.id, 3);
  const accepted = await request.post(`${API}/bookings/${booking.id}/accept`, { headers: auth(host.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await openAs(page, host.token, hostPage(booking.id), 'host');
  const section = page.getByRole('region', { name: 'Booking confirmed' });
  await expect(section).toContainText('they get a full refund, and it counts against your record as a host');
  await section.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(`${guest.name} gets a full refund of ₹94.50`);
  await expect(dialog).toContainText('you do not earn the ₹76.50 payout');
  await expect(dialog).toContainText('counts against your hosting record');
  await expectAccessible(page);
  await shot(page, 'cancel-dialog', false);

  // keeping it changes nothing; a reason is needed to go ahead
  await dialog.getByRole('button', { name: 'Keep the booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
  await section.getByRole('button', { name: 'Cancel booking' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(dialog.getByText('Tell the driver why you are cancelling')).toBeVisible();
  await dialog.getByLabel('Reason for the driver').fill('A water leak in the garage');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusNote(page)).toContainText(`You cancelled the booking. ${guest.name} has been told and gets ₹94.50 back.`);
  await expect(main(page)).toContainText('Cancelled');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Cancelled by you');
  await expect(page.getByRole('region', { name: 'Your payout' })).toContainText('Refunded to the driver');

  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await expect(main(page)).toContainText('The host cancelled this booking (“A water leak in the garage”)');
  await expect(main(page)).toContainText('₹94.50 is refunded to your card.');
});

test('an answer that comes too late shows the refusal and the booking as it now stands', async ({ page, request }) => {
  const { host, listing } = await requestListingViaApi(request);
  const { booking } = await requestViaApi(request, listing.id);
  // the live connection would show the other device's answer at once: with it dropped, the two answers cross
  await page.routeWebSocket(/\/realtime/, () => undefined);
  await openAs(page, host.token, hostPage(booking.id), 'host');
  await expect(page.getByRole('region', { name: 'Answer this request' })).toBeVisible();
  // answered meanwhile, from another device
  const accepted = await request.post(`${API}/bookings/${booking.id}/accept`, { headers: auth(host.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('dialog', { name: 'Decline this request?' }).getByRole('button', { name: 'Decline request' }).click();
  await expect(main(page).getByRole('alert')).toContainText('This booking cannot be declined now: it is confirmed. The page now shows where the booking stands.');
  await expect(page.getByRole('region', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
});

test('a missing or unknown booking says so, and a new host gets a dashboard that says what to do first', async ({ page, request }) => {
  const host = await signUpViaApi(request, { name: `Nila Newhost ${uniqueTag()}` });
  await becomeHostViaApi(request, host.token);
  await openAs(page, host.token, '/booking_details?id=3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f', 'host');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Host dashboard' }).last()).toHaveAttribute('href', '/hosthomes');
  await page.goto('/booking_details');
  await expect(page.getByRole('heading', { level: 1, name: 'No booking chosen' })).toBeVisible();

  await page.goto('/hosthomes');
  await expect(page.getByRole('heading', { name: 'Add your first space' })).toBeVisible();
  const todo = page.getByRole('region', { name: 'What needs doing' });
  await expect(todo.getByRole('link', { name: /Upload your government ID/ })).toHaveAttribute('href', '/upload_govt_id');
  await expect(todo).toContainText('Not verified');
  await expectAccessible(page);
  await shot(page, 'dashboard-new-host');
});
