import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';

// My Bookings (/ownerbooking), one booking (/parking/booking-details/:id) and cancelling it
// (/booking_cancel), as a driver meets them. Each test books its own space through the API.

const SHOTS = '/tmp/shots';
// long journeys on a machine shared with other runs: give each the time of three ordinary tests
test.describe.configure({ timeout: 150_000 });

/** A screenshot at the project's width; a dialog is shot as seen (fixed layers do not stretch over a full page). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${SHOTS}/mybookings-${name}-${page.viewportSize()!.width}.png`, fullPage });

const ADDRESS_LINE = '14, 12th Main Road';
const ACCESS = 'Ring the bell at the blue gate.';

/** A published, instant-book listing of a new host, with a flexible policy and ₹30 an hour. */
async function listingViaApi(request: APIRequestContext) {
  const { listing } = await publishedListingViaApi(request, {
    title: `Gated driveway in Indiranagar ${uniqueTag()}`,
    body: { address: { line1: ADDRESS_LINE }, hourly_rate: 3000, instant_book: true, cancellation_policy: 'flexible', access_instructions: ACCESS },
    photoRgb: [15, 118, 110],
  });
  return listing;
}

interface BookingAnswer {
  result: { id: string; status: string; reference: string; total: number };
}

/** A new driver with a paid, confirmed booking: 10:00 to 13:00 two days from now. */
async function paidBookingViaApi(request: APIRequestContext) {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  const day = dayAhead(2);
  const created = await request.post(`${API}/bookings`, {
    headers: auth(guest.token),
    data: { parking_id: listing.id, start: `${day}T10:00:00+05:30`, end: `${day}T13:00:00+05:30` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as BookingAnswer).result;
  const paid = await request.post(`${API}/bookings/${id}/pay`, {
    headers: auth(guest.token),
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const booking = ((await paid.json()) as BookingAnswer).result;
  expect(booking.status).toBe('confirmed');
  return { listing, guest, booking };
}

test('My Bookings lists a paid booking under Upcoming, keeps the tab in the URL and explains empty tabs', async ({ page, request }) => {
  const { listing, guest, booking } = await paidBookingViaApi(request);
  await openAs(page, guest.token, '/ownerbooking');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  const upcoming = page.getByRole('tab', { name: 'Upcoming' });
  await expect(upcoming).toHaveAttribute('aria-selected', 'true');
  const card = main(page).getByRole('listitem').filter({ hasText: listing.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText(booking.reference);
  await expect(card).toContainText(/10:00\s*am\s*–\s*1:00\s*pm/i);
  await expect(card).toContainText('Total');
  await expectAccessible(page);
  await shot(page, 'upcoming');

  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page).toHaveURL(/\/ownerbooking\?tab=past$/);
  await expect(page.getByRole('heading', { name: 'No past bookings yet' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Find parking' }).last()).toHaveAttribute('href', '/parking');
  await expectAccessible(page);
  await shot(page, 'past-empty');

  // the tab survives a reload, and arrow keys move between tabs
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Past' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Cancelled' })).toBeFocused();
  await expect(page).toHaveURL(/tab=cancelled/);
  await expect(page.getByRole('heading', { name: 'Nothing cancelled' })).toBeVisible();

  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await card.getByRole('link', { name: listing.title }).click();
  await expect(page).toHaveURL(`/parking/booking-details/${booking.id}`);
});

test('a confirmed booking shows its address, access, vehicle, receipt and history', { tag: '@both' }, async ({ page, request }) => {
  const { listing, guest, booking } = await paidBookingViaApi(request);
  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(main(page)).toContainText(booking.reference);
  await expect(main(page)).toContainText('Confirmed');

  const access = page.getByRole('region', { name: 'Where and how to get in' });
  await expect(access).toContainText(ADDRESS_LINE);
  await expect(access).toContainText(ACCESS);
  await expect(access.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /google\.com\/maps\/dir/);

  const when = page.getByRole('region', { name: 'When' });
  await expect(when).toContainText(/10:00\s*am\s*–\s*1:00\s*pm/i);
  await expect(when).toContainText('3 hours');

  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText('Service fee');
  await expect(receipt).toContainText('Total');
  await expect(receipt).toContainText('3 hours × ₹30');
  await expect(receipt).toContainText('Visa •••• 4242');

  await expect(page.getByRole('region', { name: 'History' })).toContainText('Paid and confirmed');
  await expect(page.getByRole('region', { name: 'Cancellation' })).toContainText('Full refund if you cancel at least 1 hour before the start.');
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveAttribute('href', `/booking_cancel?id=${booking.id}`);
  await expectAccessible(page);
  await shot(page, 'details');
});

test('cancelling shows the refund first, asks to confirm, then ends cancelled with the refund', async ({ page, request }) => {
  const { listing, guest, booking } = await paidBookingViaApi(request);
  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await page.getByRole('link', { name: 'Cancel booking' }).click();
  await expect(page).toHaveURL(`/booking_cancel?id=${booking.id}`);

  const refund = page.getByRole('region', { name: 'Your refund' });
  await expect(refund).toContainText('Full refund');
  await expect(refund).toContainText('100%');
  await expect(refund).toContainText(/This holds if you cancel before .+\. After that: no refund\./);
  await expect(refund).toContainText('Flexible cancellation policy');
  await expectAccessible(page);
  await shot(page, 'cancel');

  await page.getByLabel('Reason (optional)').fill('Plans changed');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'cancel-confirm', false);
  // Cancel in the dialog keeps the booking
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeFocused();

  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel' }).click();
  const done = page.getByRole('heading', { name: 'Booking cancelled' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(main(page)).toContainText(/₹[\d,.]+ is on its way back to your Visa •••• 4242/);
  await expectAccessible(page);
  await shot(page, 'cancelled');

  await page.getByRole('link', { name: 'Back to My Bookings' }).click();
  await expect(page).toHaveURL('/ownerbooking?tab=cancelled');
  const card = main(page).getByRole('listitem').filter({ hasText: listing.title });
  await expect(card).toContainText('Cancelled');
  await expect(card).toContainText('Refunded');
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(page.getByRole('heading', { name: 'No upcoming bookings' })).toBeVisible();

  // the booking's page now tells the story, with no Cancel button
  await openAs(page, guest.token, `/parking/booking-details/${booking.id}`);
  await expect(main(page)).toContainText('You cancelled this booking');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Cancelled by you');
  await expect(page.getByRole('region', { name: 'Where and how to get in' })).not.toContainText(ACCESS);
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveCount(0);
});

test("someone else's booking is not found, and an unpaid hold offers to finish paying", async ({ page, request }) => {
  const { booking } = await paidBookingViaApi(request);
  const stranger = await signUpViaApi(request);
  await openAs(page, stranger.token, `/parking/booking-details/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();

  const listing = await listingViaApi(request);
  const day = dayAhead(3);
  const held = await request.post(`${API}/bookings`, {
    headers: auth(stranger.token),
    data: { parking_id: listing.id, start: `${day}T09:00:00+05:30`, end: `${day}T11:00:00+05:30` },
  });
  expect(held.status(), await held.text()).toBe(201);
  const hold = ((await held.json()) as BookingAnswer).result;
  await openAs(page, stranger.token, '/ownerbooking');
  const card = main(page).getByRole('listitem').filter({ hasText: listing.title });
  await expect(card).toContainText('Awaiting payment');
  await expect(card.getByRole('link', { name: 'Finish paying' })).toHaveAttribute('href', `/Paymentstripe?booking=${hold.id}`);
  await card.getByRole('link', { name: listing.title }).click();
  await expect(page.getByRole('region', { name: 'Where and how to get in' })).toContainText('once the booking is confirmed');
  await expect(main(page).getByRole('link', { name: 'Finish paying' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'pending');
});
