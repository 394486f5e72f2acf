import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { addVehicleViaApi, auth, dayAhead, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// The driver's checkout: times on the listing's clock with the live quote, vehicle and policy, the
// hold and payment (a declined card, then one that works), and the confirmation with access details.

const SHOTS = '/tmp/shots';

// each test sets up a host, a published space and a guest through the API, then walks four screens
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const at = (day: string, time: string) => `${day}T${time}:00+05:30`;

/** A new host's published, instant-book space for one car: ₹30 an hour, access instructions set. */
async function listingViaApi(request: APIRequestContext) {
  const { listing } = await publishedListingViaApi(request, {
    title: `Blue-gate driveway ${uniqueTag()}`,
    body: {
      vehicle_types: ['hatchback', 'sedan', 'suv'],
      address: { line1: '14, 12th Main Road' },
      capacity: 1,
      hourly_rate: 3000,
      daily_rate: 20000,
      instant_book: true,
      cancellation_policy: 'moderate',
      access_instructions: 'Ring the bell at the blue gate.',
    },
  });
  return listing;
}

/** The driver's saved car, chosen at checkout by its plate. */
const addCarViaApi = (request: APIRequestContext, token: string) =>
  addVehicleViaApi(request, token, { vehicle_type: 'hatchback', plate: 'KA 05 MN 4321', make: 'Maruti', model: 'Swift' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/checkout-${name}-${test.info().project.name}.png`, fullPage: true });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
}

const checkoutUrl = (id: string, start: string, end: string) => `/parking/booking?${new URLSearchParams({ parking_id: id, start, end })}`;

test('a visitor picks times, logs in on the way, adds a vehicle, pays and gets the access details', { tag: '@both' }, async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  const day = dayAhead(3);

  await page.goto(`/parking/${listing.id}`);
  // the listing page says when the space is full in the coming days (nothing yet)
  await expect(main(page).getByRole('region', { name: 'Availability' })).toContainText('Not fully booked at any time in the next 14 days');
  await main(page).getByRole('link', { name: 'Book this space' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/booking_details/${listing.id}`));
  await expect(page.getByRole('heading', { name: 'Choose your times', level: 1 })).toBeVisible();

  await expect(page.getByRole('tab', { name: 'Hourly' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End date').fill(day);
  await page.getByLabel('End time').fill('13:00');
  const booking = page.getByRole('complementary', { name: 'Your booking' });
  await expect(booking).toContainText('3 hours × ₹30');
  await expect(booking).toContainText('Service fee');
  await expect(booking).toContainText('Total');
  await expect(page).toHaveURL(/start=.*10%3A00%3A00%2B05%3A30/);

  // the window survives a reload
  await page.reload();
  await expect(page.getByLabel('Start time')).toHaveValue('10:00');
  await expect(page.getByLabel('End time')).toHaveValue('13:00');
  await expect(booking).toContainText('3 hours × ₹30');
  await expectAccessible(page);
  await shot(page, 'times');

  // a window the space cannot take says why
  await page.getByLabel('End time').fill('09:00');
  await expect(page.getByText('The end must be after the start')).toBeVisible();
  await page.getByRole('tab', { name: 'Daily' }).click();
  await expect(page.getByLabel('Number of days')).toHaveValue('1');
  await expect(booking).toContainText('1 day × ₹200');
  await page.getByRole('tab', { name: 'Hourly' }).click();
  await page.getByLabel('End date').fill(day);
  await page.getByLabel('End time').fill('13:00');
  await expect(booking).toContainText('3 hours × ₹30');

  // Continue leads through the login and back with the same times
  await booking.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(guest.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/parking\/booking\?parking_id=/);
  await expect(page.getByRole('heading', { name: 'Review your booking', level: 1 })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toContainText(listing.title);
  await expect(summary).toContainText('10:00 am');
  await expect(summary).toContainText('3 hours × ₹30');
  await expect(main(page)).toContainText('Full refund until 24 hours before the start, 50% after that.');

  // going on without a vehicle or the agreement is stopped, with the reasons shown
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Choose the vehicle you will park, or add one.')).toBeVisible();
  await expect(page.getByText('Tick the box to agree to the cancellation policy.')).toBeVisible();

  // no saved vehicle: one is added on the spot (a bad plate first, checked by the shared schema)
  const addForm = page.getByRole('form', { name: 'Add a vehicle' });
  await addForm.getByLabel('Kind of vehicle').selectOption('suv');
  await addForm.getByLabel('Number plate').fill('!!');
  await addForm.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(addForm.getByLabel('Number plate')).toHaveAttribute('aria-invalid', 'true');
  await addForm.getByLabel('Number plate').fill('ka 01 ab 1234');
  await addForm.getByLabel('Make (optional)').fill('Tata');
  await addForm.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(page.getByRole('radio', { name: /KA 01 AB 1234/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await expectAccessible(page);
  await shot(page, 'review');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/Paymentstripe\?booking=/);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toHaveText(/^1[45]:\d\d$/);

  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/Visa/);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
  await expectAccessible(page);
  await shot(page, 'payment');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();

  await expect(page).toHaveURL(/\/Sucesspopup\?booking=/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText(/PK-[0-9A-Z]+/);
  await expect(main(page)).toContainText('14, 12th Main Road');
  await expect(main(page)).toContainText('Ring the bell at the blue gate.');
  await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=12\.97\d*,77\.64\d*$/);
  const message = page.getByRole('button', { name: 'Message the host' });
  // opens the conversation with the host (e2e/tests/chat.spec.ts follows it)
  await expect(message).toBeEnabled();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^parkly-pk-[0-9a-z-]+\.ics$/);
  // long lines are folded (CRLF and a space): unfold before reading
  const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART:${day.replace(/-/g, '')}T043000Z`);
  expect(ics).toContain('Ring the bell at the blue gate.');
  await expectAccessible(page);
  await shot(page, 'confirmed');

  // the space now shows as full for those hours on its page
  await page.goto(`/parking/${listing.id}`);
  await expect(main(page).getByRole('region', { name: 'Availability' })).toContainText('Fully booked');
  await shot(page, 'listing-busy');
});

test('a declined card says why and another card pays while the hold lasts', async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  await addCarViaApi(request, guest.token);
  const day = dayAhead(4);

  // the chosen window comes from the URL (as after a reload)
  await openAs(page, guest.token, checkoutUrl(listing.id, at(day, '08:00'), at(day, '10:30')));
  await expect(page.getByRole('radio', { name: /KA 05 MN 4321/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/Paymentstripe\?booking=/);

  // while typing, the number is checked
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry month').click();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This card number is not valid: check the digits')).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  await expect(alert).toContainText('Your card was declined');
  await expect(alert).toContainText('Your space is still held while the timer runs.');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'declined');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Security code').fill('321');
  await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText('Ring the bell at the blue gate.');
  await expect(main(page)).toContainText('Visa ending 4242');

  // the saved card is offered next time
  const cards = await request.get(`${API}/payment-methods`, { headers: auth(guest.token) });
  expect(((await cards.json()) as { result: { last4: string }[] }).result.map((c) => c.last4)).toEqual(['4242']);
});

test('a slot taken meanwhile shows the server\'s reason and leads back to change times', async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  const rival = await signUpViaApi(request);
  await addCarViaApi(request, guest.token);
  const day = dayAhead(5);
  const start = at(day, '18:00');
  const end = at(day, '20:00');

  await openAs(page, guest.token, checkoutUrl(listing.id, start, end));
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText('2 hours × ₹30');
  // someone else holds the only unit while the driver reads
  const held = await request.post(`${API}/bookings`, { headers: auth(rival.token), data: { parking_id: listing.id, start, end } });
  expect(held.status(), await held.text()).toBe(201);

  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const alert = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Change times' }) });
  await expect(alert).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'slot-taken');
  await alert.getByRole('link', { name: 'Change times' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking_details/${listing.id}\\?start=`));
  await expect(page.getByLabel('Start time')).toHaveValue('18:00');
  await expect(page.getByRole('complementary', { name: 'Your booking' })).toContainText('Not available');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('when the hold runs out the driver is told and can start again', async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  const day = dayAhead(6);
  const res = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listing.id, start: at(day, '09:00'), end: at(day, '11:00') } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { result: { id: string } }).result.id;

  await page.clock.install();
  await openAs(page, guest.token, `/Paymentstripe?booking=${id}`);
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toBeVisible();
  await page.clock.fastForward('15:05');
  await expect(page.getByRole('heading', { name: 'Your hold has ended' })).toBeVisible();
  await expect(main(page)).toContainText('Nothing was charged.');
  await expectAccessible(page);
  await shot(page, 'hold-ended');
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking_details/${listing.id}\\?start=`));
  await expect(page.getByLabel('Start time')).toHaveValue('09:00');
});

test('a fifth declined card releases the hold, says so plainly and offers to book again', async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const guest = await signUpViaApi(request);
  const day = dayAhead(7);
  const res = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: listing.id, start: at(day, '09:00'), end: at(day, '11:00') } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { result: { id: string } }).result.id;

  await openAs(page, guest.token, `/Paymentstripe?booking=${id}`);
  const declined = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  // short of funds or not, the driver reads the same words: the bank's reason is the bank's
  for (const number of ['4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0000 0000 0002', '4000 0000 0000 9995']) {
    await fillCard(page, number);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(declined).toContainText('Your card was declined. Try another card, or contact your bank.');
    await expect(declined).not.toContainText(/funds/i);
    await expect(declined).toContainText('Your space is still held while the timer runs.');
  }
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Your hold has ended' })).toBeVisible();
  await expect(main(page)).toContainText('Your card was declined too many times, so we released the space. Nothing was charged. You can book it again, with another card.');
  await expectAccessible(page);
  await shot(page, 'released');
  await page.getByRole('link', { name: 'Book again' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking_details/${listing.id}\\?start=`));
  await expect(page.getByLabel('Start time')).toHaveValue('09:00');
  // the space is free again
  await expect(page.getByRole('complementary', { name: 'Your booking' })).not.toContainText('Not available');
});

test('a driver holding three unpaid spaces is told to pay for or cancel one, with the way to My Bookings', async ({ page, request }) => {
  const listing = await listingViaApi(request);
  const others = await Promise.all([1, 2, 3].map(() => listingViaApi(request)));
  const guest = await signUpViaApi(request);
  await addCarViaApi(request, guest.token);
  const day = dayAhead(8);
  for (const other of others) {
    const held = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: other.id, start: at(day, '09:00'), end: at(day, '10:00') } });
    expect(held.status(), await held.text()).toBe(201);
  }

  await openAs(page, guest.token, checkoutUrl(listing.id, at(day, '09:00'), at(day, '10:00')));
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'waiting for payment' });
  await expect(alert).toContainText('You are already holding 3 spaces that are waiting for payment. Pay for one of them or cancel one in My Bookings, then book again.');
  await expect(alert.getByRole('link', { name: 'Change times' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'too-many-holds');
  await alert.getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/ownerbooking/);
  await expect(main(page).getByRole('link', { name: 'Finish paying' })).toHaveCount(3);
});
