import { expect as baseExpect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { addVehicleViaApi, auth, dayAhead, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';

// Two-wheelers share a unit (decision 040): the host says how many fit one space and sets a lower bike
// rate in Manage parking; the listing page shows it; a rider whose chosen vehicle is a motorcycle is
// priced at it on the review screen and books at it.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = '/tmp/shots';
const at = (day: string, time: string) => `${day}T${time}:00+05:30`;

test('a host lets 3 two-wheelers share a space at a bike rate; a rider books at that rate', { tag: '@both' }, async ({ page, request }) => {
  const { host, listing } = await publishedListingViaApi(request, {
    title: `Shared basement bay ${uniqueTag()}`,
    body: { vehicle_types: ['motorcycle', 'hatchback', 'sedan'], capacity: 1, hourly_rate: 6000, daily_rate: 40000, instant_book: true },
  });
  const project = test.info().project.name;

  // the host: two-wheelers per unit and a bike rate, a bad value refused on its field first
  await openAs(page, host.token, `/Manage_parking?id=${listing.id}`, 'host');
  const pricing = main(page).getByRole('form', { name: 'Pricing and booking' });
  await expect(pricing.getByLabel('Two-wheelers per unit')).toHaveValue('1');
  await pricing.getByLabel('Two-wheelers per unit').fill('9');
  await pricing.getByLabel('Two-wheeler hourly rate').fill('20');
  await pricing.getByRole('button', { name: 'Save pricing' }).click();
  await expect(pricing.getByLabel('Two-wheelers per unit')).toHaveAttribute('aria-invalid', 'true');
  await expect(pricing.getByText('A unit fits at most 6 two-wheelers')).toBeVisible();
  await pricing.getByLabel('Two-wheelers per unit').fill('3');
  await pricing.getByRole('button', { name: 'Save pricing' }).click();
  await expect(pricing.getByRole('status')).toHaveText('Saved');
  await expect(pricing.getByLabel('Two-wheelers per unit')).toHaveValue('3');
  await expect(pricing.getByLabel('Two-wheeler hourly rate')).toHaveValue('20');
  await expectAccessible(page);
  await pricing.getByLabel('Two-wheelers per unit').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/two-wheelers-editor-${project}.png` });

  // the listing page shows the bike rate to everyone
  await page.goto(`/parking/${listing.id}`);
  const vehicles = main(page).getByRole('region', { name: 'Vehicles and size' });
  await expect(vehicles).toContainText('Up to 3 two-wheelers share a space; a car takes it whole. Two-wheelers pay ₹20 per hour.');
  await vehicles.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/two-wheelers-listing-${project}.png` });

  // a rider with a motorcycle (and a car): the review screen prices the chosen vehicle
  const rider = await signUpViaApi(request);
  await addVehicleViaApi(request, rider.token, { vehicle_type: 'sedan', plate: 'KA 05 CR 1001', is_default: true });
  await addVehicleViaApi(request, rider.token, { vehicle_type: 'motorcycle', plate: 'KA 05 MC 2002', make: 'Honda', model: 'Activa', is_default: false });
  const day = dayAhead(3);
  await openAs(page, rider.token, `/parking/booking?${new URLSearchParams({ parking_id: listing.id, start: at(day, '10:00'), end: at(day, '13:00') })}`);
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(page.getByRole('radio', { name: /KA 05 CR 1001/ })).toBeChecked();
  await expect(summary).toContainText('3 hours × ₹60');
  await page.getByRole('radio', { name: /KA 05 MC 2002/ }).check();
  await expect(summary).toContainText('3 hours × ₹20');
  await expect(summary).toContainText('Two-wheeler hourly rate');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/two-wheelers-review-${project}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/Paymentstripe\?booking=/);
  // ₹60 for the ride plus the 5% service fee: the bike rate, frozen on the booking
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveText(/₹63(\.00)?\b/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/two-wheelers-confirmed-${project}.png`, fullPage: true });
});

test('the editor says why two-wheelers per unit cannot go down while riders hold the bays', { tag: '@both' }, async ({ page, request }) => {
  const { host, listing } = await publishedListingViaApi(request, {
    title: `Shared scooter bay ${uniqueTag()}`,
    body: { vehicle_types: ['motorcycle', 'hatchback'], capacity: 1, hourly_rate: 6000, two_wheelers_per_unit: 3, two_wheeler_hourly_rate: 2000, instant_book: true },
  });
  const day = dayAhead(5);
  // three riders hold the three bays that afternoon
  for (let i = 0; i < 3; i++) {
    const rider = await signUpViaApi(request);
    const bike = await addVehicleViaApi(request, rider.token, { vehicle_type: 'motorcycle', plate: `KA 05 MC ${3000 + i}` });
    const made = await request.post(`${API}/bookings`, { headers: auth(rider.token), data: { parking_id: listing.id, start: at(day, '14:00'), end: at(day, '17:00'), vehicle_id: bike.id } });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { result: { id: string } }).result.id;
    const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(rider.token), data: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } });
    expect(paid.status(), await paid.text()).toBe(200);
  }

  await openAs(page, host.token, `/Manage_parking?id=${listing.id}`, 'host');
  const pricing = main(page).getByRole('form', { name: 'Pricing and booking' });
  const perUnit = pricing.getByLabel('Two-wheelers per unit');
  await expect(perUnit).toHaveValue('3');
  await perUnit.fill('2');
  await pricing.getByRole('button', { name: 'Save pricing' }).click();
  await expect(perUnit).toHaveAttribute('aria-invalid', 'true');
  await expect(pricing.getByText(/^A rider holds a two-wheeler place beyond 2 per space until .* 5:00 pm IST\. Until it ends, this can go down to 3 at the lowest\.$/)).toBeVisible();
  await expectAccessible(page);
  await perUnit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/two-wheelers-lower-refused-${test.info().project.name}.png` });

  // what it says holds: the space keeps 3 after a reload
  await page.reload();
  await expect(main(page).getByRole('form', { name: 'Pricing and booking' }).getByLabel('Two-wheelers per unit')).toHaveValue('3');
});
