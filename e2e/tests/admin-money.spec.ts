import type { APIRequestContext, Page } from '@playwright/test';
import { API, becomeHostViaApi, expectAccessible, loginViaApi, openAs, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, publishedListingViaApi, uniqueTag } from './support/listings';
import { expectFieldError, main } from './support/screens';
import { expect as baseExpect, test } from './support/test';

// The console's money: an admin refunds part of a booking and reads it in the booking's history, and
// marks a host's payout request paid, which the host's /earning shows at once. Hosts, guests, bookings
// and payout requests are made through the API for each test (never the demo host's: the earnings spec
// reads the demo host's balances meanwhile, and a refund or a payout would move them under it).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const ADMIN_EMAIL = 'admin@parkly.test';
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const at = (day: string, time: string) => `${day}T${time}:00+05:30`;
/** Paise as the app writes them ('₹1,425', '₹142.50'). */
const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);

/** A new driver books and pays two hours of the listing on `day`; answers the booking as the API gives it. */
async function paidBookingViaApi(request: APIRequestContext, parkingId: string, day: string) {
  const guest = await signUpViaApi(request, { name: `Kabir Guest ${uniqueTag()}` });
  const made = await request.post(`${API}/bookings`, { headers: auth(guest.token), data: { parking_id: parkingId, start: at(day, '10:00'), end: at(day, '12:00') } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { result: { id: string } }).result.id;
  const paid = await request.post(`${API}/bookings/${id}/pay`, { headers: auth(guest.token), data: { card: CARD } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { guest, booking: ((await paid.json()) as { result: { id: string; reference: string; total: number } }).result };
}

const panel = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

test('an admin refunds part of a booking and sees the refund in its history', async ({ page, request }) => {
  const title = `Covered bay ${uniqueTag()}`;
  const { listing } = await publishedListingViaApi(request, { hostName: `Isha Host ${uniqueTag()}`, title, body: { capacity: 1, hourly_rate: 3000, instant_book: true, cancellation_policy: 'moderate' } });
  const { booking } = await paidBookingViaApi(request, listing.id, dayAhead(6));
  expect(booking.total).toBeGreaterThan(5000);

  const token = await loginViaApi(request, ADMIN_EMAIL);
  await openAs(page, token, '/admin/bookings');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search bookings' }).fill(title);
  await main(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?q=/);
  const found = panel(page, 'Bookings found');
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found.getByRole('row').nth(1)).toContainText('Confirmed');
  await expect(found.getByRole('row').nth(1)).toContainText(rupees(booking.total));
  await expectAccessible(page);
  await found.getByRole('link', { name: booking.reference }).click();

  await expect(main(page).getByRole('heading', { level: 1, name: `Booking ${booking.reference}` })).toBeVisible();
  await expect(panel(page, 'History')).toContainText('Paid: booked instantly');
  await expect(panel(page, 'Refunds')).toContainText('Nothing has been refunded.');
  await expect(panel(page, 'Payments')).toContainText('Charge');
  await expect(panel(page, 'Host ledger')).toContainText('Earning');
  await expectAccessible(page);

  // the dialog checks the amount against what can still be refunded, then refunds ₹50 with a reason
  await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${booking.reference}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Part of it' })).toBeChecked();
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund (₹)' });
  await amount.fill(String(booking.total / 100 + 1));
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('The barrier was stuck for the first half hour');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expectFieldError(amount, `At most ${rupees(booking.total)}`);
  await expectAccessible(page);
  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('status')).toContainText('Refunded ₹50 to the guest.');

  const refunds = panel(page, 'Refunds');
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds).toContainText('₹50');
  await expect(refunds).toContainText('Refunded from the console by Parkly Admin');
  await expect(refunds).toContainText('The barrier was stuck for the first half hour');
  await expect(panel(page, 'Summary').getByText(rupees(booking.total - 5000), { exact: true })).toBeVisible();
  await expect(panel(page, 'Summary')).toContainText('Confirmed');
  await expect(panel(page, 'Host ledger')).toContainText('Refund reversal');

  // the booking's own figures, as the API answers them
  const seen = await request.get(`${API}/admin/bookings/${booking.id}`, { headers: auth(token) });
  expect(((await seen.json()) as { result: { refunded: number; payment_status: string } }).result).toMatchObject({ refunded: 5000, payment_status: 'partially_refunded' });
});

