import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  API,
  becomeHostViaApi,
  bell,
  expectAccessible,
  gate,
  GUEST_EMAIL,
  loginViaApi,
  openAs,
  openNotifications,
  popup,
  signUpViaApi,
} from './support/fixtures';

const WELCOME = 'Welcome to Parkly!';
const HOST_NOTE = 'You are now a host';
const UNREAD = 'You have unread notifications';
const CONFIRM_TEXT = 'Are you sure you want to delete notification?';

/** A fresh account with two notifications: the welcome, and the one for becoming a host. */
async function accountWithTwo(request: APIRequestContext) {
  const account = await signUpViaApi(request);
  await becomeHostViaApi(request, account.token);
  return account;
}

const item = (panel: Locator, title: string) => panel.getByRole('group', { name: title });

async function serverTitles(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/get-notification`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { notification: { title: string }[] }).notification.map((n) => n.title);
}

/** Opens the Delete Notification dialog from a notification's close button (or Clear All when no title). */
async function askToDelete(page: Page, title?: string) {
  const panel = await openNotifications(page);
  if (title) await item(panel, title).getByRole('button', { name: 'Delete notification' }).click();
  else await panel.getByRole('menuitem', { name: 'Clear All' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Notification' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(CONFIRM_TEXT, { exact: true })).toBeVisible();
  await expect(panel).toBeHidden();
  return dialog;
}

test.describe('notification bell', { tag: '@phone' }, () => {
  test('a new account sees the unread dot, the welcome notification, and the dot goes once read', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/');
    await expect(bell(page)).toHaveAccessibleDescription(UNREAD);
    await expect(page.getByTestId('notification-dot')).toBeVisible();

    const panel = await openNotifications(page);
    const welcome = item(panel, WELCOME);
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText(/Find and book parking or vehicle storage near you/)).toBeVisible();
    await expect(welcome.getByText(/Booking Date/)).toHaveCount(0);
    await expect(panel.getByRole('menuitem', { name: 'Clear All' })).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell(page)).toBeFocused();
    // opening the panel read the list: the dot goes
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleDescription('');
  });

  test("the demo guest's booking notification shows a Booking Date line", async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, GUEST_EMAIL), '/');
    const panel = await openNotifications(page);
    const booking = item(panel, 'Booking confirmed');
    await expect(booking).toBeVisible();
    await expect(booking.getByText(/Covered parking near Sony World Signal/)).toBeVisible();
    await expect(booking.getByText(/^Booking Date:/)).toBeVisible();
    await expect(item(panel, 'Welcome to Parkly')).toBeVisible();
    await expect(item(panel, 'Welcome to Parkly').getByText(/Booking Date/)).toHaveCount(0);
    await expect(item(panel, 'Save your vehicle')).toBeVisible();
  });

  test('each item shows its title and description, and the booking time in India', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const list = [
      { id: 'a1', title: 'Booking confirmed', description: 'Bay 4 at Indiranagar is yours.', booking_date_time: '2025-03-14T04:00:00.000Z', is_read: 0, created_at: '2025-03-13T10:00:00.000Z' },
      { id: 'a2', title: 'Payment received', description: 'We received ₹240 for booking #1042.', is_read: 1, created_at: '2025-03-12T10:00:00.000Z' },
      { id: 'a3', title: 'Listing approved', description: 'Your covered bay is now live.', is_read: 1, created_at: '2025-03-11T10:00:00.000Z' },
    ];
    await page.route('**/backend/api/v1/get-notification', (route) => route.fulfill({ json: { notification: list } }));
    await openAs(page, account.token, '/');
    const panel = await openNotifications(page);
    await expect(panel.getByRole('group')).toHaveCount(3);
    for (const n of list) {
      await expect(item(panel, n.title).getByText(n.description, { exact: true })).toBeVisible();
      await expect(item(panel, n.title).getByRole('button', { name: 'Delete notification' })).toBeVisible();
    }
    // 04:00 UTC is 9:30 am in India
    await expect(item(panel, 'Booking confirmed').getByText(/^Booking Date: 14 Mar 2025.*9:30/)).toBeVisible();
    await expect(panel.getByText(/Booking Date/)).toHaveCount(1);
  });

  test("'No Notification' when the list is empty, and no dot", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const res = await request.delete(`${API}/notification-clear`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(res.status()).toBe(200);
    await openAs(page, account.token, '/');
    await expect(bell(page)).toBeVisible();
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
    const panel = await openNotifications(page);
    await expect(panel.getByText('No Notification', { exact: true })).toBeVisible();
    await expect(panel.getByRole('group')).toHaveCount(0);
  });

  test('a spinner shows while the list loads', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const held = gate();
    await page.route('**/backend/api/v1/get-notification', async (route) => {
      await held.opened;
      await route.continue();
    });
    await openAs(page, account.token, '/');
    const panel = await openNotifications(page);
    const spinner = panel.getByRole('status');
    await expect(spinner).toHaveText('Loading');
    await expect(spinner).toBeVisible();
    held.open();
    await expect(item(panel, WELCOME)).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });
});

test.describe('deleting notifications', () => {
  test('one: confirm, "Please wait..." while it runs, Success!, and the panel reopens without it', async ({ page, request }) => {
    const account = await accountWithTwo(request);
    const held = gate();
    await page.route('**/backend/api/v1/notification-delete', async (route) => {
      await held.opened;
      await route.continue();
    });
    await openAs(page, account.token, '/');
    const dialog = await askToDelete(page, WELCOME);
    await expect(page.getByTestId('modal-backdrop')).toBeVisible();
    await expectAccessible(page);

    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    const deleting = page.waitForRequest('**/backend/api/v1/notification-delete');
    await confirm.click();
    const sent = await deleting;
    expect(sent.postDataJSON()).toEqual({ notification_id: expect.any(String) });
    const busy = dialog.getByRole('button', { name: 'Please wait...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    held.open();

    const shown = popup(page, 'Success!');
    await expect(shown.getByText('Notification Deleted Successfully', { exact: true })).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'OK' }).click();

    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(item(panel, HOST_NOTE)).toBeVisible();
    await expect(item(panel, WELCOME)).toHaveCount(0);
    expect(await serverTitles(request, account.token)).toEqual([HOST_NOTE]);
  });

  test('Cancel keeps the notification', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/');
    const dialog = await askToDelete(page, WELCOME);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(bell(page)).toBeFocused();
    const panel = await openNotifications(page);
    await expect(item(panel, WELCOME)).toBeVisible();
    expect(await serverTitles(request, account.token)).toEqual([WELCOME]);
  });

  test('Clear All: the same dialog, then everything is gone', async ({ page, request }) => {
    const account = await accountWithTwo(request);
    await openAs(page, account.token, '/');
    const dialog = await askToDelete(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const shown = popup(page, 'Success!');
    await expect(shown.getByText('Notification Deleted Successfully', { exact: true })).toBeVisible();
    await shown.getByRole('button', { name: 'OK' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('No Notification', { exact: true })).toBeVisible();
    expect(await serverTitles(request, account.token)).toEqual([]);
  });

  test('a failed delete shows Error! and keeps the notification', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.route('**/backend/api/v1/notification-delete', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal error', code: 'INTERNAL' } }),
    );
    await openAs(page, account.token, '/');
    const dialog = await askToDelete(page, WELCOME);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const shown = popup(page, 'Error!');
    await expect(shown.getByText('Failed to delete Notification. Please try again.', { exact: true })).toBeVisible();
    await expect(shown.getByRole('img')).toBeVisible();
    await expect(dialog).toBeHidden();
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect(bell(page)).toBeFocused();
    const panel = await openNotifications(page);
    await expect(item(panel, WELCOME)).toBeVisible();
  });

  test('a failed Clear All shows the same error', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.route('**/backend/api/v1/notification-clear', (route) => route.fulfill({ status: 500, json: { message: 'Internal error', code: 'INTERNAL' } }));
    await openAs(page, account.token, '/');
    const dialog = await askToDelete(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(popup(page, 'Error!').getByText('Failed to delete Notification. Please try again.', { exact: true })).toBeVisible();
    expect(await serverTitles(request, account.token)).toEqual([WELCOME]);
  });
});
