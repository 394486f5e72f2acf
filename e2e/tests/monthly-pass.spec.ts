import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, expectAccessible, openAs } from './support/fixtures';
import { auth, dayAhead, guestWithVehicleViaApi, publishedListingViaApi, uniqueTag } from './support/listings';
import { main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// A monthly pass (issue 20, decision 038): a driver picks "Monthly pass" on a listing with a monthly rate, pays
// the first month (the card is kept for renewals), sees the renewal and notice, and gives notice; the host sees
// the pass on the dashboard and on their booking page, and gives notice on another one from there.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

// one long flow across two people and eight screens: under a loaded machine it takes about three minutes
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const shot = async (page: Page, name: string) => {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/monthly-${name}-${test.info().project.name}.png`, fullPage: true });
};

/** A new host's instant-book space with a ₹4,500 monthly rate and 15 days' notice. */
async function passListingViaApi(request: APIRequestContext) {
  return publishedListingViaApi(request, {
    title: `Society basement bay ${uniqueTag()}`,
    hostName: 'Kavya Host',
    body: { capacity: 1, hourly_rate: 4000, daily_rate: 30000, monthly_rate: 450000, notice_days: 15, instant_book: true, cancellation_policy: 'flexible' },
  });
}

/** A paid monthly pass made through the API (the booking and pay calls the screens make). */
async function paidPassViaApi(request: APIRequestContext, token: string, parkingId: string, start: string) {
  const made = await request.post(`${API}/bookings`, { headers: auth(token), data: { parking_id: parkingId, start, plan: 'monthly' } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { result: { id: string } }).result.id;
  const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(token), data: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

test('a driver books a monthly pass, pays, sees its renewal and gives notice; the host sees it', { tag: '@both' }, async ({ page, request }) => {
  const { host, listing } = await passListingViaApi(request);
  const { guest } = await guestWithVehicleViaApi(request, { name: 'Rohan Pass' });
  const day = dayAhead(3);

  // the listing page offers the pass beside its monthly rate
  await openAs(page, guest.token, `/parking/${listing.id}`);
  const prices = main(page).getByRole('region', { name: 'Prices and booking' }).filter({ visible: true });
  await expect(prices).toContainText('₹4,500');
  await shot(page, 'listing');
  await prices.getByRole('link', { name: 'Monthly pass: renews until you give notice' }).click();

  // the first step: a start date only, the first month's price, the renewal and the notice
  await expect(page).toHaveURL(/plan=monthly/);
  await expect(page.getByRole('heading', { name: 'Choose your start date', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Monthly pass/ })).toBeChecked();
  await page.getByLabel('Start date').fill(day);
  const aside = page.getByRole('complementary', { name: 'Your booking' });
  await expect(aside).toContainText('Renews monthly until you give notice. Notice period: 15 days.');
  await expect(aside).toContainText('1 month × ₹4,500');
  await expectAccessible(page);
  await shot(page, 'start');

  // the stay is still one click away, and back
  // (each choice draws its own step, so the radio is clicked and the step that follows is checked)
  await page.getByRole('radio', { name: /A stay/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose your times', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /A stay/ })).toBeChecked();
  await page.getByRole('radio', { name: /Monthly pass/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose your start date', level: 1 })).toBeVisible();
  await page.getByLabel('Start date').fill(day);
  await expect(aside).toContainText('1 month × ₹4,500');
  await aside.getByRole('link', { name: 'Continue' }).click();

  // review: the pass's terms, then a hold
  await expect(page.getByRole('heading', { name: 'Review your booking', level: 1 })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toContainText('Monthly pass from');
  await expect(summary).toContainText('First month');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // pay: the card is kept for renewals (no "save" box to tick)
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText('The card you pay with is saved for renewals');
  await expect(page.getByRole('checkbox', { name: 'Save this card for next time' })).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('30');
  await page.getByLabel('Security code').fill('123');
  await expectAccessible(page);
  await shot(page, 'pay');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText('monthly until notice');
  const bookingId = new URL(page.url()).searchParams.get('booking')!;

  // the booking page: the pass, its first month paid with its invoice, when it renews, the notice
  await page.goto(`/parking/booking-details/${bookingId}`);
  const pass = main(page).getByRole('region', { name: 'Monthly pass' });
  await expect(pass).toContainText('Renews on');
  await expect(pass).toContainText('15 days');
  await expect(pass.getByRole('listitem').filter({ hasText: 'Month 1' })).toContainText('Paid');
  await expect(pass.getByRole('button', { name: 'Invoice for month 1' })).toBeVisible();
  await expect(main(page)).toContainText(/Monthly pass · renews \d+ \w{3}/);
  await expectAccessible(page);
  await shot(page, 'booking');

  // giving notice: the dialog says the end date first; after it, the page says "Ends on"
  await pass.getByRole('button', { name: 'Give notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give notice?' });
  await expect(dialog).toContainText(/The pass ends on \d+ \w+ \d{4}, the first renewal date at least 15 days from today/);
  const promised = (await dialog.textContent())!.match(/ends on (\d+ \w+ \d{4})/)![1]!;
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Give notice' }).click();
  await expect(dialog).toBeHidden();
  await expect(pass).toContainText(`Ends on ${promised}`);
  await expect(pass).toContainText('Notice given by you');
  await expect(pass.getByRole('button', { name: 'Give notice' })).toHaveCount(0);
  await expect(main(page).getByRole('region', { name: 'History' })).toContainText('Notice given by you');
  await expectAccessible(page);
  await shot(page, 'notice-given');

  // My Bookings lists it with the others coming up
  await page.goto('/ownerbooking');
  await expect(main(page).getByRole('listitem').filter({ hasText: listing.title })).toContainText(/Monthly pass · ends \d+ \w{3}/);

  // the host: the dashboard lists the pass with its end, and their booking page shows the notice
  await openAs(page, host.token, '/hosthomes', 'host');
  const passes = main(page).getByRole('region', { name: 'Monthly passes' });
  await expect(passes).toContainText('Rohan Pass');
  await expect(passes).toContainText(/Monthly pass · ends \d+ \w{3}/);
  await expectAccessible(page);
  await shot(page, 'host-dashboard');
  await passes.getByRole('link', { name: /Rohan Pass/ }).click();
  const hostPass = main(page).getByRole('region', { name: 'Monthly pass' });
  await expect(hostPass).toContainText(`Ends on ${promised}`);
  await expect(hostPass).toContainText('Notice given by the driver');
  await expect(main(page).getByRole('region', { name: 'History' })).toContainText('Notice given by the driver');
  await expectAccessible(page);
  await shot(page, 'host-booking');
});

test('the host gives notice on a pass from their booking page; the history and the list show it', { tag: '@both' }, async ({ page, request }) => {
  const { host, listing } = await passListingViaApi(request);
  const { guest } = await guestWithVehicleViaApi(request, { name: 'Meher Pass' });
  const id = await paidPassViaApi(request, guest.token, listing.id, `${dayAhead(2)}T09:00:00+05:30`);

  await openAs(page, host.token, `/booking_details?id=${id}`, 'host');
  const pass = main(page).getByRole('region', { name: 'Monthly pass' });
  await expect(pass).toContainText('Renews on');
  await expect(main(page)).toContainText(/Monthly pass · renews \d+ \w{3}/);
  await pass.getByRole('button', { name: 'Give notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give notice?' });
  await expect(dialog).toContainText('The driver is told and keeps the space until then.');
  await dialog.getByRole('button', { name: 'Give notice' }).click();
  await expect(pass).toContainText('Notice given by you');
  await expect(pass).toContainText('Ends on');
  await expect(main(page).getByRole('region', { name: 'History' })).toContainText('Notice given by you');
  await expectAccessible(page);

  // a stranger's notice is refused without a trace of the pass
  const { guest: stranger } = await guestWithVehicleViaApi(request);
  const refused = await request.post(`${API}/bookings/${id}/notice`, { headers: auth(stranger.token), data: {} });
  expect(refused.status()).toBe(404);

  // the history list marks it as a pass that ends
  await page.goto('/HostBoking_history');
  await expect(main(page).getByRole('listitem').filter({ hasText: 'Meher Pass' })).toContainText(/Monthly pass · ends \d+ \w{3}/);
  await expectAccessible(page);
  await shot(page, 'host-history');
});

test('a pass before its start says in its own panel how it cancels, and cancels; once started it only ends with notice', { tag: '@both' }, async ({ page, request }) => {
  const { listing } = await passListingViaApi(request);
  const { guest } = await guestWithVehicleViaApi(request, { name: 'Isha Pass' });
  const id = await paidPassViaApi(request, guest.token, listing.id, `${dayAhead(4)}T09:00:00+05:30`);

  await openAs(page, guest.token, `/parking/booking-details/${id}`);
  const pass = main(page).getByRole('region', { name: 'Monthly pass' });
  await expect(pass.getByRole('heading', { name: 'Before it starts', level: 3 })).toBeVisible();
  await expect(pass).toContainText(/Until it starts on .* IST, you can cancel this pass under the listing’s Flexible cancellation policy: full refund if you cancel at least 1 hour before the start\./);
  await expect(pass).toContainText('If you cancel now: Full refund: ₹4,725 back to your card.');
  await expect(pass).toContainText('Once it has started it cannot be cancelled: give notice to end it.');
  // nothing of a stay's: no Cancellation card
  await expect(main(page).getByRole('region', { name: 'Cancellation' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'before-start');

  await pass.getByRole('link', { name: 'Cancel pass' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel a booking', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText(/From \d+ \w+ \d{4}, renews monthly/);
  await expect(main(page)).toContainText('₹4,725');
  await expectAccessible(page);
  await main(page).getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Booking cancelled' })).toBeVisible();
  await expect(main(page)).toContainText('₹4,725 is on its way back');

  // a pass that has started: notice only, and no cancelling anywhere on its page
  const { listing: other } = await passListingViaApi(request);
  const started = await paidPassViaApi(request, guest.token, other.id, new Date(Date.now() - 60_000).toISOString());
  await page.goto(`/parking/booking-details/${started}`);
  const running = main(page).getByRole('region', { name: 'Monthly pass' });
  await expect(running.getByRole('button', { name: 'Give notice' })).toBeVisible();
  await expect(running).not.toContainText('Before it starts');
  await expect(main(page).getByRole('region', { name: 'Cancellation' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: /^Cancel/ })).toHaveCount(0);
  // nor more time: a pass has no end to extend
  await expect(main(page).getByRole('region', { name: 'Need more time?' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'started');
});