test('an admin marks a payout request paid with its reference, and the host sees it paid', async ({ page, request }) => {
  // a new host whose guest cancelled inside the strict policy's week: nothing refunded, all available at once
  const hostName = `Meera Payout ${uniqueTag()}`;
  const host = await signUpViaApi(request, { name: hostName });
  await becomeHostViaApi(request, host.token);
  const { listing } = await publishedListingViaApi(request, { host, body: { capacity: 1, hourly_rate: 3000, instant_book: true, cancellation_policy: 'strict' } });
  const { guest, booking } = await paidBookingViaApi(request, listing.id, dayAhead(2));
  const cancelled = await request.post(`${API}/bookings/${booking.id}/cancel`, { headers: auth(guest.token), data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const account = await request.put(`${API}/host/payout-account`, { headers: auth(host.token), data: { method: 'upi', upi_id: 'meera.payout@okaxis', current_password: host.password } });
  expect(account.status(), await account.text()).toBe(200);
  const asked = await request.post(`${API}/host/payouts`, { headers: auth(host.token), data: {} });
  expect(asked.status(), await asked.text()).toBe(201);
  const payout = ((await asked.json()) as { result: { id: string; amount: number } }).result;
  expect(payout.amount).toBeGreaterThan(0);

  const token = await loginViaApi(request, ADMIN_EMAIL);
  await openAs(page, token, '/admin/payouts');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const requests = panel(page, 'Requests to pay');
  const row = requests.getByRole('listitem').filter({ hasText: hostName });
  await expect(row).toContainText(rupees(payout.amount));
  await expect(row).toContainText('UPI me•••@okaxis');
  await expect(row).toContainText('Requested');
  // the browser tests' server runs the simulated payment provider
  await expect(row).toContainText('Simulated: no real money');
  await expectAccessible(page);

  await row.getByRole('button', { name: `Mark paid: ${rupees(payout.amount)} to ${hostName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark payout paid' });
  await expect(dialog).toContainText('UPI me•••@okaxis');
  await expect(dialog).toContainText('no bank transfer is due');
  const reference = dialog.getByRole('textbox', { name: 'Bank reference (UTR)' });
  // the reference is required
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expectFieldError(reference, 'Enter the bank reference of the transfer');
  await expectAccessible(page);
  await reference.fill('UTR 2026 4711');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('status')).toContainText(`Marked ${rupees(payout.amount)} to ${hostName} paid (reference UTR 2026 4711).`);
  await expect(requests.getByRole('listitem').filter({ hasText: hostName })).toHaveCount(0);

  // among the paid ones, with its reference
  await main(page).getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Paid' });
  await expect(page).toHaveURL(/status=paid/);
  const paidRow = panel(page, 'Payouts').getByRole('listitem').filter({ hasText: hostName });
  await expect(paidRow).toContainText('Reference UTR 2026 4711');
  await expect(paidRow).toContainText('Paid');

  // the host's earnings show it paid out at once
  await openAs(page, host.token, '/earning', 'host');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(main(page).getByTestId('total-paid_out')).toHaveText(rupees(payout.amount));
  await expect(main(page).getByTestId('total-requested')).toHaveText(rupees(0));
  const history = main(page).getByRole('region', { name: 'Payout history' });
  await expect(history.getByRole('listitem').first()).toContainText('Paid');
  await expect(history.getByRole('listitem').first()).toContainText('ref. UTR 2026 4711');
  await expect(history.getByRole('listitem').first()).toContainText('Simulated: no real money');
});
